"""Love Letter rules engine: pure standard-library Python, deterministic from a seed.

Entry points: `new_game`, `legal_moves`, `apply`, `player_view`, `to_json` / `from_json`.
"""

from engine.loveletter import events
from engine.loveletter.cards import Card, Kind
from engine.loveletter.codec import from_json, to_json
from engine.loveletter.editions import EDITIONS, Edition, edition
from engine.loveletter.events import Event
from engine.loveletter.moves import Decide, Move, Play, move_from_dict, move_to_dict
from engine.loveletter.rounds import Deal
from engine.loveletter.rules import IllegalMove, apply, legal_moves, new_game, restack
from engine.loveletter.state import GameState
from engine.loveletter.views import PlayerView, SeatView, player_view

__all__ = [
    "EDITIONS",
    "GAME",
    "Card",
    "Deal",
    "Decide",
    "Edition",
    "Event",
    "GameState",
    "IllegalMove",
    "Kind",
    "Move",
    "Play",
    "PlayerView",
    "SeatView",
    "apply",
    "edition",
    "events",
    "from_json",
    "legal_moves",
    "move_from_dict",
    "move_to_dict",
    "new_game",
    "player_view",
    "restack",
    "to_json",
]
from engine.loveletter.game import GAME
