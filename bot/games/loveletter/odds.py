"""`/loveletter odds`: the cards a player has not seen this round, from their own view only."""

from __future__ import annotations

from bot.service import errors
from bot.service.games import GameService, player_id_for
from engine.loveletter import player_view
from engine.loveletter.odds import Odds, odds


async def player_odds(service: GameService, game_id: int, user_id: int) -> tuple[str, Odds]:
    """(edition, odds) for this user's seat, from their own view only (C-10)."""
    game, state = await service.running(game_id)
    player = player_id_for(user_id)
    if game.seat_of(player) is None:
        raise errors.NotAPlayer()
    service.refuse_in_pause(game, state)  # the next round's cards are not dealt out yet
    return game.variant, odds(player_view(state, player))
