"""The novice hobbit: a beginner that plays the game and can win, yet loses most games to the
standard hobbit (the full measure is `python -m bot simulate --game adventure`, README)."""

from __future__ import annotations

import random

from engine.adventure.ai import choose
from engine.adventure.autoplay import play
from engine.adventure.cards import DECK_LISTS
from engine.adventure.decisions import D
from engine.adventure.rules import apply, legal_moves
from engine.adventure.scenario import build
from engine.adventure.view import view


def test_novice_wins_some_games_against_standard_and_loses_most() -> None:
    """80 fixed games: the novice (seat h1) wins at least 10, the standard hobbit most."""
    winners = [play(["novice", "standard"], random.Random(seed)).state.winner for seed in range(80)]
    assert winners.count("h1") >= 10
    assert winners.count("h2") > 40


def test_novices_among_themselves_reach_and_beat_the_dragon() -> None:
    """A novice plays the game: in most games between two novices one of them beats the Dragon."""
    games = [play(["novice", "novice"], random.Random(seed)).state for seed in range(30)]
    assert sum(s.winner is not None for s in games) >= 15


def test_novice_rerolls_the_die_that_counts_against_it() -> None:
    """[•] among [3] and [2] takes 1 off the roll: that is the die a beginner rolls again."""
    peril = [c.id for c in DECK_LISTS["peril"]]
    peril.remove("goblin_band")
    s = build(
        {
            "decks": {"peril": ["goblin_band", *peril]},
            "dice": {"movement": [2], "green": [6], "combat": ["d3", "p1", "d2"]},
        },
        ["ann", "bob"],
        "ann",
    )
    s, _ = apply(s, "ann", D("roll"))
    s, _ = apply(s, "ann", D("travel", to="barrow_downs"))
    assert s.pending is not None and s.pending.kind == "reroll"
    for seed in range(5):
        chosen = choose("novice", view(s, "ann"), legal_moves(s, "ann"), random.Random(seed))
        assert chosen == D("reroll", dice=(1,))
