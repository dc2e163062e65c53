"""Love Letter rules engine: pure standard-library Python, deterministic from a seed.

Entry points: `new_game`, `legal_moves`, `apply`, `player_view`, `to_json` / `from_json`.
"""

from engine import events
from engine.cards import Card, Kind
from engine.codec import from_json, to_json
from engine.editions import EDITIONS, Edition, edition
from engine.events import Event
from engine.moves import Decide, Move, Play, move_from_dict, move_to_dict
from engine.rounds import Deal
from engine.rules import IllegalMove, apply, legal_moves, new_game, restack
from engine.state import GameState
from engine.views import PlayerView, SeatView, player_view

__all__ = [
    "EDITIONS",
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
