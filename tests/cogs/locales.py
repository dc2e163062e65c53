"""Discord client languages in SimCord: players whose Discord is set to German (or another).

SimCord's simulated Discord sends every interaction with `locale: en-US`; a real client sends
the user's language. `client_locales` makes the simulated Discord send, for the users named,
the locale their client would (and the guild's preferred locale as `guild_locale`, as Discord
does). Nothing of the bot is replaced: the payload the bot receives is what Discord would send.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from simcord import interactions as simulated


@contextmanager
def client_locales(monkeypatch: pytest.MonkeyPatch, by_user: dict[int, str]) -> Iterator[None]:
    """Inside the block, interactions of the users in `by_user` (id -> locale such as "de")
    carry that locale; everyone else's stay en-US."""
    original = simulated.base_payload

    def base_payload(backend: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(backend, **kwargs)
        locale = by_user.get(kwargs["user_id"])
        if locale is not None:
            payload["locale"] = locale
        guild_id = kwargs.get("guild_id")
        if guild_id is not None:
            payload["guild_locale"] = backend.get_guild(guild_id).preferred_locale
        return record, payload

    with monkeypatch.context() as patch:
        patch.setattr(simulated, "base_payload", base_payload)
        yield
