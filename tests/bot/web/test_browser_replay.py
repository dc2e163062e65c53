"""A finished game's replay in Chromium (issue 43, part 2): the spectator's page of a finished
Love Letter game offers Replay; the scrubber and the arrows move through every step, each the
public table of its step; Back returns to the finished table. At phone width."""

from __future__ import annotations

from pathlib import Path

from tests.bot.web.browser import browser, page_of, press, screenshot, served
from tests.bot.web.harness import live_table
from tests.bot.web.test_replay import _play_to_end

UNNAMED = """[...document.querySelectorAll('button, input')]
    .filter((el) => !(el.getAttribute('aria-label') || el.textContent.trim())).length"""


async def test_the_replay_scrubs_through_every_step(tmp_path: Path) -> None:
    async with live_table(tmp_path / "t.db") as live:
        game_id = await live.new_game("loveletter", "hobbit")
        moves = await _play_to_end(live, game_id)
        async with served(live.table) as url, browser() as chrome:
            page = await page_of(chrome, f"{url}?game={game_id}&lang=de")
            await press(page, page.locator("button.open-replay"))
            await page.wait_for_selector(".replay[data-step='0']")
            scrubber = page.locator("input.scrubber")
            assert await scrubber.get_attribute("max") == str(moves)
            assert "Zug 0 von" in await page.locator(".replay-bar .step").inner_text()
            await scrubber.fill(str(moves))  # to the last move
            await page.wait_for_selector(f".replay[data-step='{moves}']")
            await press(page, page.get_by_role("button", name="Voriger Zug"))
            await page.wait_for_selector(f".replay[data-step='{moves - 1}']")
            assert await page.locator(".replay button.card.playable").count() == 0  # no hand
            assert await page.evaluate(UNNAMED) == 0
            await screenshot(page, tmp_path, "live_replay_400.png")
            await press(page, page.get_by_role("button", name="Zurück zum Tisch"))
            await page.wait_for_selector("button.open-replay")
            assert page.script_errors == []
