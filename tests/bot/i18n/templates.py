"""Each domain's English template, extracted from the code once per test process.

`bot.i18n.tool.template` tokenizes every source file of the domain (about a second for all
domains); the test files that read the templates share this cache and run on one xdist
worker (`SHARED`), so a run of the suite extracts each domain once, not once per worker and
file. The catalogues are only read."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import pytest

from bot.i18n import tool

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

SHARED = pytest.mark.xdist_group("i18n templates")


@cache
def template(domain: str) -> Catalog:
    return tool.template(domain)
