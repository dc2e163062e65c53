"""What both screenshot scripts need: Debian's Chromium for SimCord's capture, and the
controls and the text of a message (also inside a Components V2 layout)."""

from __future__ import annotations

import shutil
from typing import Any

from simcord.components import walk_components
from simcord.preview import _capture

PHONE = 400  # about how wide Discord shows a message's picture on a phone


async def _debian_chromium(self: Any) -> Any:
    """SimCord's capture with Debian's Chromium instead of a Playwright download."""
    if self._browser is None:
        from playwright.async_api import async_playwright

        self._playwright = await async_playwright().start()
        self._browser = await self._playwright.chromium.launch(
            executable_path=shutil.which("chromium"), args=["--no-sandbox"]
        )
    return self._browser


def use_debian_chromium() -> None:
    _capture.ManagedCapture._ensure_browser = _debian_chromium  # type: ignore[method-assign]


def _rows(message: Any) -> list[dict[str, Any]]:
    rows = message.components
    return rows if rows and isinstance(rows[0], dict) else [r.to_dict() for r in rows]


def controls(message: Any) -> list[dict[str, Any]]:
    """The message's buttons and menus, in order (nested in a layout's container too)."""
    return [c for c in walk_components(_rows(message)) if c.get("type") in (2, 3)]


def text(message: Any) -> str:
    """What the message says: its layout's text, else its first embed's description."""
    shown = [c.get("content") or "" for c in walk_components(_rows(message)) if c["type"] == 10]
    if shown:
        return "\n".join(shown)
    return (message.embeds[0].description or "") if message.embeds else ""
