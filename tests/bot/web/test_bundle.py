"""The live table's page ships in the package: the page, its style and one bundle of the SDK
and the client, small enough for a phone (.ci/check-bundle checks it is what web/ builds)."""

from __future__ import annotations

import gzip
import zipfile
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


def test_a_built_wheel_ships_the_page(tmp_path: Path) -> None:
    """A fresh machine serves the page from the installed package: no node, no web/."""
    from tests.bot.i18n.test_build import pip, project_copy

    project = project_copy(tmp_path / "project")
    done = pip("wheel", ".", "-w", str(tmp_path / "dist"), cwd=project)
    assert done.returncode == 0, done.stderr
    (wheel,) = (tmp_path / "dist").glob("tabletop_bot-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
        assert archive.read("bot/web/static/app.js") == (STATIC / "app.js").read_bytes()
    assert {f"bot/web/static/{name}" for name in ("index.html", "app.css")} <= shipped
    assert not any(name.startswith("web/") for name in shipped)
