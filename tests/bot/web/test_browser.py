"""The live table in Chromium, played by tapping: a whole Love Letter game and a bounded
Adventure game against AIs in local mode; with the mock SDK two players and a spectator in
three browser contexts, each seeing the others' moves. Screenshots at 400 and 1280 px."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.service import GameError, GameService
from bot.web.announce import Announcer
from bot.web.app import LiveTable, LocalSeating, QuerySeating
from bot.web.driver import AiDriver
from storage import Storage
from tests.bot.web.browser import (
    browser,
    page_of,
    press,
    screenshot,
    served,
    shown_version,
    shows_newer_than,
)
from tests.bot.web.harness import ANN, BOB, CHANNEL

HUMAN = 1
TICK = 100  # ms between looks at the page
STEPS = 3000


@asynccontextmanager
async def local_game(
    path: Path, game: str, variant: str, bots: int, seed: int
) -> AsyncIterator[tuple[GameService, LiveTable, int]]:
    """`play --web` as local.py builds it: you and `bots` AI seats, the AI driver."""
    storage = await Storage.open(path)
    service = GameService(storage)
    service.pause_seconds = 60.0
    service.seed_source = random.Random(seed)
    await service.new_lobby(CHANNEL, CHANNEL, HUMAN, "Ann", game, variant, {}, 0)
    for _bot in range(bots):
        await service.add_bot(CHANNEL, HUMAN, "standard", kind=game)
    started = await service.start(CHANNEL, HUMAN, kind=game)
    announcer = Announcer()
    driver = AiDriver(service, announcer, 0.05, random.Random(seed))
    table = LiveTable(service, announcer, LocalSeating(started.id, str(HUMAN)))
    await driver.follow(started.id)
    try:
        yield service, table, started.id
    finally:
        await driver.close()
        await storage.close()


async def over(service: GameService, game_id: int) -> bool:
    try:
        await service.running(game_id)
    except GameError:
        return True
    return False


UNNAMED = """[...document.querySelectorAll('button, [role=button]')]
    .filter((el) => !(el.getAttribute('aria-label') || el.textContent.trim())).length"""
"""How many controls have no name a screen reader could say."""


BANNER_GONE = "(shown) => document.querySelector('.banner')?.innerText !== shown"
"""The round's banner that was shown is no longer (the next round may end at once)."""


async def tap_love_letter_turn(page: Any) -> bool:
    """One step of Love Letter by tapping: Next round, a card then its choices, or keep /
    redraw; False when there is nothing to tap now. A step waits for the page to show its
    answer, so the next look cannot tap a control the step already replaced."""
    banner = page.locator(".banner button.primary")
    if await banner.count() and "Rematch" not in await banner.inner_text():
        shown = await page.locator(".banner").inner_text()
        await press(page, banner)  # the pause ends: no new version, another banner or none
        await page.wait_for_function(BANNER_GONE, arg=shown, timeout=10000)
        return True
    version = await shown_version(page)
    card = page.locator("button.card.playable")
    if await card.count():
        await press(page, card.first)
        for _choice in range(4):
            option = page.locator(".ask button.option")
            if not await option.count():
                break
            await press(page, option.first)
        await shows_newer_than(page, version)
        return True
    decide = page.locator("section .options button.option")
    if await decide.count():
        await press(page, decide.first)
        await shows_newer_than(page, version)
        return True
    return False


async def test_a_whole_love_letter_game_by_tapping(tmp_path: Path) -> None:
    async with (
        local_game(tmp_path / "t.db", "loveletter", "hobbit", 1, seed=8) as (service, table, gid),
        served(table) as url,
        browser() as chrome,
    ):
        page = await page_of(chrome, url)
        taps, shot = 0, False
        for _step in range(STEPS):
            if await over(service, gid):
                break
            if await tap_love_letter_turn(page):
                taps += 1
                if taps == 3 and not shot:
                    await screenshot(page, tmp_path, "live_loveletter_400.png")
                    await page.set_viewport_size({"width": 1280, "height": 900})
                    await screenshot(page, tmp_path, "live_loveletter_1280.png")
                    await page.set_viewport_size({"width": 400, "height": 860})
                    shot = True
            await page.wait_for_timeout(TICK)
        else:
            raise AssertionError("the game did not end")
        rematch = page.get_by_role("button", name="Rematch")
        await rematch.wait_for(timeout=10000)
        assert taps >= 5
        assert await page.evaluate(UNNAMED) == 0
        assert "wins the game" in await page.locator(".banner").inner_text()
        await press(page, rematch)  # a new game with the same seats, at once
        await page.locator("button.card").first.wait_for(timeout=10000)
        assert await page.locator("#app").get_attribute("data-game") != str(gid)
        assert page.script_errors == []


