"""Achievements: a few cheap facts about a player, read from the stored games whenever
`stats` asks, so nothing is kept that could go stale (`db rerate` and a restored backup
leave them right by themselves).

Every game has "first win" per edition (variant), from the stored results. A game adds its
own through `Feats`: a function given the player's finished games and storage, returning
what it found (its code lives in the game's folder, bot/games/<game>/feats.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.i18n import N_
from storage import Storage
from storage.history import PlayedGame

FIRST_WIN = N_("First win: {edition}")


@dataclass(frozen=True, slots=True)
class Achievement:
    """One achievement: its icon and text (a catalogue message: `{edition}` is filled with
    the variant's title), and the game that earned it first."""

    icon: str
    text: str
    game_id: int
    variant: str | None = None


Feats = Callable[[Storage, Sequence[PlayedGame]], Awaitable[list[Achievement]]]


def first_wins(played: Sequence[PlayedGame]) -> list[Achievement]:
    """The first won game in each edition, in the order they were won."""
    seen: dict[str, Achievement] = {}
    for game in played:
        if game.player_id in game.winners and game.variant not in seen:
            seen[game.variant] = Achievement("🏆", FIRST_WIN, game.game_id, game.variant)
    return list(seen.values())


async def achievements(
    storage: Storage, guild_id: int, user_id: int, game: str, feats: Feats | None = None
) -> list[Achievement]:
    played = await storage.played_games(guild_id, user_id, game)
    found = first_wins(played)
    if feats is not None:
        found += await feats(storage, played)
    return found
