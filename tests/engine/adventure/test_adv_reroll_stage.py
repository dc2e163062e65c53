"""ADV-6 step 4 from a fight left at its reroll stage without the reroll decision asked, which
only a hand-built or decoded state holds (the engine asks the decision as it enters the stage):
the run loop counts the dice as they lie and offers the reroll, or ends the fight with that
total, as it would have straight after the roll."""

from __future__ import annotations

from typing import Any

import pytest

from engine.adventure import events as E
from engine.adventure.codec import decode, encode
from engine.adventure.decisions import D
from engine.adventure.flow import run
from tests.engine.adventure.helpers import stack
from tests.engine.adventure.undo_cases import played, rolled


def _saved_at_the_reroll(**fight: Any) -> dict[str, Any]:
    """ann fights a hill troll (power 10) with [d1][p1][d1] (1) and may reroll; saved with
    `fight`'s changes and no decision awaited."""
    s = rolled(
        2,
        decks={"adventure": stack("adventure", ["hill_troll"])},
        dice={"green": [6], "combat": ["d1", "p1", "d1"]},
    )
    s = played(s, ("ann", D("travel", to="old_forest")))
    assert s.pending is not None and s.pending.kind == "reroll"
    data = encode(s)
    assert data["fight"]["stage"] == "reroll" and data["fight"]["power"] == 10
    data["fight"].update(fight)
    data["pending"] = None
    return data


def test_adv_6_a_decoded_fight_at_its_reroll_stage_offers_the_reroll() -> None:
    s = decode(_saved_at_the_reroll())
    run(s)
    assert s.pending is not None and (s.pending.player, s.pending.kind) == ("ann", "reroll")
    assert s.fight is not None and s.fight.dice == ["d1", "p1", "d1"] and s.fight.rerolls == 0
    assert s.log == []  # nothing rolled or announced again


@pytest.mark.parametrize(
    ("fight", "won", "total"),
    [
        ({"rerolls": 2}, False, 1),  # no reroll left: the fight is lost with its 1
        ({"dice": ["d3", "d3", "d3"], "bonus": 1}, True, 10),  # 9 and a prepared 1 beat 10
    ],
)
def test_adv_6_a_decoded_fight_at_its_reroll_stage_ends_with_the_dice_as_they_lie(
    fight: dict[str, Any], won: bool, total: int
) -> None:
    s = decode(_saved_at_the_reroll(**fight))
    run(s)
    ended = [e for e in s.log if isinstance(e, E.FightEnded)]
    assert [(e.player, e.card, e.won, e.total, e.power) for e in ended] == [
        ("ann", "hill_troll", won, total, 10)
    ]
    assert not any(isinstance(e, E.Combat | E.Rolled) for e in s.log)  # no die rolled again
    assert s.fight is None  # the troll has gone back to its deck
