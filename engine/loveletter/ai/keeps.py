"""What the expert keeps where the rules of thumb would play it: bonuses for its own later turns.

The expert's playouts play its own later turns with `standard`'s rules of thumb, yet the
expert itself, searching, often keeps a card the rules of thumb would play: above all the
guessing card, held back for a turn when it will know more (a Priest's look first, a
Handmaid's turn of cover). A playout whose later turns throw that card away at once judges
the expert's future worse than it is, and most for the moves that set such a turn up.

So in its own later turns the playouts add a bonus, per card kept, to the rules of thumb's
score (`standard.ranked`'s `keep`). The bonuses were fitted per edition, at two players, to
agree as often as possible with the expert's own choice between two different cards
(2,600-3,700 decisions of expert-vs-standard games, a grid of half points): agreement
rises from 66-70% to 78-83%. Only differences between two cards matter, not the level.
"""

from __future__ import annotations

from collections.abc import Mapping

KEEPS: dict[str, dict[str, float]] = {
    "pegasus": {
        "guardswoman": 3.0,
        "baron": 1.5,
        "countess": 1.5,
        "priest": 1.5,
        "king": 0.5,
        "prince": -0.5,
        "princess": -0.5,
    },
    "l5r": {"guard": 2.5, "manipulator": 1.0, "shugenja": -1.5},
    "hobbit": {
        "bard": -2.0,
        "bilbo": -4.0,
        "gandalf": -3.0,
        "kili_fili": -5.5,
        "legolas": -1.0,
        "one_ring": -3.5,
        "tauriel": -0.5,
        "thorin": -3.0,
    },
}


def own_keeps(edition: str, players: int) -> Mapping[str, float] | None:
    """The bonuses for the expert's own later turns, where they were fitted (two players)."""
    return KEEPS.get(edition) if players == 2 else None
