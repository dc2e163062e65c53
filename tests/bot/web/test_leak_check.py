"""Whole games of both games played on the live table, with a spectator watching: no frame
to anyone names a card another player holds secretly (tests/bot/web/leaks.py), and the check
itself fails on a planted leak."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameError
from bot.web import watch
from engine.api import game as game_named
from tests.bot.web.harness import ANN, BOB, WAIT, Live, Socket, live_table
from tests.bot.web.leaks import LeakCheck


async def settle(live: Live, game_id: int, before: tuple[int, bool]) -> None:
    """Until the game has moved on from `before` (version, paused) or is over."""
    for _tick in range(int(WAIT / 0.01)):
        try:
            game, _state = await live.service.running(game_id)
        except GameError:
            return
        if (game.version, game.paused) != before:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"game {game_id} did not move on from {before}")


async def drain(sock: Socket) -> None:
    """Read what is still on its way to a socket."""
    while True:
        try:
            await asyncio.wait_for(sock.receive(), 0.3)
        except TimeoutError:
            return


async def play_whole_game(live: Live, game_id: int, players: dict[str, Socket]) -> int:
    """The human seats play by tapping what the standard AI would choose from their own
    view, each decision found in their private frame's list; returns the moves made."""
    rng = random.Random(5)
    moves = 0
    for _step in range(5000):
        try:
            game, state = await live.service.running(game_id)
        except GameError:
            return moves
        before = (game.version, game.paused)
        rules = live.service.engine(game)
        if game.paused:
            await players[str(ANN)].send({"type": "next_round", "version": game.version})
        elif (awaited := rules.awaiting(state)) and awaited[0] in players:
            player = awaited[0]
            frame = await players[player].until("private", version=game.version)
            while not frame["private"]["decisions"]:  # one drawn in the pause, before it ended
                frame = await players[player].until("private", version=game.version)
            state = live.service.states[frame["version"]]
            if player in rules.awaiting(state):
                view, legal = rules.view(state, player), rules.legal(state, player)
                encoded = rules.decision_to_dict(rules.choose("standard", view, legal, rng))
                offered = [d["decision"] for d in frame["private"]["decisions"]]
                assert encoded in offered, f"{encoded} is not offered in {offered}"
                message = {"type": "decide", "version": frame["version"], "decision": encoded}
                await players[player].send(message)
                moves += 1
        await settle(live, game_id, before)
    raise AssertionError("the game did not end in 5000 steps")


@pytest.mark.parametrize(("game", "variant"), [("loveletter", "pegasus"), ("adventure", "classic")])
async def test_no_frame_of_a_whole_game_names_a_hidden_card(
    tmp_path: Path, game: str, variant: str
) -> None:
    async with live_table(tmp_path / "t.db", pause=30.0, ai_delay=0.0) as live:
        game_id = await live.new_game(game, variant, bots=1, seed=11)
        players = {str(ANN): await live.open(game_id, ANN), str(BOB): await live.open(game_id, BOB)}
        watcher = await live.open(game_id)
        german = await live.open(game_id, lang="de")  # a German spectator
        moves = await play_whole_game(live, game_id, players)
        for sock in (*players.values(), watcher, german):
            await drain(sock)
        assert moves > 10
        assert watcher.latest("table")["finished"] is True
        check = LeakCheck(live.service, game, variant)
        for player, sock in players.items():
            check.check(player, sock.frames)
        check.check(None, watcher.frames)
        check.check(None, german.frames)
        assert check.leaks == []
        assert check.checked > 3 * moves
        if game == "loveletter":  # the round breaks were shown, and ended by a player
            assert any(f["table"]["round_break"] for f in watcher.frames if f["type"] == "table")


async def test_the_leak_check_fails_on_a_planted_leak(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table frame that carries the hands (as a careless frame builder could) is flagged."""

    def leaky(snap: Any) -> dict[str, Any]:
        frame = table_frame(snap)
        frame["table"]["hands"] = {p.id: list(p.hand) for p in snap.state.players}
        return frame

    table_frame = watch.table_frame
    monkeypatch.setattr(watch, "table_frame", leaky)
    async with live_table(tmp_path / "t.db") as live:
        game_id = await live.new_game("loveletter", "hobbit", seed=2)
        ann, watcher = await live.open(game_id, ANN), await live.open(game_id)
        await drain(ann)
        await drain(watcher)
        check = LeakCheck(live.service, "loveletter", "hobbit")
        check.check(str(ANN), ann.frames)
        check.check(None, watcher.frames)
        assert any(leak.startswith("a spectator saw") for leak in check.leaks)
        assert any(leak.startswith(f"{ANN} saw") for leak in check.leaks)
        assert game_named("loveletter")  # the engine's registry knows the game checked
