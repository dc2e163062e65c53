"""The bounded undo (issue 45) in Love Letter: no move may be taken back. Every play shows its
card to everyone (and some show a hand to one player), and the turn it ends begins with a card
drawn (common.md), so no move reveals and draws nothing."""

from __future__ import annotations

import random

import pytest

from engine import api
from engine.loveletter import GAME

EDITIONS = [("hobbit", 2), ("l5r", 3), ("pegasus", 4), ("pegasus", 6)]


@pytest.mark.parametrize(("edition", "seats"), EDITIONS)
def test_no_love_letter_move_is_ever_undoable(edition: str, seats: int) -> None:
    rng = random.Random(45)
    players = [f"p{i}" for i in range(seats)]
    s = GAME.create(edition, players, {}, rng)
    moves = 0
    while not GAME.is_over(s) and moves < 400:
        (actor,) = GAME.awaiting(s)
        move = rng.choice(list(GAME.legal(s, actor)))
        after, events = GAME.apply(s, actor, move)
        assert not GAME.undoable(s, actor, move, after, events)
        assert not api.undoable(GAME, s, actor, move, after, events)
        s, moves = after, moves + 1
    assert moves > 20
    assert isinstance(GAME, api.Undoable)
