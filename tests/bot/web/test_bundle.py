"""The live table's page ships in the package: the page, its style and one bundle of the SDK
and the client, small enough for a phone (.ci/check-bundle checks it is what web/ builds)."""

from __future__ import annotations

import gzip
from pathlib import Path

from bot.web.app import STATIC

LIMIT = 300 * 1024


def test_the_page_and_its_one_bundle_are_in_the_package() -> None:
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    assert 'src="static/app.js"' in page and 'href="static/app.css"' in page
    assert (STATIC / "app.css").stat().st_size > 0
    assert Path(STATIC).is_relative_to(Path(__file__).resolve().parents[3] / "bot")


def test_the_bundle_is_at_most_300_kb_gzipped() -> None:
    bundle = (STATIC / "app.js").read_bytes()
    size = len(gzip.compress(bundle, 9))
    print(f"bot/web/static/app.js: {size / 1024:.1f} KB gzipped")
    assert size <= LIMIT
    assert b"DiscordSDKMock" in bundle  # the SDK is bundled, not fetched
