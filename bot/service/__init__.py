"""The game service: rules via engine/, persistence via storage/, no discord imports."""

from bot.service.errors import GameError, StaleView
from bot.service.games import GameService, player_id_for
from bot.service.notifier import Notifier, NullNotifier, PrivateNews
from bot.service.outcome import Outcome

__all__ = [
    "GameError",
    "GameService",
    "Notifier",
    "NullNotifier",
    "Outcome",
    "PrivateNews",
    "StaleView",
    "player_id_for",
]
