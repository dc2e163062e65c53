"""The bounded undo (issue 45), case by case: each decision the README's Undo table lets a
hobbit take back is undoable in a stacked game, and each one it refuses (a die, a drawn card,
a secret shown, another hobbit's decision, the turn's end) is not. Named by rule id."""

from __future__ import annotations

from engine.adventure import GAME
from engine.adventure import events as E
from engine.adventure.decisions import D
from engine.adventure.undo import DREW, FOUGHT, NOT_THEIRS, REVEALED, RULE, TURN, refusal
from tests.engine.adventure.helpers import stack
from tests.engine.adventure.undo_cases import Move, assert_taken_back, played, rolled, scene

# ---- undoable ------------------------------------------------------------------------------


def test_adv_3_travel_to_a_haven_may_be_taken_back_before_its_action() -> None:
    m = Move(rolled(2), "ann", D("travel", to="grey_havens"))
    assert m.after.pending is not None and m.after.pending.kind == "haven"
    assert_taken_back(m)


def test_adv_3_travel_to_a_village_may_be_taken_back_before_its_action() -> None:
    m = Move(rolled(2), "ann", D("travel", to="bree"))
    assert m.after.pending is not None and m.after.pending.kind == "village"
    assert_taken_back(m)


def test_adv_4_taking_the_place_instead_of_a_riddle_duel_may_be_taken_back() -> None:
    s = rolled(2, hobbits={"ann": {"cards": ["r01"]}, "bob": {"place": "bree"}})
    offered = Move(s, "ann", D("travel", to="bree"))
    assert offered.after.pending is not None and offered.after.pending.kind == "riddle"
    m = Move(offered.after, "ann", D("place"))
    assert m.after.pending is not None and m.after.pending.kind == "village"
    assert_taken_back(m)


def test_adv_11_accepting_or_refusing_a_jewellery_price_may_be_taken_back() -> None:
    s = rolled(2, hobbits={"ann": {"cards": ["jewellery"]}}, dice={"green": [5]})
    s = played(s, ("ann", D("travel", to="bree")))
    sell = Move(s, "ann", D("sell", card="jewellery"))
    assert sell.why == RULE and not sell.undoable  # the green die gave the price
    for answer in ("accept", "refuse"):
        m = Move(sell.after, "ann", D(answer))
        assert m.after.pending is not None and m.after.pending.kind == "village"
        assert_taken_back(m)
        assert m.before.pending is not None and m.before.pending.ctx["price"] == 5


def test_adv_5_buying_at_a_village_may_be_taken_back_and_browsing_may_not() -> None:
    top = ["sword", "rope", "potion_2", "lantern", "pipe"]
    s = rolled(2, decks={"equipment": stack("equipment", top)})
    s = played(s, ("ann", D("travel", to="bree")))
    browse = Move(s, "ann", D("browse"))
    assert browse.why == RULE and "drawn" in browse.types()
    m = Move(browse.after, "ann", D("buy", cards=["sword", "rope"]))
    assert "bought" in m.types() and m.after.hobbits["ann"].gp == 5
    assert m.after.pending is not None and m.after.pending.kind == "village"
    assert_taken_back(m)


def test_adv_11_staying_in_a_raging_fire_may_be_taken_back_while_the_turn_goes_on() -> None:
    s = rolled(1, decks={"adventure": stack("adventure", ["raging_fire"])})
    s = played(s, ("ann", D("travel", to="ered_luin")))
    assert s.pending is not None and s.pending.kind == "fire"
    stay = Move(s, "ann", D("choose", option="stay"))
    assert stay.after.hobbits["ann"].lp == 10 and stay.after.hobbits["ann"].place == "ered_luin"
    assert stay.after.pending is not None and stay.after.pending.kind == "village"
    assert_taken_back(stay)
    flee = Move(s, "ann", D("choose", option="flee"))
    assert flee.why == RULE and "turn_began" in flee.types()


