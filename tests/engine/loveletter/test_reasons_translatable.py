"""A refusal's reason is English text that keeps what a translation needs (template, values,
card ids), and survives pickling even when a player's name holds braces."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import engine.loveletter as engine
from engine.loveletter.reasons import Reason


def test_a_reason_keeps_its_template_values_and_card_ids() -> None:
    state = engine.new_game("pegasus", ["p0", "p1"], random.Random(3))
    held = state.players[state.active].hand
    missing = next(c.id for c in engine.EDITIONS["pegasus"].cards if c.id not in held)
    with pytest.raises(engine.IllegalMove) as refused:
        engine.apply(state, engine.Play(player=str(state.actor), card=missing))
    reason = refused.value.reason
    assert isinstance(reason, Reason)
    assert reason.template == "You don't hold {card}"
    assert reason.cards == {"card": missing} and reason.edition == "pegasus"


def test_a_reason_with_braces_in_a_name_survives_pickling_and_copying() -> None:
    reason = Reason("It's {name}'s turn", name="{ann}")
    assert reason == "It's {ann}'s turn"
    for again in (pickle.loads(pickle.dumps(reason)), copy.deepcopy(reason)):
        assert again == reason and isinstance(again, Reason)
        assert again.template == "It's {name}'s turn" and again.values == {"name": "{ann}"}
