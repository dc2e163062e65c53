"""The bounded undo's guards (issue 45, ADV-13: all randomness from the state's generator),
whatever the kind of decision: a move after which the generator, a scripted die, a deck,
a secret or another hobbit changed is not taken back; the platform asks through the API;
every decision the engine asks is classified. Named by rule id."""

from __future__ import annotations

from engine import api
from engine.adventure import GAME, flow
from engine.adventure import events as E
from engine.adventure.decisions import FIELDS, D
from engine.adventure.state import Pending, Turn
from engine.adventure.undo import CASES, DREW, FREE, OTHERS, REVEALED, ROLLED, RULE, TURN, refusal
from tests.engine.adventure.undo_cases import Move, rolled

# ---- the guards, whatever the kind (ADV-13: all randomness from the state's generator) -------


def _undoable_travel() -> Move:
    m = Move(rolled(2), "ann", D("travel", to="grey_havens"))
    assert m.undoable
    return m


def test_adv_13_a_move_after_which_the_generator_moved_on_is_not_taken_back() -> None:
    m = _undoable_travel()
    after = GAME.from_json(GAME.to_json(m.after))
    assert after.rng is not None
    after.rng += 1
    assert refusal(m.before, "ann", m.decision, after, m.events) == ROLLED


def test_adv_13_a_move_that_used_a_scripted_die_is_not_taken_back() -> None:
    s = rolled(2, dice={"green": [4]})
    m = Move(s, "ann", D("travel", to="grey_havens"))
    assert m.undoable
    after = GAME.from_json(GAME.to_json(m.after))
    after.dice["green"].pop(0)
    assert refusal(m.before, "ann", m.decision, after, m.events) == ROLLED


def test_adv_1_a_move_after_which_a_deck_lost_its_top_card_is_not_taken_back() -> None:
    m = _undoable_travel()
    after = GAME.from_json(GAME.to_json(m.after))
    after.decks["money"] = after.decks["money"][1:] + after.decks["money"][:1]
    assert refusal(m.before, "ann", m.decision, after, m.events) == DREW


def test_adv_12_a_move_with_an_event_told_to_one_hobbit_is_not_taken_back() -> None:
    m = _undoable_travel()
    told = [*m.events, E.Kept(player="ann", card="sword", to=("ann",))]
    assert refusal(m.before, "ann", m.decision, m.after, told) == REVEALED


def test_adv_12_a_move_that_changed_another_hobbit_is_not_taken_back() -> None:
    m = _undoable_travel()
    after = GAME.from_json(GAME.to_json(m.after))
    after.hobbits["bob"].gp -= 1
    assert refusal(m.before, "ann", m.decision, after, m.events) == OTHERS


def test_adv_3_a_move_after_which_another_hobbit_decides_is_not_taken_back() -> None:
    m = _undoable_travel()
    after = GAME.from_json(GAME.to_json(m.after))
    after.pending = Pending("bob", "roll")
    assert refusal(m.before, "ann", m.decision, after, m.events) == TURN


def test_adv_3_a_decision_asked_of_a_hobbit_whose_turn_it_is_not_is_not_taken_back() -> None:
    """Only the hobbit whose turn it is takes back a decision of the turn (free actions
    aside), by the rules before anything the move did: here ann travels on bob's turn, which
    the engine never asks."""
    before = rolled(2)
    assert before.turn is not None
    before.turn = Turn("bob", before.turn.start, 2)
    m = Move(before, "ann", D("travel", to="grey_havens"))
    assert m.why == RULE and not m.undoable


def test_the_platform_asks_through_the_api_and_a_game_without_undo_says_no() -> None:
    m = _undoable_travel()
    assert isinstance(GAME, api.Undoable)
    assert api.undoable(GAME, m.before, "ann", m.decision, m.after, m.events)
    assert not api.undoable(object(), m.before, "ann", m.decision, m.after, m.events)


def test_every_decision_the_engine_asks_is_classified_for_undo() -> None:
    """Each awaited kind of the run loop and each action of the decisions: in CASES."""
    kinds = {"roll", "travel", *flow.PLACE_KINDS, *flow.FIGHT_KINDS}
    kinds |= {*flow.DUEL_KINDS, *flow.CARD_KINDS, FREE}
    assert {kind for kind, _ in CASES} == kinds
    assert {action for _, action in CASES} == set(FIELDS)
    assert all(case.why for case in CASES.values())
