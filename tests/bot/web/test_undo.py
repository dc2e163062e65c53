"""The bounded undo on the live table (issue 45): the Adventure pack's Undo is offered in the
player's own frame only while the rules let them take their last decision back; the page's
undo restores the game for every socket, whose tables say it was taken back, and offers that
decision again; an undo with nothing to take back is refused in the reader's words. The leak
check reads every frame (ADV-12)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.i18n import _
from bot.service.undo import NOTHING_TO_TAKE_BACK
from tests.bot.web.browser import browser, page_of, press, served, shows_newer_than
from tests.bot.web.harness import ANN, BOB, live_table
from tests.bot.web.leaks import LeakCheck
from tests.bot.web.test_leak_check import drain, settle


def _undoable(service: Any, game: Any, state: Any, player: str) -> dict[str, Any] | None:
    """A legal decision of `player` the rules would let them take back (encoded), if any."""
    rules = service.engine(game)
    for decision in service.legal(game, state, player):
        after, events = rules.apply(state, player, decision)
        if rules.undoable(state, player, decision, after, events):
            return dict(rules.decision_to_dict(decision))
    return None


async def test_undo_on_the_page_takes_back_the_decision_for_every_viewer(tmp_path: Path) -> None:
    async with live_table(tmp_path / "t.db") as live:
        game_id = await live.new_game("adventure", "classic", seed=4)
        players = {str(ANN): await live.open(game_id, ANN), str(BOB): await live.open(game_id, BOB)}
        watcher = await live.open(game_id)
        rng, service = random.Random(4), live.service
        for _step in range(600):
            game, state = await service.running(game_id)
            player = service.awaiting(game, state)[0]
            frame = await players[player].until("private", version=game.version)
            if frame["private"].get("undo"):
                break
            wanted = _undoable(service, game, state, player)
            offered = [d["decision"] for d in frame["private"]["decisions"]]
            choice = wanted if wanted in offered else rng.choice(offered)
            await players[player].send(
                {"type": "decide", "version": game.version, "decision": choice}
            )
            await settle(live, game_id, (game.version, game.paused))
        else:
            raise AssertionError("no frame offered Undo")
        other = str(BOB) if player == str(ANN) else str(ANN)
        assert not (await players[other].until("private", version=game.version))["private"].get(
            "undo"
        )
        before = service.states[game.version - 1]
        await players[other].send({"type": "undo", "version": game.version})
        refused = await players[other].until("refused")
        assert refused["reason"] == _(NOTHING_TO_TAKE_BACK)
        await players[player].send({"type": "undo", "version": game.version})
        table = await watcher.until("table", version=game.version + 1)
        assert any("takes back their last decision" in line for line in table["table"]["recent"])
        mine = await players[player].until("private", version=game.version + 1)
        assert "undo" not in mine["private"]
        restored, now = await service.running(game_id)
        rules = service.engine(restored)
        assert rules.to_json(now) == rules.to_json(before)
        for sock in (*players.values(), watcher):
            await drain(sock)
        check = LeakCheck(service, "adventure", "classic")
        for pid, sock in players.items():
            check.check(pid, sock.frames)
        check.check(None, watcher.frames)
        assert check.leaks == []


async def test_the_pages_undo_button_takes_back_the_decision(tmp_path: Path) -> None:
    """In Chromium at phone width: Undo shows under the decisions while the rules allow it,
    with a label a screen reader says; a tap restores the game and the log says so."""
    async with live_table(tmp_path / "t.db") as live:
        game_id = await live.new_game("adventure", "classic", seed=4)
        service, rng = live.service, random.Random(4)
        for _step in range(600):  # both hobbits decide through the service until Ann may undo
            game, state = await service.running(game_id)
            if service.may_take_back(game, str(ANN)):
                break
            player = service.awaiting(game, state)[0]
            legal = list(service.legal(game, state, player))
            wanted = _undoable(service, game, state, player) if player == str(ANN) else None
            rules = service.engine(game)
            choice = next(
                (d for d in legal if wanted and rules.decision_to_dict(d) == wanted),
                rng.choice(legal),
            )
            await service.play(game_id, player, choice, game.version)
        else:
            raise AssertionError("Ann never had a decision to take back")
        before = service.states[game.version - 1]
        async with served(live.table) as url, browser() as chrome:
            page = await page_of(chrome, f"{url}?game={game_id}&user={ANN}")
            undo = page.locator(".undo button")
            assert await undo.get_attribute("aria-label") == "Undo"
            await press(page, undo)
            await shows_newer_than(page, game.version)
            assert "takes back" in await page.locator(
                "ol.recent"
            ).inner_text() or "You take back" in (await page.locator("ol.recent").inner_text())
            assert await page.locator(".undo button").count() == 0
            assert page.script_errors == []
        restored, now = await service.running(game_id)
        rules = service.engine(restored)
        assert rules.to_json(now) == rules.to_json(before)
