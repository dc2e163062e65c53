"""A finished game's replay on the live table (issue 43, part 2): one public table per step
from the move log, none carrying a hand, nothing a spectator could not know then (the leak
check), and a running game refused."""

from __future__ import annotations

from pathlib import Path

from tests.bot.web.harness import Live, live_table
from tests.bot.web.leaks import LeakCheck


async def _play_to_end(live: Live, game_id: int, limit: int = 400) -> int:
    """Every awaited player takes their first legal decision; the number of moves made."""
    s = live.service
    for moves in range(limit):
        if (await s.storage.get_game(game_id)).status != "running":
            return moves
        game, state = await s.running(game_id)
        mover = s.awaiting(game, state)[0]
        await s.play(game_id, mover, s.legal(game, state, mover)[0], game.version)
    raise AssertionError("the game did not end")


async def test_a_finished_games_replay_is_every_public_table(tmp_path: Path) -> None:
    async with live_table(tmp_path / "t.db") as live:
        game_id = await live.new_game("loveletter", "hobbit")
        refused = await live.client.get(f"/replay?game={game_id}")
        assert refused.status == 409 and "only finished games" in (await refused.json())["reason"]
        start = min(live.service.states)
        moves = await _play_to_end(live, game_id)
        answer = await live.client.get(f"/replay?game={game_id}&lang=de")
        assert answer.status == 200
        replay = await answer.json()
        assert replay["type"] == "replay" and replay["lang"] == "de"
        steps = replay["steps"]
        assert [f["version"] for f in steps] == list(range(moves + 1))
        assert steps[-1]["finished"] and not steps[0]["finished"]
        assert all(set(f) == {"type", "game", "id", "version", "finished", "table"} for f in steps)
        # the last step is the finished game's public table, as a spectator's socket shows it
        watcher = await live.open(game_id)
        assert (
            watcher.latest("table")["table"]
            == (await (await live.client.get(f"/replay?game={game_id}")).json())["steps"][-1][
                "table"
            ]
        )
        # nothing a spectator could not know at that step
        check = LeakCheck(live.service, "loveletter", "hobbit")
        check.check(None, [{**f, "version": start + f["version"]} for f in steps])
        assert check.checked == moves + 1 and check.leaks == []


async def test_no_replay_of_a_game_that_is_not_there(tmp_path: Path) -> None:
    async with live_table(tmp_path / "t.db") as live:
        assert (await live.client.get("/replay?game=999")).status == 404