def test_adv_11_a_friendly_eagle_flight_may_be_taken_back_before_the_haven() -> None:
    s = rolled(1, decks={"adventure": stack("adventure", ["friendly_eagle"])})
    s = played(s, ("ann", D("travel", to="ered_luin")))
    assert s.pending is not None and s.pending.kind == "special"
    fly = Move(s, "ann", D("move_to", to="rivendell"))
    assert fly.after.pending is not None and fly.after.pending.kind == "haven"
    assert_taken_back(fly)
    stay = Move(s, "ann", D("move_to", to=None))  # on to the Village the roll of 1 named
    assert stay.after.pending is not None and stay.after.pending.kind == "village"
    assert_taken_back(stay)


def test_adv_11_cancelling_a_forced_movement_with_a_rope_may_be_taken_back() -> None:
    s = rolled(
        1,
        hobbits={"ann": {"cards": ["rope"]}},
        decks={"adventure": stack("adventure", ["fog"])},
    )
    s = played(s, ("ann", D("travel", to="ered_luin")))
    assert s.pending is not None and s.pending.kind == "rope"
    cancel = Move(s, "ann", D("choose", option="decline"))
    assert "rope" not in cancel.after.hobbits["ann"].cards
    assert cancel.after.pending is not None and cancel.after.pending.kind == "village"
    assert_taken_back(cancel)
    fog = Move(s, "ann", D("choose", option="keep"))  # Fog: back to the start, the turn ends
    assert fog.why == TURN and not fog.undoable


def test_adv_11_a_potion_drunk_to_heal_may_be_taken_back_athelas_may_not() -> None:
    s = scene(hobbits={"ann": {"lp": 6, "cards": ["potion_2", "athelas"]}, "bob": {"lp": 5}})
    potion = Move(s, "ann", D("use", card="potion_2"))
    assert potion.after.hobbits["ann"].lp == 8
    assert_taken_back(potion)
    athelas = Move(s, "ann", D("use", card="athelas"))
    assert athelas.why == RULE and not athelas.undoable  # a secret Magic card shown (ADV-12)


def test_adv_11_a_potion_drunk_out_of_turn_may_be_taken_back_by_its_drinker() -> None:
    s = scene(hobbits={"bob": {"lp": 5, "cards": ["potion_3"]}})
    m = Move(s, "bob", D("use", card="potion_3"))
    assert GAME.awaiting(m.after) == ("ann",)
    assert m.undoable
    again = GAME.from_json(GAME.to_json(m.before))
    assert GAME.legal(again, "bob") == GAME.legal(s, "bob")


# ---- refused -------------------------------------------------------------------------------


def test_adv_3_the_movement_roll_is_never_taken_back() -> None:
    m = Move(scene(dice={"movement": [2]}), "ann", D("roll"))
    assert m.why == RULE and not m.undoable
    assert "rolled" in m.types()


def test_adv_3_travel_on_a_roll_of_1_is_never_taken_back() -> None:
    s = rolled(1, decks={"adventure": stack("adventure", ["found_a_purse"])})
    m = Move(s, "ann", D("travel", to="grey_havens"))
    assert m.why == RULE and not m.undoable
    assert "drawn" in m.types()  # the Adventure card, before moving (ADV-3 2)


def test_adv_3_resting_is_never_taken_back() -> None:
    m = Move(rolled(2), "ann", D("rest"))
    assert m.why == RULE and not m.undoable
    assert m.types().count("drawn") >= 1


def test_adv_5_travel_to_an_adventure_place_is_not_taken_back() -> None:
    s = rolled(2, decks={"adventure": stack("adventure", ["found_a_purse"])})
    m = Move(s, "ann", D("travel", to="old_forest"))
    assert m.why == DREW and not m.undoable


def test_adv_6_travel_to_a_creature_is_not_taken_back() -> None:
    s = rolled(2, decks={"adventure": stack("adventure", ["wolf"])}, dice={"green": [3]})
    m = Move(s, "ann", D("travel", to="old_forest"))
    assert not m.undoable and {"drawn", "fight_began"} <= set(m.types())