async def tap_adventure_step(page: Any, travelled: list[str]) -> bool:
    """One step of the Adventure by tapping: a reachable place on the map first, else the
    submit of a toggled step, else the first button of the decision. A step waits for the
    page to show its answer, as in Love Letter."""
    version = await shown_version(page)
    place = page.locator("svg.map g.place.reach")
    if await place.count():
        where = await place.first.get_attribute("data-place")
        if travelled:
            await press(page, place.first)
        else:  # the first travel by keyboard: a reachable place is a button
            await place.first.focus()
            await page.keyboard.press("Enter")
        travelled.append(where or "")
    elif await (submit := page.locator("button.submit:enabled")).count():
        await press(page, submit.first)
    elif await (option := page.locator("section > .options button.option")).count():
        await press(page, option.first)
    else:
        return False
    await shows_newer_than(page, version)
    return True


async def test_an_adventure_game_of_fifteen_turns_by_tapping(tmp_path: Path) -> None:
    async with (
        local_game(tmp_path / "t.db", "adventure", "classic", 1, seed=4) as (service, table, gid),
        served(table) as url,
        browser() as chrome,
    ):
        page = await page_of(chrome, url)
        travelled: list[str] = []
        shot = False
        for _step in range(STEPS):
            if await over(service, gid):
                break
            _game, state = await service.running(gid)
            if state.turn_no > 15:
                break
            reach = await page.locator("svg.map g.place.reach").count()
            if reach and len(travelled) >= 2 and not shot:  # the places a travel may reach
                await screenshot(page, tmp_path, "live_adventure_400.png")
                await page.set_viewport_size({"width": 1280, "height": 900})
                await screenshot(page, tmp_path, "live_adventure_1280.png")
                await page.set_viewport_size({"width": 400, "height": 860})
                shot = True
            await tap_adventure_step(page, travelled)
            await page.wait_for_timeout(TICK)
        else:
            raise AssertionError("fifteen turns were not played")
        assert shot
        assert len(travelled) >= 3  # travelled by tapping the map (the first time by keyboard)
        assert await page.evaluate(UNNAMED) == 0
        assert await page.locator(".hobbit").count() == 2
        # zoom by the buttons and the wheel, the map stays
        await page.get_by_role("button", name="Zoom in").tap()
        await page.locator("svg.map").hover()
        await page.mouse.wheel(0, -200)
        assert await page.locator("svg.map").get_attribute("viewBox") != "0 0 800 880"
        assert page.script_errors == []


async def test_two_players_and_a_spectator_see_each_others_moves(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "t.db")
    service = GameService(storage)
    service.seed_source = random.Random(6)
    await service.new_lobby(1, CHANNEL, ANN, "Ann", "loveletter", "hobbit", {}, 0)
    await service.join(CHANNEL, BOB, "Bob", "loveletter")
    game = await service.start(CHANNEL, ANN, kind="loveletter")
    table = LiveTable(service, Announcer(), QuerySeating())
    try:
        async with served(table) as url, browser() as chrome:
            base = f"{url}?game={game.id}"
            ann = await page_of(chrome, f"{base}&user={ANN}")
            bob = await page_of(chrome, f"{base}&user={BOB}", phone=False)
            watcher = await page_of(chrome, base)
            pages = {str(ANN): ann, str(BOB): bob}
            assert await watcher.get_by_text("You are watching").is_visible()
            assert await watcher.locator("button.card").count() == 0
            for move in range(6):
                _game, state = await service.running(game.id)
                actor = pages[state.actor]
                version = await shown_version(actor)
                assert await tap_love_letter_turn(actor)
                for page in (ann, bob, watcher):  # every page shows the move
                    await shows_newer_than(page, version)
                lines = [await p.locator("ol.recent").inner_text() for p in (ann, bob, watcher)]
                assert lines[0] == lines[1] == lines[2], f"move {move}: {lines}"
                if await over(service, game.id):
                    break
            for page in (ann, bob, watcher):
                assert page.script_errors == []
    finally:
        table.close()
        await storage.close()
