"""After the upgrade to the game-agnostic platform (migration 004): a v3 bot's database and the
buttons it posted keep working.

The database is the v3 fixture written by the v3 bot's own code (tests/storage/fixtures); the
custom_id formats are the v3 bot's, copied here from its `bot/ui/items.py` and
`bot/ui/board_items.py` (commit 8ce012a).
"""

from __future__ import annotations

import random
import re
import sqlite3
from pathlib import Path

from bot.games.loveletter.presenter import PRESENTATION
from bot.service import GameService
from bot.service.autoplay import ai_to_move
from storage import Storage

FIXTURE = Path(__file__).parents[2] / "storage" / "fixtures" / "v3_database.sql"

# One custom_id per v3 template, as the v3 bot wrote them into messages already in Discord.
V3_CUSTOM_IDS = {
    "ll:lobby:join:7": "GameLobbyButton",  # the platform's LobbyButton, for Love Letter
    "ll:lobby:start:7": "GameLobbyButton",
    "ll:hand:7": "HandButton",
    "ll:rules:7": "GameRulesButton",
    "ll:pick:7:12:0a1b2c:3:1": "PickButton",
    "ll:sel:7:12:0a1b2c:3:2": "ChoiceSelect",
    "ll:dec:7:12:keep": "DecideButton",
    "ll:next:7:12": "NextRoundButton",
    "ll:lb:1:all:tally:2": "BoardButton",
    "ll:lb:1:pegasus:games_won:0": "BoardButton",
}


def test_every_custom_id_the_v3_bot_posted_is_handled_by_one_component() -> None:
    for custom_id, expected in V3_CUSTOM_IDS.items():
        handlers = [
            item.__name__
            for item in PRESENTATION.dynamic_items
            if re.fullmatch(item.__discord_ui_compiled_template__, custom_id)  # type: ignore[attr-defined]
        ]
        assert handlers == [expected], custom_id


async def test_every_running_v3_game_resumes_and_plays_to_its_end(tmp_path: Path) -> None:
    path = tmp_path / "v3.db"
    conn = sqlite3.connect(path)
    conn.executescript(FIXTURE.read_text(encoding="utf-8"))
    running = [r[0] for r in conn.execute("SELECT id FROM games WHERE status = 'running'")]
    conn.close()
    assert running

    storage = await Storage.open(path)  # migrates to the current schema
    try:
        service = GameService(storage)
        assert await service.load_running() == len(running)
        rng = random.Random(4)
        for game_id in running:
            for _ in range(5000):
                game, state = await service.running(game_id)
                if service.pause_info(game, state) is not None:
                    await service.end_pause(game_id, game.version, None)
                    continue
                player = ai_to_move(service, game, state) or service.awaiting(game, state)[0]
                rules = service.engine(game)
                legal = rules.legal(state, player)
                assert legal, f"game {game_id}: {player} has nothing to decide"
                outcome = await service.play(game_id, player, rng.choice(legal), game.version)
                if outcome.game.status == "finished":
                    break
            result = await storage.get_result(game_id)
            assert result is not None and result.winners
            seated = {s.player_id for s in game.seats}
            assert set(result.winners) <= seated
            # the move log holds every move, the v3 ones and the new ones
            assert (
                len(await storage.get_moves(game_id)) == (await storage.get_game(game_id)).version
            )
    finally:
        await storage.close()
