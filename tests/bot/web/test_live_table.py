"""The live table's server: each socket gets its own view, moves go through the service and
reach every socket, stale and duplicate moves are refused, a page reconnects."""

from __future__ import annotations

import json
from pathlib import Path

from tests.bot.web.harness import ANN, BOB, live_table


def words(frame: dict[str, object]) -> str:
    return json.dumps(frame, ensure_ascii=False)


async def test_a_seated_viewer_gets_the_table_and_only_their_own_hand(tmp_path: Path) -> None:
    async with live_table(tmp_path / "t.db") as live:
        game_id = await live.new_game("loveletter", "hobbit")
        ann = await live.open(game_id, ANN)
        hello = ann.frames[0]
        assert hello["type"] == "hello" and hello["player"] == str(ANN) and hello["name"] == "Ann"
        mine = await ann.until("private")
        _game, state = await live.service.running(game_id)
        own = next(p for p in state.players if p.id == str(ANN))
        other = next(p for p in state.players if p.id == str(BOB))
        assert [c["id"] for c in mine["private"]["hand"]] == list(own.hand)
        assert mine["player"] == str(ANN) and mine["version"] == ann.latest("table")["version"]
        # every decision carries its encoded form, which the engine's codec reads back
        for choice in mine["private"]["decisions"]:
            assert choice["decision"]["player"] == str(ANN) and choice["label"]
        # Bob's card is nowhere in what Ann was sent (unless Ann holds the same card)
        if set(other.hand) - set(own.hand):
            hidden = (set(other.hand) - set(own.hand)).pop()
            assert f'"{hidden}"' not in "".join(words(f) for f in ann.frames[1:])


async def test_a_spectator_gets_the_public_table_and_no_hand(tmp_path: Path) -> None:
    async with live_table(tmp_path / "t.db") as live:
        game_id = await live.new_game("adventure", "classic")
        watcher = await live.open(game_id)  # no user: a spectator
        assert watcher.frames[0]["player"] is None
        table = watcher.latest("table")
        assert table is not None
        assert [h["name"] for h in table["table"]["hobbits"]] == ["Ann", "Bob"]
        assert [f["type"] for f in watcher.frames] == ["hello", "table"]
        stranger = await live.open(game_id, 999)  # not seated: a spectator too
        assert stranger.frames[0]["player"] is None
        await stranger.send({"type": "decide", "version": 0, "decision": {"action": "roll"}})
        refused = await stranger.until("refused")
        assert refused["reason"] == "You are not playing in this game."
        assert (await live.service.running(game_id))[0].version == 0


async def test_a_move_reaches_every_socket_with_its_own_view(tmp_path: Path) -> None:
    async with live_table(tmp_path / "t.db") as live:
        game_id = await live.new_game("adventure", "classic")
        ann, bob, watcher = (
            await live.open(game_id, ANN),
            await live.open(game_id, BOB),
            await live.open(game_id),
        )
        ann2 = await live.open(game_id, ANN)  # a second tab of Ann's
        first = await ann.until("private")
        roll = next(d for d in first["private"]["decisions"] if d["decision"]["action"] == "roll")
        built = live.table.watches[game_id].frames_built
        await ann.send({"type": "decide", "version": 0, "decision": roll["decision"]})
        for sock in (ann, bob, watcher, ann2):
            table = await sock.until("table", version=1)
            assert table["version"] == 1
        assert (await bob.until("private", version=1))["player"] == str(BOB)
        mine = await ann2.until("private", version=1)
        assert mine["private"]["kind"] == "travel"
        assert any(d["group"] == "travel" for d in mine["private"]["decisions"])
        # one public table and one private frame per seated player, not one per socket
        assert live.table.watches[game_id].frames_built - built == 3
        assert [f["type"] for f in watcher.frames[2:]] == ["table"]


async def test_a_stale_and_a_duplicate_move_are_refused(tmp_path: Path) -> None:
    async with live_table(tmp_path / "t.db") as live:
        game_id = await live.new_game("loveletter", "hobbit", seed=4)
        game, state = await live.service.running(game_id)
        actor = int(state.actor)
        sock = await live.open(game_id, actor)
        mine = await sock.until("private")
        decision = mine["private"]["decisions"][0]["decision"]
        move = {"type": "decide", "version": 0, "decision": decision}
        await sock.send(move)
        await sock.send(move)  # the same click again: its view is now out of date
        await sock.until("table", version=1)
        refused = await sock.until("refused")
        assert refused["reason"] == "That view is out of date. Here is your current hand."
        assert (await sock.until("private"))["version"] == 1  # and the current hand with it
        assert len(await live.service.storage.get_moves(game_id)) == 1
        await sock.send({"type": "decide", "version": 7, "decision": decision})
        assert "out of date" in (await sock.until("refused"))["reason"]
        other = next(p.id for p in state.players if p.id != str(actor))
        await sock.send({"type": "decide", "version": 1, "decision": decision | {"player": other}})
        assert (await sock.until("refused"))["reason"]
        await sock.send({"type": "nonsense"})
        assert (await sock.until("error"))["reason"]
        await sock.send({"type": "decide", "version": 1, "decision": {"card": 5}})
        assert (await sock.until("refused"))["reason"] == "That move is not one the game knows."
        assert len(await live.service.storage.get_moves(game_id)) == 1


async def test_a_page_reconnects_after_the_server_restarts(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    async with live_table(path) as live:
        game_id = await live.new_game("adventure", "classic")
        ann = await live.open(game_id, ANN)
        roll = (await ann.until("private"))["private"]["decisions"][0]["decision"]
        await ann.send({"type": "decide", "version": 0, "decision": roll})
        await ann.until("private", version=1)
    async with live_table(path) as again:  # a new process on the same database
        ann = await again.open(game_id, ANN)
        assert ann.latest("table")["version"] == 1
        mine = await ann.until("private")
        assert mine["version"] == 1 and mine["private"]["kind"] == "travel"
        travel = next(d for d in mine["private"]["decisions"] if d["group"] == "travel")
        await ann.send({"type": "decide", "version": 1, "decision": travel["decision"]})
        assert (await ann.until("table", version=2))["version"] == 2
