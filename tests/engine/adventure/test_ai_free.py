"""ADV-11 free actions taken by AI hobbits out of turn, where they pay (ai/free.py): what a
platform gets from `GAME.free_choice` for an AI seat whose decision is not awaited."""

from __future__ import annotations

from typing import Any

from engine.adventure import GAME
from engine.adventure.decisions import D
from engine.adventure.scenario import build


def _bob_on_anns_turn(bob: dict[str, Any], ann: dict[str, Any] | None = None):  # type: ignore[no-untyped-def]
    """ann's roll is awaited; bob stands with her at Hobbiton."""
    return build({"seed": 1, "hobbits": {"bob": bob, "ann": ann or {}}}, ["ann", "bob"], "ann")


def _free(level: str, s: Any) -> Any:
    return GAME.free_choice(level, GAME.view(s, "bob"), GAME.legal(s, "bob"))


def test_adv_11_ai_takes_a_talisman_with_the_scroll_of_minds_out_of_turn() -> None:
    s = _bob_on_anns_turn({"cards": ["scroll_of_minds"]}, {"talismans": ["blue"]})
    taking = D("use", card="scroll_of_minds", target="ann", what="talisman", colour="blue")
    assert _free("standard", s) == taking
    assert _free("expert", s) == taking
    assert _free("novice", s) is None  # a beginner does not think of it
    after, _ = GAME.apply(s, "bob", taking)
    assert after.hobbits["bob"].talismans == ["blue"]
    assert GAME.awaiting(after) == ("ann",)


def test_adv_11_ai_does_not_spend_the_scroll_on_gold() -> None:
    s = _bob_on_anns_turn({"cards": ["scroll_of_minds"]}, {"gp": 20})
    assert all(_free(level, s) is None for level in GAME.ai_levels)


def test_adv_11_ai_heals_out_of_turn_when_nearly_out() -> None:
    s = _bob_on_anns_turn({"lp": 3, "cards": ["potion_2"]})
    assert all(_free(level, s) == D("use", card="potion_2") for level in GAME.ai_levels)
    s = _bob_on_anns_turn({"lp": 8, "cards": ["athelas", "potion_2"]})
    assert _free("expert", s) == D("use", card="athelas")  # its plan heals with Athelas at 9
    assert _free("standard", s) is None and _free("novice", s) is None
