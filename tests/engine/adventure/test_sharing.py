"""Structural sharing (issue 44): `apply` copies only the parts of the game a decision changes,
and neither the state it was given nor a state made from it ever sees another's change."""

from __future__ import annotations

import json
import random
from dataclasses import fields

from engine.adventure.codec import encode
from engine.adventure.decisions import D
from engine.adventure.rules import apply, legal_moves, new_game
from engine.adventure.state import Fight, Hobbit, Turn
from tests.engine.adventure.helpers import random_states

PLAYERS = ["ann", "bob", "cat", "dan"]


def _text(s: object) -> str:
    return json.dumps(encode(s), sort_keys=True)  # type: ignore[arg-type]


def test_a_roll_shares_every_hobbit_and_a_travel_copies_only_the_traveller() -> None:
    s = new_game(PLAYERS, random.Random(3))
    assert s.pending is not None and s.pending.kind == "roll"
    me = s.pending.player
    rolled, _ = apply(s, me, D("roll"))
    assert all(rolled.hobbits[p] is s.hobbits[p] for p in PLAYERS)  # nobody changed
    go = next(d for d in legal_moves(rolled, me) if d.action == "travel")
    moved, _ = apply(rolled, me, go)
    assert moved.hobbits[me] is not rolled.hobbits[me]
    assert moved.hobbits[me].place == go.to and rolled.hobbits[me].place != go.to
    assert all(moved.hobbits[p] is rolled.hobbits[p] for p in PLAYERS if p != me)


def test_every_legal_decision_leaves_the_given_state_and_its_other_successors_alone() -> None:
    """Every decision of every hobbit applied to the same state, and each result played one
    step further: the state, and a successor made before, read exactly as they did."""
    for seed in range(6):
        for s in random_states(seed, PLAYERS[: 2 + seed % 3], 120):
            before = _text(s)
            first = None
            for pid in s.players:
                for d in legal_moves(s, pid):
                    new, _ = apply(s, pid, d)
                    if first is None:
                        first, first_text = new, _text(new)
                    for other in new.players:
                        for d2 in legal_moves(new, other)[:2]:
                            apply(new, other, d2)
            assert _text(s) == before
            if first is not None:
                assert _text(first) == first_text


def test_a_clone_made_field_by_field_copies_every_field() -> None:
    """State, Hobbit and Turn clones set their fields one by one (cheaper than the dataclass
    `__init__`): a field added to the class and not to its clone fails here, and a hobbit's
    lists are its clone's own."""
    s = new_game(PLAYERS, random.Random(5))
    h = Hobbit("ann", "bree", 7, 3, ["red"], ["sword", "weapon_smith"], ["sword"], ["x"], True)
    turn = Turn("ann", "bree", 3, "rivendell", True)
    fresh: dict[str, object] = {"log": [], "memo": {}, "own": set()}  # the clone's own parts
    for original in (s, h, turn):
        copy = original.clone()
        for f in fields(original):
            want = fresh.get(f.name, getattr(original, f.name))
            assert getattr(copy, f.name) == want, f.name
    copy = h.clone()
    lists = ("talismans", "cards", "smiths", "shown")
    assert all(getattr(copy, n) is not getattr(h, n) for n in lists)


def test_a_fight_clone_keeps_every_field_in_its_place() -> None:
    """`Fight.clone` passes its 14 fields by position: every text, number and list below is
    held by one field only, and each of the three bools is true alone in one of the fights, so
    a swapped or missing field fails; the lists are the clone's own."""
    for danger, avoidable, chased in (
        (True, False, False),
        (False, True, False),
        (False, False, True),
    ):
        fight = Fight(
            "ann",
            "hills",
            "troll",
            "bree",
            danger,
            avoidable,
            7,
            2,
            ["sword"],
            ["hit", "miss"],
            1,
            3,
            chased,
            "reroll",
        )
        copy = fight.clone()
        for f in fields(fight):
            assert getattr(copy, f.name) == getattr(fight, f.name), f.name
        assert copy.prepared is not fight.prepared and copy.dice is not fight.dice
