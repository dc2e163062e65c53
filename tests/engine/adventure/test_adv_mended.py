"""Rule tests for the three rules mended in issue 35 (ADV-6/ADV-10 Lantern, ADV-11 free actions
and forced movement), played through `replay` as a player would: what the log and the hobbits
show afterwards."""

from __future__ import annotations

from typing import Any

import pytest

from engine.adventure.cards import CREATURE, DECK_LISTS, ENCHANTER, PERIL
from engine.adventure.scenario import replay
from tests.engine.adventure.helpers import stack


def events(out: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in out["log"] if e["type"] == kind]


PERIL_FOES = sorted({c.id for c in DECK_LISTS[PERIL] if c.kind in (CREATURE, ENCHANTER)})


@pytest.mark.parametrize("foe", PERIL_FOES)
def test_adv_10_lantern_counts_against_peril_creatures_only(foe: str) -> None:
    """ADV-6 step 5: +1 against every Peril creature, nothing against an enchanter."""
    out = replay(
        {
            "game": "adventure",
            "players": ["ann", "bob"],
            "first": "ann",
            "seed": 3,
            "hobbits": {"ann": {"cards": ["lantern"]}},
            "decks": {PERIL: stack(PERIL, [foe])},
            "dice": {"movement": [2], "green": [1], "combat": ["d2", "d2", "d1"]},
            "moves": [
                {"player": "ann", "action": "roll"},
                {"player": "ann", "action": "travel", "to": "barrow_downs"},
            ],
        }
    )
    assert out["ok"], out["error"]
    first_roll = events(out, "combat")[0]
    enchanter = foe in ("evil_conjurer", "evil_mage", "old_angry_mage")
    assert first_roll["result"] == 5
    assert first_roll["total"] == (5 if enchanter else 6)


RIVENDELL = {
    "game": "adventure",
    "players": ["ann", "bob"],
    "first": "ann",
    "hobbits": {
        "ann": {"place": "weathertop", "gp": 8},
        "bob": {"place": "rivendell", "cards": ["scroll_of_minds"]},
    },
    "dice": {"movement": [2]},
}


def test_adv_11_free_action_keeps_the_awaited_decision() -> None:
    """The issue's case: bob's Scroll of Minds leaves ann's Haven step hers to decide."""
    out = replay(
        {
            **RIVENDELL,
            "moves": [
                {"player": "ann", "action": "roll"},
                {"player": "ann", "action": "travel", "to": "rivendell"},
                {
                    "player": "bob",
                    "action": "use",
                    "card": "scroll_of_minds",
                    "target": "ann",
                    "what": "gold",
                },
            ],
        }
    )
    assert out["ok"], out["error"]
    assert out["pending"] == {"player": "ann", "decision": "haven"}
    assert out["hobbits"]["ann"]["gp"] == 4
    assert not [e for e in out["log"] if e["type"] == "decided" and e["auto"]]


def test_adv_11_healing_oneself_keeps_the_haven_step() -> None:
    """ann heals to 12 LP with her own Potion at Rivendell: healing there is no longer offered,
    yet the Haven step stays hers to close (it was asked; a free action does not answer it)."""
    out = replay(
        {
            **RIVENDELL,
            "hobbits": {"ann": {"place": "weathertop", "gp": 4, "lp": 9, "cards": ["potion_3"]}},
            "moves": [
                {"player": "ann", "action": "roll"},
                {"player": "ann", "action": "travel", "to": "rivendell"},
                {"player": "ann", "action": "use", "card": "potion_3"},
            ],
        }
    )
    assert out["ok"], out["error"]
    assert out["hobbits"]["ann"]["lp"] == 12
    assert out["pending"] == {"player": "ann", "decision": "haven"}


def test_adv_11_swept_downriver_at_gladden_fields_is_an_arrival_there() -> None:
    """[decision] Forced movement at its own destination: the hobbit arrives again (ADV-4), so
    with bob standing there ann is offered the riddle a second time."""
    out = replay(
        {
            "game": "adventure",
            "players": ["ann", "bob"],
            "first": "ann",
            "hobbits": {
                "ann": {"place": "carrock", "cards": ["r01"]},
                "bob": {"place": "gladden_fields"},
            },
            "decks": {"adventure": stack("adventure", ["swept_downriver"])},
            "dice": {"movement": [2]},
            "moves": [
                {"player": "ann", "action": "roll"},
                {"player": "ann", "action": "travel", "to": "gladden_fields"},
                {"player": "ann", "action": "place"},
            ],
        }
    )
    assert out["ok"], out["error"]
    assert out["pending"] == {"player": "ann", "decision": "riddle"}
    moved = events(out, "moved")[-1]
    assert (moved["frm"], moved["to_place"], moved["how"]) == ("gladden_fields",) * 2 + ("forced",)
