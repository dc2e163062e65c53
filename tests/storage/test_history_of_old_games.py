"""Games finished by the v3 bot (fixtures/v3_database.sql, before migration 004 and long
before history existed) are listed and replay to their stored end: every game has kept its
initial state and its move log since the first schema, so no migration adds anything.

They replay under today's rules: the same deals, moves, round winners and result; a detail
today's engine records differently (who a Handmaid protected in a log entry, whether a
set-aside card was drawn) may differ from what the v3 bot stored."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from bot.service.history import history_page, replay_step
from engine.loveletter import GAME
from storage import Storage
from tests.cogs.replays import states_of
from tests.storage.test_migration_004 import FIXTURE


async def test_games_finished_before_history_are_listed_and_replay_to_their_end(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v3.db"
    conn = sqlite3.connect(path)
    conn.executescript(FIXTURE.read_text(encoding="utf-8"))
    conn.close()
    storage = await Storage.open(path)
    try:
        rows = await storage.fetchall(
            "SELECT id, guild_id FROM games WHERE status = 'finished' ORDER BY id"
        )
        assert rows, "the fixture has finished games"
        for game_id, guild_id in rows:
            listed = await history_page(storage, guild_id, "loveletter", None, 0)
            assert listed.total >= 1
            step = await replay_step(storage, game_id, 10**9, guild_id)
            stored = await storage.get_game(game_id)
            assert step.step == step.steps == stored.version > 0
            assert step.table.over  # the finished game's table, its winner shown
            # The replayed end is the game the v3 bot stored when it finished.
            assert stored.state is not None
            replayed, kept = await _final_state(storage, game_id), GAME.from_json(stored.state)
            assert GAME.result(replayed) == GAME.result(kept)
            assert [(r.number, r.winners) for r in replayed.history] == [
                (r.number, r.winners) for r in kept.history
            ]
    finally:
        await storage.close()


async def _final_state(storage: Storage, game_id: int) -> Any:
    return (await states_of(storage, GAME, game_id))[-1][0]