def test_adv_4_travel_that_offers_a_riddle_duel_is_not_taken_back() -> None:
    """Being offered the duel tells everyone ann holds a Riddle card (ADV-12)."""
    s = rolled(2, hobbits={"ann": {"cards": ["r01"]}, "bob": {"place": "bree"}})
    m = Move(s, "ann", D("travel", to="bree"))
    assert m.after.pending is not None and m.after.pending.kind == "riddle"
    assert m.why == REVEALED and not m.undoable


def test_adv_5_a_havens_action_ends_the_turn_and_is_never_taken_back() -> None:
    s = played(rolled(2), ("ann", D("travel", to="grey_havens")))
    for d in (D("buy_talisman", colour="blue"), D("done"), D("draw_magic")):
        m = Move(s, "ann", d)
        assert m.why == RULE and not m.undoable


def test_adv_3_travel_whose_haven_has_nothing_to_do_ends_the_turn_and_is_not_taken_back() -> None:
    """Rivendell with full LP and no gold: its only option is taken, the turn passes."""
    s = rolled(2, hobbits={"ann": {"place": "weathertop", "gp": 0}})
    m = Move(s, "ann", D("travel", to="rivendell"))
    assert GAME.awaiting(m.after) == ("bob",)
    assert m.why == TURN and not m.undoable


def test_adv_5_a_village_draws_and_its_end_are_never_taken_back() -> None:
    s = played(rolled(2), ("ann", D("travel", to="bree")))
    for d in (D("draw_riddle"), D("done")):
        m = Move(s, "ann", d)
        assert m.why == RULE and not m.undoable


def test_adv_10_swift_as_the_wind_is_never_taken_back() -> None:
    s = rolled(2, hobbits={"ann": {"cards": ["swift_as_the_wind"]}})
    m = Move(s, "ann", D("move_to", to="grey_havens"))
    assert m.why == RULE and not m.undoable
    shown = [e for e in m.events if isinstance(e, E.Returned)]
    assert shown and shown[0].cards == ("swift_as_the_wind",)


def test_adv_7_travel_to_carn_dum_is_not_taken_back() -> None:
    s = rolled(2, hobbits={"ann": {"place": "north_downs", "cards": ["potion_2"]}})
    m = Move(s, "ann", D("travel", to="carn_dum"))
    assert m.after.pending is not None and m.after.pending.kind == "prepare"
    assert m.why == FOUGHT and not m.undoable


def test_adv_6_no_decision_of_a_fight_is_taken_back() -> None:
    s = rolled(
        2,
        hobbits={"ann": {"cards": ["potion_2", "shadow_shield"]}},
        decks={"adventure": stack("adventure", ["hill_troll"])},
        dice={"green": [6], "combat": ["d1", "p1", "d1", "d1", "d1"]},
    )
    s = played(s, ("ann", D("travel", to="old_forest")))
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
    s = rolled(
        2,
        hobbits={
            "ann": {"cards": ["r01", "r05"]},
            "bob": {"place": "bree", "cards": ["r02", "r10"]},
        },
    )
    s = played(s, ("ann", D("travel", to="bree")))
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
    s = rolled("eagle", decks={"adventure": stack("adventure", ["found_a_purse"])})
    m = Move(s, "ann", D("travel", to="gundabad"))
    assert m.why == DREW and not m.undoable
    assert "drawn" in m.types()


def test_adv_5_healing_at_a_haven_ends_the_turn_and_is_never_taken_back() -> None:
    s = rolled(2, hobbits={"ann": {"place": "weathertop", "lp": 7}})
    s = played(s, ("ann", D("travel", to="rivendell")))
    m = Move(s, "ann", D("heal"))
    assert m.after.hobbits["ann"].lp == 9 and GAME.awaiting(m.after) == ("bob",)
    assert m.why == RULE and not m.undoable


def test_adv_10_buying_from_a_peddler_is_never_taken_back() -> None:
    """After the Peddler the second Rest card is drawn (ADV-3 3)."""
    s = rolled(
        2,
        decks={
            "rest": stack("rest", ["peddler", "hidden_cache"]),
            "equipment": stack("equipment", ["rope"]),
        },
    )
    s = played(s, ("ann", D("rest")))
    assert s.pending is not None and s.pending.kind == "buy"
    for bought in (["rope"], []):
        m = Move(s, "ann", D("buy", cards=bought))
        assert m.why == RULE and not m.undoable
        assert "drawn" in m.types()


