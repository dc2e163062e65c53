"""A finished game's replay on the live table: every step's public table, from the move log.

`GET /replay?game=ID` (the seating decides which games a viewer may ask for, as for a socket)
answers the game's fixed data and one `table` frame per step, 0 (the start) to the last move,
each the public table the channel saw then (bot/service/history.py recomputes it through the
game's rules). Public only: no step carries a hand, not even the asker's. The page scrubs
through them without asking again.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import use_locale
from bot.service.history import replay_step
from bot.web import chrome
from bot.web.frames import frames_of
from storage import Storage

MAX_STEPS = 5000
"""Steps a replay sends at most (a long Adventure game has a few hundred)."""


async def replay_frames(storage: Storage, game_id: int, lang: str) -> dict[str, Any]:
    """`{game, id, chrome, static, steps: [table frames]}`; GameError (bot/service) if it
    cannot be replayed (not finished, its start not kept)."""
    record = await storage.get_game(game_id)
    shows = frames_of(record.game)
    steps: list[dict[str, Any]] = []
    with use_locale(lang):
        first = await replay_step(storage, game_id, 0, record.guild_id)
        for n in range(min(first.steps, MAX_STEPS) + 1):
            step = first if n == 0 else await replay_step(storage, game_id, n, record.guild_id)
            steps.append(
                {
                    "type": "table",
                    "game": record.game,
                    "id": game_id,
                    "version": n,
                    "finished": n == first.steps,
                    "table": shows.table(step.table),
                }
            )
        return {
            "type": "replay",
            "game": record.game,
            "id": game_id,
            "lang": lang,
            "chrome": chrome.strings(),
            "static": shows.static(record),
            "steps": steps,
        }
