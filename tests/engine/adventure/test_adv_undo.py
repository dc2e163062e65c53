"""The bounded undo (issue 45), case by case: each decision the README's Undo table lets a
hobbit take back is undoable in a stacked game, and each one it refuses (a die, a drawn card,
a secret shown, another hobbit's decision, the turn's end) is not. Named by rule id."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine import api
from engine.adventure import GAME, flow
from engine.adventure import events as E
from engine.adventure.cards import DECK_LISTS
from engine.adventure.decisions import FIELDS, D, Decision
from engine.adventure.scenario import build
from engine.adventure.state import Pending, State, Turn
from engine.adventure.undo import (
    CASES,
    DREW,
    FOUGHT,
    FREE,
    NOT_THEIRS,
    OTHERS,
    REVEALED,
    ROLLED,
    RULE,
    TURN,
    refusal,
)

PLAYERS = ["ann", "bob"]


def _stack(deck: str, top: Sequence[str], held: Iterable[str] = ()) -> list[str]:
    """The whole of `deck` with `top` first, less the cards the hobbits are given."""
    rest = [c.id for c in DECK_LISTS[deck]]
    for cid in [*top, *held]:
        rest.remove(cid)
    return [*top, *rest]


def _state(**data: Any) -> State:
    spec = {"game": "adventure", "players": PLAYERS, "first": "ann", "seed": 1, **data}
    return build(spec, PLAYERS, "ann")


class Move:
    """One decision applied: the state before and after, the events, and the undo verdict."""

    def __init__(self, before: State, player: str, decision: Decision) -> None:
        self.before, self.player, self.decision = before, player, decision
        self.after, self.events = GAME.apply(before, player, decision)

    @property
    def undoable(self) -> bool:
        return GAME.undoable(self.before, self.player, self.decision, self.after, self.events)

    @property
    def why(self) -> str | None:
        return refusal(self.before, self.player, self.decision, self.after, self.events)

    def types(self) -> list[str]:
        return [e.type for e in self.events]


def _play(s: State, *moves: tuple[str, Decision]) -> State:
    for player, d in moves:
        s, _ = GAME.apply(s, player, d)
    return s


def _rolled(roll: int | str, **data: Any) -> State:
    """ann has rolled `roll` and chooses where to travel."""
    s = _state(dice={"movement": [roll], **data.pop("dice", {})}, **data)
    return _play(s, ("ann", D("roll")))


def _assert_taken_back(m: Move) -> None:
    """Undoable, and restoring the state before gives ann the same choice again."""
    assert m.why is None and m.undoable
    again = GAME.from_json(GAME.to_json(m.before))
    assert GAME.awaiting(again) == ("ann",)
    assert m.decision in GAME.legal(again, m.player)
    assert GAME.legal(again, m.player) == GAME.legal(m.before, m.player)


# ---- undoable ------------------------------------------------------------------------------


def test_adv_3_travel_to_a_haven_may_be_taken_back_before_its_action() -> None:
    m = Move(_rolled(2), "ann", D("travel", to="grey_havens"))
    assert m.after.pending is not None and m.after.pending.kind == "haven"
    _assert_taken_back(m)


def test_adv_3_travel_to_a_village_may_be_taken_back_before_its_action() -> None:
    m = Move(_rolled(2), "ann", D("travel", to="bree"))
    assert m.after.pending is not None and m.after.pending.kind == "village"
    _assert_taken_back(m)


def test_adv_4_taking_the_place_instead_of_a_riddle_duel_may_be_taken_back() -> None:
    s = _rolled(2, hobbits={"ann": {"cards": ["r01"]}, "bob": {"place": "bree"}})
    offered = Move(s, "ann", D("travel", to="bree"))
    assert offered.after.pending is not None and offered.after.pending.kind == "riddle"
    m = Move(offered.after, "ann", D("place"))
    assert m.after.pending is not None and m.after.pending.kind == "village"
    _assert_taken_back(m)


def test_adv_11_accepting_or_refusing_a_jewellery_price_may_be_taken_back() -> None:
    s = _rolled(2, hobbits={"ann": {"cards": ["jewellery"]}}, dice={"green": [5]})
    s = _play(s, ("ann", D("travel", to="bree")))
    sell = Move(s, "ann", D("sell", card="jewellery"))
    assert sell.why == RULE and not sell.undoable  # the green die gave the price
    for answer in ("accept", "refuse"):
        m = Move(sell.after, "ann", D(answer))
        assert m.after.pending is not None and m.after.pending.kind == "village"
        _assert_taken_back(m)
        assert m.before.pending is not None and m.before.pending.ctx["price"] == 5


def test_adv_5_buying_at_a_village_may_be_taken_back_and_browsing_may_not() -> None:
    top = ["sword", "rope", "potion_2", "lantern", "pipe"]
    s = _rolled(2, decks={"equipment": _stack("equipment", top)})
    s = _play(s, ("ann", D("travel", to="bree")))
    browse = Move(s, "ann", D("browse"))
    assert browse.why == RULE and "drawn" in browse.types()
    m = Move(browse.after, "ann", D("buy", cards=["sword", "rope"]))
    assert "bought" in m.types() and m.after.hobbits["ann"].gp == 5
    assert m.after.pending is not None and m.after.pending.kind == "village"
    _assert_taken_back(m)


def test_adv_11_staying_in_a_raging_fire_may_be_taken_back_while_the_turn_goes_on() -> None:
    s = _rolled(1, decks={"adventure": _stack("adventure", ["raging_fire"])})
    s = _play(s, ("ann", D("travel", to="ered_luin")))
    assert s.pending is not None and s.pending.kind == "fire"
    stay = Move(s, "ann", D("choose", option="stay"))
    assert stay.after.hobbits["ann"].lp == 10 and stay.after.hobbits["ann"].place == "ered_luin"
    assert stay.after.pending is not None and stay.after.pending.kind == "village"
    _assert_taken_back(stay)
    flee = Move(s, "ann", D("choose", option="flee"))
    assert flee.why == RULE and "turn_began" in flee.types()


def test_adv_11_a_friendly_eagle_flight_may_be_taken_back_before_the_haven() -> None:
    s = _rolled(1, decks={"adventure": _stack("adventure", ["friendly_eagle"])})
    s = _play(s, ("ann", D("travel", to="ered_luin")))
    assert s.pending is not None and s.pending.kind == "special"
    fly = Move(s, "ann", D("move_to", to="rivendell"))
    assert fly.after.pending is not None and fly.after.pending.kind == "haven"
    _assert_taken_back(fly)
    stay = Move(s, "ann", D("move_to", to=None))  # on to the Village the roll of 1 named
    assert stay.after.pending is not None and stay.after.pending.kind == "village"
    _assert_taken_back(stay)


def test_adv_11_cancelling_a_forced_movement_with_a_rope_may_be_taken_back() -> None:
    s = _rolled(
        1,
        hobbits={"ann": {"cards": ["rope"]}},
        decks={"adventure": _stack("adventure", ["fog"])},
    )
    s = _play(s, ("ann", D("travel", to="ered_luin")))
    assert s.pending is not None and s.pending.kind == "rope"
    cancel = Move(s, "ann", D("choose", option="decline"))
    assert "rope" not in cancel.after.hobbits["ann"].cards
    assert cancel.after.pending is not None and cancel.after.pending.kind == "village"
    _assert_taken_back(cancel)
    fog = Move(s, "ann", D("choose", option="keep"))  # Fog: back to the start, the turn ends
    assert fog.why == TURN and not fog.undoable


def test_adv_11_a_potion_drunk_to_heal_may_be_taken_back_athelas_may_not() -> None:
    s = _state(hobbits={"ann": {"lp": 6, "cards": ["potion_2", "athelas"]}, "bob": {"lp": 5}})
    potion = Move(s, "ann", D("use", card="potion_2"))
    assert potion.after.hobbits["ann"].lp == 8
    _assert_taken_back(potion)
    athelas = Move(s, "ann", D("use", card="athelas"))
    assert athelas.why == RULE and not athelas.undoable  # a secret Magic card shown (ADV-12)


def test_adv_11_a_potion_drunk_out_of_turn_may_be_taken_back_by_its_drinker() -> None:
    s = _state(hobbits={"bob": {"lp": 5, "cards": ["potion_3"]}})
    m = Move(s, "bob", D("use", card="potion_3"))
    assert GAME.awaiting(m.after) == ("ann",)
    assert m.undoable
    again = GAME.from_json(GAME.to_json(m.before))
    assert GAME.legal(again, "bob") == GAME.legal(s, "bob")


# ---- refused -------------------------------------------------------------------------------


def test_adv_3_the_movement_roll_is_never_taken_back() -> None:
    m = Move(_state(dice={"movement": [2]}), "ann", D("roll"))
    assert m.why == RULE and not m.undoable
    assert "rolled" in m.types()


def test_adv_3_travel_on_a_roll_of_1_is_never_taken_back() -> None:
    s = _rolled(1, decks={"adventure": _stack("adventure", ["found_a_purse"])})
    m = Move(s, "ann", D("travel", to="grey_havens"))
    assert m.why == RULE and not m.undoable
    assert "drawn" in m.types()  # the Adventure card, before moving (ADV-3 2)


def test_adv_3_resting_is_never_taken_back() -> None:
    m = Move(_rolled(2), "ann", D("rest"))
    assert m.why == RULE and not m.undoable
    assert m.types().count("drawn") >= 1


def test_adv_5_travel_to_an_adventure_place_is_not_taken_back() -> None:
    s = _rolled(2, decks={"adventure": _stack("adventure", ["found_a_purse"])})
    m = Move(s, "ann", D("travel", to="old_forest"))
    assert m.why == DREW and not m.undoable


def test_adv_6_travel_to_a_creature_is_not_taken_back() -> None:
    s = _rolled(2, decks={"adventure": _stack("adventure", ["wolf"])}, dice={"green": [3]})
    m = Move(s, "ann", D("travel", to="old_forest"))
    assert not m.undoable and {"drawn", "fight_began"} <= set(m.types())


def test_adv_4_travel_that_offers_a_riddle_duel_is_not_taken_back() -> None:
    """Being offered the duel tells everyone ann holds a Riddle card (ADV-12)."""
    s = _rolled(2, hobbits={"ann": {"cards": ["r01"]}, "bob": {"place": "bree"}})
    m = Move(s, "ann", D("travel", to="bree"))
    assert m.after.pending is not None and m.after.pending.kind == "riddle"
    assert m.why == REVEALED and not m.undoable


def test_adv_5_a_havens_action_ends_the_turn_and_is_never_taken_back() -> None:
    s = _play(_rolled(2), ("ann", D("travel", to="grey_havens")))
    for d in (D("buy_talisman", colour="blue"), D("done"), D("draw_magic")):
        m = Move(s, "ann", d)
        assert m.why == RULE and not m.undoable


def test_adv_3_travel_whose_haven_has_nothing_to_do_ends_the_turn_and_is_not_taken_back() -> None:
    """Rivendell with full LP and no gold: its only option is taken, the turn passes."""
    s = _rolled(2, hobbits={"ann": {"place": "weathertop", "gp": 0}})
    m = Move(s, "ann", D("travel", to="rivendell"))
    assert GAME.awaiting(m.after) == ("bob",)
    assert m.why == TURN and not m.undoable


def test_adv_5_a_village_draws_and_its_end_are_never_taken_back() -> None:
    s = _play(_rolled(2), ("ann", D("travel", to="bree")))
    for d in (D("draw_riddle"), D("done")):
        m = Move(s, "ann", d)
        assert m.why == RULE and not m.undoable


def test_adv_10_swift_as_the_wind_is_never_taken_back() -> None:
    s = _rolled(2, hobbits={"ann": {"cards": ["swift_as_the_wind"]}})
    m = Move(s, "ann", D("move_to", to="grey_havens"))
    assert m.why == RULE and not m.undoable
    shown = [e for e in m.events if isinstance(e, E.Returned)]
    assert shown and shown[0].cards == ("swift_as_the_wind",)


def test_adv_7_travel_to_carn_dum_is_not_taken_back() -> None:
    s = _rolled(2, hobbits={"ann": {"place": "north_downs", "cards": ["potion_2"]}})
    m = Move(s, "ann", D("travel", to="carn_dum"))
    assert m.after.pending is not None and m.after.pending.kind == "prepare"
    assert m.why == FOUGHT and not m.undoable


def test_adv_6_no_decision_of_a_fight_is_taken_back() -> None:
    s = _rolled(
        2,
        hobbits={"ann": {"cards": ["potion_2", "shadow_shield"]}},
        decks={"adventure": _stack("adventure", ["hill_troll"])},
        dice={"green": [6], "combat": ["d1", "p1", "d1", "d1", "d1"]},
    )
    s = _play(s, ("ann", D("travel", to="old_forest")))
    avoid = Move(s, "ann", D("avoid", card="shadow_shield"))
    assert avoid.why == RULE  # a secret Magic card played
    fight = Move(s, "ann", D("fight"))
    assert fight.why == RULE and "rolled" in fight.types()  # the power roll
    prepare = Move(fight.after, "ann", D("prepare", cards=[]))
    assert prepare.why == RULE and "combat" in prepare.types()
    reroll = Move(prepare.after, "ann", D("reroll", dice=[1]))
    assert reroll.why == RULE and "combat" in reroll.types()
    stop = Move(reroll.after, "ann", D("stop"))
    assert stop.why == RULE and "fight_ended" in stop.types()
    assert not any(m.undoable for m in (avoid, fight, prepare, reroll, stop))


def test_adv_8_no_decision_of_a_riddle_duel_is_taken_back() -> None:
    s = _rolled(
        2,
        hobbits={
            "ann": {"cards": ["r01", "r05"]},
            "bob": {"place": "bree", "cards": ["r02", "r10"]},
        },
    )
    s = _play(s, ("ann", D("travel", to="bree")))
    riddle = Move(s, "ann", D("riddle", target="bob"))
    assert riddle.why == RULE
    challenge = Move(riddle.after, "ann", D("challenge", card="r01"))
    assert challenge.why == RULE and "riddle" in challenge.types()
    assert GAME.awaiting(challenge.after) == ("bob",)
    answer = Move(challenge.after, "bob", D("answer", card="r02"))  # another hobbit's decision
    assert answer.why == RULE
    end = Move(answer.after, "bob", D("end_duel"))
    assert end.why == RULE
    assert not any(m.undoable for m in (riddle, challenge, answer, end))


def test_adv_3_travel_on_the_eagle_is_not_taken_back() -> None:
    """The eagle flies only to Adventure places, whose card is drawn on arrival (ADV-5)."""
    s = _rolled("eagle", decks={"adventure": _stack("adventure", ["found_a_purse"])})
    m = Move(s, "ann", D("travel", to="gundabad"))
    assert m.why == DREW and not m.undoable
    assert "drawn" in m.types()


def test_adv_5_healing_at_a_haven_ends_the_turn_and_is_never_taken_back() -> None:
    s = _rolled(2, hobbits={"ann": {"place": "weathertop", "lp": 7}})
    s = _play(s, ("ann", D("travel", to="rivendell")))
    m = Move(s, "ann", D("heal"))
    assert m.after.hobbits["ann"].lp == 9 and GAME.awaiting(m.after) == ("bob",)
    assert m.why == RULE and not m.undoable


def test_adv_10_buying_from_a_peddler_is_never_taken_back() -> None:
    """After the Peddler the second Rest card is drawn (ADV-3 3)."""
    s = _rolled(
        2,
        decks={
            "rest": _stack("rest", ["peddler", "hidden_cache"]),
            "equipment": _stack("equipment", ["rope"]),
        },
    )
    s = _play(s, ("ann", D("rest")))
    assert s.pending is not None and s.pending.kind == "buy"
    for bought in (["rope"], []):
        m = Move(s, "ann", D("buy", cards=bought))
        assert m.why == RULE and not m.undoable
        assert "drawn" in m.types()


def test_adv_11_choosing_where_lost_in_the_woods_leads_is_never_taken_back() -> None:
    s = _rolled(
        1,
        hobbits={"ann": {"place": "bree"}},
        decks={"adventure": _stack("adventure", ["lost_in_the_woods", "found_a_purse"])},
    )
    s = _play(s, ("ann", D("travel", to="old_forest")))
    assert s.pending is not None and s.pending.kind == "lost"
    m = Move(s, "ann", D("choose", option="weathertop"))
    assert m.why == RULE and not m.undoable
    assert "drawn" in m.types()  # Weathertop's Adventure card


def test_adv_11_a_weapon_smith_is_never_taken_back() -> None:
    s = _rolled(
        2,
        hobbits={"ann": {"cards": ["sword"]}},
        decks={"rest": _stack("rest", ["weapon_smith", "hidden_cache"])},
        dice={"green": [4]},
    )
    s = _play(s, ("ann", D("rest")))
    assert s.pending is not None and s.pending.kind == "smith"
    tried = Move(s, "ann", D("smith", card="sword"))
    assert tried.why == RULE and "rolled" in tried.types()
    declined = Move(s, "ann", D("smith", card=None))
    assert declined.why == RULE and "drawn" in declined.types()  # the next Rest card
    assert not tried.undoable and not declined.undoable


def test_adv_11_the_scroll_of_minds_taking_is_never_taken_back() -> None:
    """A secret Magic card is played, and another hobbit loses what it takes (ADV-12)."""
    s = _state(hobbits={"ann": {"cards": ["scroll_of_minds"]}})
    m = Move(s, "ann", D("use", card="scroll_of_minds", target="bob", what="gold"))
    assert m.after.hobbits["bob"].gp == 5 and "taken" in m.types()
    assert m.why == RULE and not m.undoable


def test_adv_6_a_danger_places_prize_is_never_taken_back() -> None:
    s = _rolled(
        2,
        hobbits={"ann": {"place": "hollin", "lp": 12}},
        decks={"danger": _stack("danger", ["uruk_band"])},
        dice={"green": [1], "combat": ["d3", "d3", "d3"]},
    )
    s = _play(s, ("ann", D("travel", to="moria")))  # no Magic card: the fight is auto
    assert s.pending is not None and s.pending.kind == "prize"
    for d in (D("take", what="talisman", colour="yellow"), D("take", what="gold")):
        m = Move(s, "ann", d)
        assert m.why == RULE and not m.undoable


def test_adv_7_the_talisman_lost_to_the_dragon_is_never_taken_back() -> None:
    s = _rolled(
        2,
        hobbits={"ann": {"place": "north_downs", "talismans": ["red", "yellow"]}},
        dice={"combat": ["d1", "p1", "d1", "d1", "d1", "d1", "d1", "d1", "d1"]},
    )
    s = _play(s, ("ann", D("travel", to="carn_dum")))
    while s.pending is not None and s.pending.kind == "reroll":
        s = _play(s, ("ann", D("stop")))
    assert s.pending is not None and s.pending.kind == "lose_talisman"
    m = Move(s, "ann", D("choose", option="red"))
    assert m.why == RULE and not m.undoable


def test_adv_12_only_the_hobbit_who_decided_takes_it_back() -> None:
    m = Move(_rolled(2), "ann", D("travel", to="grey_havens"))
    assert m.undoable
    assert not GAME.undoable(m.before, "bob", m.decision, m.after, m.events)
    assert refusal(m.before, "bob", m.decision, m.after, m.events) == NOT_THEIRS
    drink = Move(
        _state(hobbits={"bob": {"lp": 5, "cards": ["potion_3"]}}), "bob", D("use", card="potion_3")
    )
    assert not GAME.undoable(drink.before, "ann", drink.decision, drink.after, drink.events)


# ---- the guards, whatever the kind (ADV-13: all randomness from the state's generator) -------


def _undoable_travel() -> Move:
    m = Move(_rolled(2), "ann", D("travel", to="grey_havens"))
    assert m.undoable
    return m


def test_adv_13_a_move_after_which_the_generator_moved_on_is_not_taken_back() -> None:
    m = _undoable_travel()
    after = GAME.from_json(GAME.to_json(m.after))
    assert after.rng is not None
    after.rng += 1
    assert refusal(m.before, "ann", m.decision, after, m.events) == ROLLED


def test_adv_13_a_move_that_used_a_scripted_die_is_not_taken_back() -> None:
    s = _rolled(2, dice={"green": [4]})
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
    before = _rolled(2)
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
