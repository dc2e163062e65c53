"""Computer opponents: `choose(level, view, legal, rng)` picks one of the legal moves.

An AI sees only what its seat may know (`engine.player_view`) and the list of legal moves;
it never receives the `GameState`. Given the same view, moves and generator state it always
picks the same move.
"""

from engine.loveletter.ai.base import LEVELS, Policy, choose

__all__ = ["LEVELS", "Policy", "choose"]