def test_adv_11_choosing_where_lost_in_the_woods_leads_is_never_taken_back() -> None:
    s = rolled(
        1,
        hobbits={"ann": {"place": "bree"}},
        decks={"adventure": stack("adventure", ["lost_in_the_woods", "found_a_purse"])},
    )
    s = played(s, ("ann", D("travel", to="old_forest")))
    assert s.pending is not None and s.pending.kind == "lost"
    m = Move(s, "ann", D("choose", option="weathertop"))
    assert m.why == RULE and not m.undoable
    assert "drawn" in m.types()  # Weathertop's Adventure card


def test_adv_11_a_weapon_smith_is_never_taken_back() -> None:
    s = rolled(
        2,
        hobbits={"ann": {"cards": ["sword"]}},
        decks={"rest": stack("rest", ["weapon_smith", "hidden_cache"])},
        dice={"green": [4]},
    )
    s = played(s, ("ann", D("rest")))
    assert s.pending is not None and s.pending.kind == "smith"
    tried = Move(s, "ann", D("smith", card="sword"))
    assert tried.why == RULE and "rolled" in tried.types()
    declined = Move(s, "ann", D("smith", card=None))
    assert declined.why == RULE and "drawn" in declined.types()  # the next Rest card
    assert not tried.undoable and not declined.undoable


def test_adv_11_the_scroll_of_minds_taking_is_never_taken_back() -> None:
    """A secret Magic card is played, and another hobbit loses what it takes (ADV-12)."""
    s = scene(hobbits={"ann": {"cards": ["scroll_of_minds"]}})
    m = Move(s, "ann", D("use", card="scroll_of_minds", target="bob", what="gold"))
    assert m.after.hobbits["bob"].gp == 5 and "taken" in m.types()
    assert m.why == RULE and not m.undoable


def test_adv_6_a_danger_places_prize_is_never_taken_back() -> None:
    s = rolled(
        2,
        hobbits={"ann": {"place": "hollin", "lp": 12}},
        decks={"danger": stack("danger", ["uruk_band"])},
        dice={"green": [1], "combat": ["d3", "d3", "d3"]},
    )
    s = played(s, ("ann", D("travel", to="moria")))  # no Magic card: the fight is auto
    assert s.pending is not None and s.pending.kind == "prize"
    for d in (D("take", what="talisman", colour="yellow"), D("take", what="gold")):
        m = Move(s, "ann", d)
        assert m.why == RULE and not m.undoable


def test_adv_7_the_talisman_lost_to_the_dragon_is_never_taken_back() -> None:
    s = rolled(
        2,
        hobbits={"ann": {"place": "north_downs", "talismans": ["red", "yellow"]}},
        dice={"combat": ["d1", "p1", "d1", "d1", "d1", "d1", "d1", "d1", "d1"]},
    )
    s = played(s, ("ann", D("travel", to="carn_dum")))
    while s.pending is not None and s.pending.kind == "reroll":
        s = played(s, ("ann", D("stop")))
    assert s.pending is not None and s.pending.kind == "lose_talisman"
    m = Move(s, "ann", D("choose", option="red"))
    assert m.why == RULE and not m.undoable


def test_adv_12_only_the_hobbit_who_decided_takes_it_back() -> None:
    m = Move(rolled(2), "ann", D("travel", to="grey_havens"))
    assert m.undoable
    assert not GAME.undoable(m.before, "bob", m.decision, m.after, m.events)
    assert refusal(m.before, "bob", m.decision, m.after, m.events) == NOT_THEIRS
    drink = Move(
        scene(hobbits={"bob": {"lp": 5, "cards": ["potion_3"]}}), "bob", D("use", card="potion_3")
    )
    assert not GAME.undoable(drink.before, "ann", drink.decision, drink.after, drink.events)
