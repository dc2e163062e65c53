"""The Adventure's own achievement: the Dragon slain with 1 LP left, read from the stored
result (a won game ends when the Dragon is slain; its scores keep each hobbit's LP then)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_
from bot.service.achievements import Achievement
from storage import Storage
from storage.history import PlayedGame

DRAGON_AT_ONE = N_("The Dragon slain with 1 LP left")


async def feats(storage: Storage, played: Sequence[PlayedGame]) -> list[Achievement]:
    for game in played:
        if game.player_id in game.winners and game.scores.get(game.player_id, {}).get("lp") == 1:
            return [Achievement("🐉", DRAGON_AT_ONE, game.game_id)]
    return []
