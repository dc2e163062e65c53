"""What events and round results tell the renderer beyond the rules: why a card had no effect
(C-5) and whether the set-aside card is still set aside (C-7); older saves lack both fields."""

from __future__ import annotations

import random

import engine.loveletter as engine
from engine.loveletter import codec
from engine.loveletter import events as E
from engine.loveletter.events import event_from_dict


def _rounds(edition: str, seeds: range) -> list[tuple[list[E.Event], E.RoundEnded]]:
    """(the round's events, its RoundEnded) for every round of seeded random games."""
    out = []
    for seed in seeds:
        state = engine.new_game(edition, ["a", "b"], random.Random(seed))
        rng = random.Random(seed)
        current: list[E.Event] = []
        while not state.game_over:
            state, events = engine.apply(state, rng.choice(engine.legal_moves(state)))
            for event in events:
                current.append(event)
                if isinstance(event, E.RoundEnded):
                    out.append((current, event))
                    current = []
    return out


def test_c_7_round_end_says_whether_the_set_aside_card_was_drawn() -> None:
    drawn_rounds = 0
    for events, ended in _rounds("pegasus", range(300)):
        drew = any(isinstance(e, E.CardDrawn) and e.from_set_aside for e in events)
        assert ended.set_aside_drawn == drew
        drawn_rounds += drew
    assert drawn_rounds > 0  # the case occurred


def test_older_events_and_results_without_the_new_fields_still_load() -> None:
    old_no_effect = {"type": "no_effect", "player": "a", "card": "guardswoman"}
    assert event_from_dict(old_no_effect) == E.NoEffect("a", "guardswoman", ())
    state = engine.new_game("hobbit", ["a", "b"], random.Random(2))
    while not state.history:
        state, _ = engine.apply(state, engine.legal_moves(state)[0])
    data = codec.to_dict(state)
    for result in data["history"]:
        result.pop("set_aside_drawn", None)
    assert codec.from_dict(data).history[0].set_aside_drawn is False
