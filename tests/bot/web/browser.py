"""The live table in a real browser: Debian's Chromium driven by Playwright, the app served on
127.0.0.1 by this test's own event loop. Without Chromium these tests are skipped, saying how
to get it (`.ci/run` installs it); Playwright's own browser download is never used.

`LIVE_TABLE_SCREENSHOTS=docs/screenshots` also writes the tests' screenshots there (the
README's pictures of the live table).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from bot.web.app import LiveTable, make_app

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 400, "height": 860}
DESKTOP = {"width": 1280, "height": 900}


def chromium() -> str:
    """The machine's Chromium, or the test is skipped in one line saying how to get it."""
    found = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if found is None:
        pytest.skip("no Chromium: apt-get install chromium (Debian's; .ci/run installs it)")
    return found


@asynccontextmanager
async def served(table: LiveTable) -> AsyncIterator[str]:
    """The live table on a free port of 127.0.0.1; its base URL."""
    runner = web.AppRunner(make_app(table))
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}/"
    finally:
        await runner.cleanup()


@asynccontextmanager
async def browser() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    path = chromium()
    async with async_playwright() as p:
        chrome = await p.chromium.launch(executable_path=path, args=FLAGS)
        try:
            yield chrome
        finally:
            await chrome.close()


async def page_of(chrome: Any, url: str, *, phone: bool = True) -> Any:
    """A page in its own browser context (a user of its own), failing on any script error."""
    context = await chrome.new_context(
        viewport=PHONE if phone else DESKTOP, has_touch=phone, is_mobile=phone
    )
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.script_errors = errors
    page.touch = phone
    await page.goto(url)
    await page.wait_for_selector("main[data-version], #app main", timeout=15000)
    return page


async def press(page: Any, locator: Any) -> None:
    """A tap on a phone, a click on a desktop."""
    await (locator.tap() if page.touch else locator.click())


async def shown_version(page: Any) -> int:
    return int(await page.locator("#app").get_attribute("data-version") or -1)


async def shows_newer_than(page: Any, version: int) -> None:
    """Wait until the page (or frame) shows a table newer than `version`: the answer to a move
    has arrived, so the next look does not tap a control the move already replaced."""
    await page.wait_for_function(
        f"Number(document.querySelector('#app').dataset.version) > {version}", timeout=10000
    )


async def screenshot(page: Any, folder: Path, name: str) -> Path:
    """A full-page screenshot into `folder` (and into LIVE_TABLE_SCREENSHOTS if set)."""
    path = folder / name
    await page.screenshot(path=str(path), full_page=True)
    keep = os.environ.get("LIVE_TABLE_SCREENSHOTS")
    if keep:
        shutil.copy(path, Path(keep) / name)
    return path
