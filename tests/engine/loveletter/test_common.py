"""Rules common to every edition (rules/common.md), one test or more per rule id."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import engine.loveletter as engine
from engine.loveletter.scenario import replay
from tests.engine.loveletter.stacking import (
    events,
    mv,
    play,
    rnd,
    run_moves,
    scenario,
    stacked_state,
)
from tests.engine.loveletter.templates import (
    pegasus_2p_countess_beats_baron,
    pegasus_2p_tie,
    pegasus_3p_princes_tie,
)

GW = "guardswoman"
THREE = {"ann": GW, "bob": "handmaid", "cid": "baron"}
SIZES = [("hobbit", n) for n in (2, 3, 4)] + [("l5r", n) for n in (2, 3, 4)]
SIZES += [("pegasus", n) for n in range(2, 9)]


def spec_round_one(**kw: object) -> dict:
    """The spec's example round: cid is last standing."""
    moves = [mv("ann", GW, "bob", 4), mv("cid", "baron", "ann")]
    return rnd("pegasus", THREE, ["priest", "prince"], moves, first="ann", **kw)


def test_c_1_a_deal_must_be_exactly_the_deck() -> None:
    r = rnd("hobbit", {"ann": "smaug", "bob": "bard", "cid": "gandalf"}, first="ann")
    assert r["draw_pile"][0] == "arkenstone"
    r["draw_pile"][0] = "smaug"
    out = replay(scenario("hobbit", ["ann", "bob", "cid"], [r]))
    assert out["ok"] is False and out["error"]["move"] is None
    assert "(extra: ['smaug']; missing: ['arkenstone'])" in out["error"]["reason"]


def test_c_1_two_players_put_three_cards_face_up() -> None:
    face_up = ["princess", "sensei", "manipulator"]
    out = play("l5r", {"ann": "guard", "bob": "courtier"}, ["guard"], face_up=face_up)
    assert out["ok"] is True
    assert events(out, "round_started")[0]["face_up"] == face_up
    bad = play("l5r", {"ann": "guard", "bob": "courtier"}, ["guard"], face_up=[])
    assert bad["error"]["reason"] == "'face_up' must hold 3 cards with 2 players"


@pytest.mark.parametrize(("ed", "n"), SIZES)
def test_c_1_a_random_deal_is_the_whole_deck(ed: str, n: int) -> None:
    names = [f"p{i}" for i in range(n)]
    st = engine.new_game(ed, names, random.Random(n))
    hands = [c for p in st.players for c in p.hand]
    assert len(st.players[st.active].hand) == 2 and len(hands) == n + 1
    assert len(st.face_up) == (3 if n == 2 else 0)
    dealt = Counter([*hands, *st.draw_pile, st.set_aside, *st.face_up])
    assert dealt == Counter(engine.edition(ed).deck(n))


def test_c_2_the_round_winner_starts_the_next_round() -> None:
    r2 = rnd("pegasus", {"ann": "princess", "bob": "countess", "cid": GW})
    out = replay(scenario("pegasus", list(THREE), [spec_round_one(set_aside="king"), r2]))
    assert out["ok"] is True and out["active"] == "cid"
    r2["first"] = "ann"
    out = replay(scenario("pegasus", list(THREE), [spec_round_one(set_aside="king"), r2]))
    assert out["error"] == {
        "round": 1,
        "move": None,
        "reason": "'first' must be cid (rule C-2), not ann",
    }


@pytest.mark.parametrize("first", ["ann", "bob"])
def test_c_2_either_tied_winner_may_start(first: str) -> None:
    r2 = pegasus_2p_tie(first, first, "bob" if first == "ann" else "ann")
    out = replay(scenario("pegasus", ["ann", "bob"], [pegasus_2p_tie(), r2]))
    assert out["ok"] is True
    assert events(out, "round_started")[1]["first"] == first


def test_c_2_without_first_a_tied_winner_is_drawn() -> None:
    r2 = pegasus_2p_tie()
    del r2["first"]
    r2["moves"] = []
    out = replay(scenario("pegasus", ["ann", "bob"], [pegasus_2p_tie(), r2]))
    assert out["ok"] is True and out["active"] in ("ann", "bob")


def test_c_3_after_a_turn_the_next_player_has_drawn() -> None:
    out = play("pegasus", THREE, ["priest", "prince"], [mv("ann", GW, "bob", 3)])
    assert out["active"] == "bob"
    assert sorted(out["players"]["bob"]["hand"]) == ["handmaid", "prince"]
    assert out["players"]["ann"]["hand"] == ["priest"]
    assert out["players"]["ann"]["discards"] == [GW]


def test_c_3_a_card_not_in_hand_or_out_of_turn_is_rejected() -> None:
    out = play("pegasus", THREE, ["priest"], [mv("bob", "handmaid")])
    assert out["error"]["reason"] == "It's ann's turn"
    out = play("pegasus", THREE, ["priest"], [mv("ann", "king", "bob")])
    assert out["error"]["reason"] == "You don't hold King"


def test_c_3_the_round_ends_when_the_pile_is_empty_after_a_turn() -> None:
    r = pegasus_2p_countess_beats_baron()
    out = replay(scenario("pegasus", ["ann", "bob"], [r]))
    assert out["rounds"][0]["ended_by"] == "deck_empty"
    r["moves"] = r["moves"][:-1]
    out = replay(scenario("pegasus", ["ann", "bob"], [r]))
    assert out["rounds"][0]["ended_by"] is None and out["active"] == "bob"


def test_c_4_a_knocked_out_player_discards_without_effect_and_cannot_be_chosen() -> None:
    hands = {"ann": "smaug", "bob": "kili_fili", "cid": "bard"}
    moves = [mv("ann", "smaug", "bob", "kili_fili"), mv("cid", "bard", "bob")]
    out = play("hobbit", hands, ["gandalf", "smaug"], moves)
    assert out["players"]["bob"]["discards"] == ["kili_fili"]
    assert out["players"]["bob"]["hand"] == [] and out["players"]["bob"]["in_round"] is False
    assert not events(out, "discarded") and not events(out, "card_drawn")
    assert out["error"] == {"round": 0, "move": 1, "reason": "bob is out of this round"}


def test_c_5_no_legal_choice_means_the_card_has_no_effect() -> None:
    hands = {"ann": "handmaid", "bob": "handmaid", "cid": GW}
    moves = [mv("ann", "handmaid"), mv("bob", "handmaid"), mv("cid", GW, "ann", 2)]
    out = play("pegasus", hands, ["priest", "priest", "baron"], moves)
    assert out["error"]["reason"] == "ann is protected by the Handmaid"
    out = play("pegasus", hands, ["priest", "priest", "baron"], [*moves[:2], mv("cid", GW)])
    assert out["ok"] is True
    no_effect = {"type": "no_effect", "player": "cid", "card": GW, "protected": ["ann", "bob"]}
    assert events(out, "no_effect") == [no_effect]  # and why: everyone else is protected
    assert out["players"]["cid"]["discards"] == [GW]


def test_c_5_the_discard_and_draw_card_must_then_choose_its_player() -> None:
    hands = {"ann": "handmaid", "bob": "prince", "cid": GW}
    top = ["priest", "baron", "guardswoman"]
    out = play("pegasus", hands, top, [mv("ann", "handmaid"), mv("bob", "prince")])
    assert out["error"]["reason"] == "Prince needs a player to choose"
    out = play("pegasus", hands, top, [mv("ann", "handmaid"), mv("bob", "prince", "bob")])
    assert out["players"]["bob"]["discards"] == ["prince", "baron"]


def test_c_6_protection_lasts_until_the_players_next_turn() -> None:
    hands = {"ann": "handmaid", "bob": GW, "cid": "priest"}
    top = ["priest", "baron", "guardswoman", "countess"]
    first = [mv("ann", "handmaid")]
    out = play("pegasus", hands, top, [*first, mv("bob", GW, "ann", 2)])
    assert out["error"]["reason"] == "ann is protected by the Handmaid"
    assert out["players"]["ann"]["protected"] is True
    moves = [*first, mv("bob", GW, "cid", 4), mv("cid", "priest", "bob")]
    out = play("pegasus", hands, top, moves)
    assert out["active"] == "ann" and out["players"]["ann"]["protected"] is False


def test_c_7_at_the_pile_end_the_highest_card_wins_and_set_aside_is_revealed() -> None:
    out = replay(scenario("pegasus", ["ann", "bob"], [pegasus_2p_countess_beats_baron()]))
    ended = events(out, "round_ended")[0]
    assert ended["winners"] == ["ann"] and ended["set_aside"] == "princess"
    assert ended["reveal"] == [["ann", "countess", 7], ["bob", "baron", 3]]
    assert out["rounds"][0]["set_aside"] == "princess"
    assert out["players"]["ann"]["tokens"] == 1 and out["players"]["bob"]["tokens"] == 0


def test_c_8_reaching_the_target_wins_the_game() -> None:
    sc = scenario("pegasus", list(THREE), [spec_round_one()], tokens={"cid": 3})
    out = replay(sc)
    assert out["game_winner"] == "cid" and out["active"] is None
    assert events(out, "game_ended")[0]["winner"] == "cid"
    sc["tokens"] = {"cid": 2}
    assert replay(sc)["game_winner"] is None


def test_c_9_tied_leaders_alone_play_a_deciding_round() -> None:
    tied = pegasus_3p_princes_tie()
    decider = rnd(
        "pegasus",
        {"ann": GW, "bob": "princess"},
        ["priest"],
        [mv("ann", GW, "bob", 8)],
        first="bob",
    )
    sc = scenario("pegasus", ["ann", "bob", "cid"], [tied], tokens={"ann": 3, "bob": 3})
    out = replay(sc)
    assert out["game_winner"] is None and out["deciding_round"] is None
    assert events(out, "deciding_round") == [{"type": "deciding_round", "players": ["ann", "bob"]}]
    sc["rounds"].append({**decider, "moves": []})
    out = replay(sc)
    assert out["deciding_round"] == ["ann", "bob"] and out["active"] == "bob"
    assert out["players"]["cid"]["in_round"] is False and out["players"]["cid"]["hand"] == []
    decider["first"] = "ann"
    sc["rounds"][1] = decider
    out = replay(sc)
    assert out["game_winner"] == "ann" and out["deciding_round"] is None


def test_c_9_a_deciding_round_between_all_players_is_still_a_deciding_round() -> None:
    sc = scenario("pegasus", ["ann", "bob"], [pegasus_2p_tie()], tokens={"ann": 4, "bob": 4})
    sc["rounds"].append({**pegasus_2p_tie(), "moves": []})
    out = replay(sc)
    assert out["deciding_round"] == ["ann", "bob"]
    assert events(out, "round_started")[1]["deciding"] is True
    sc["rounds"][1] = pegasus_2p_tie()
    sc["rounds"].append(pegasus_2p_countess_beats_baron(a="bob", b="ann"))
    out = replay(sc)
    assert out["game_winner"] == "bob"
    assert [r["winners"] for r in out["rounds"]] == [["ann", "bob"], ["ann", "bob"], ["bob"]]


def test_c_10_a_look_is_private_and_a_tied_compare_shows_no_values() -> None:
    hands = {"ann": "priest", "bob": "baron", "cid": "king"}
    st = stacked_state("pegasus", hands, ["handmaid", "handmaid", "guardswoman"])
    st, _ = run_moves(st, [mv("ann", "priest", "cid")])
    ann, bob = engine.player_view(st, "ann"), engine.player_view(st, "bob")
    assert [e.to_dict() for e in ann.log if e.type == "hand_seen"] == [
        {"type": "hand_seen", "viewer": "ann", "target": "cid", "card": "king"}
    ]
    assert "king" not in json.dumps(bob.to_dict())
    assert "king" not in json.dumps(engine.player_view(st, None).to_dict())
    st, ev = run_moves(st, [mv("bob", "baron", "ann")])  # Handmaid against Handmaid
    result = [e.to_dict() for e in ev if e.type == "compare_result"]
    assert result == [{"type": "compare_result", "player": "bob", "target": "ann", "loser": None}]
    cid = engine.player_view(st, "cid")
    assert not [e for e in cid.log if e.type == "compared"]
    assert [e.type for e in engine.player_view(st, "ann").log].count("compared") == 1


def test_c_11_the_same_seed_and_moves_give_the_same_game() -> None:
    def game(seed: int) -> list[str]:
        st = engine.new_game("pegasus", ["a", "b", "c", "d", "e"], random.Random(seed))
        pick, states = random.Random(99), [engine.to_json(st)]
        while not st.game_over:
            st, _ = engine.apply(st, pick.choice(engine.legal_moves(st)))
            states.append(engine.to_json(st))
        return states

    assert game(5) == game(5)
    assert game(5)[0] != game(6)[0]


def test_c_10_round_one_log_begins_with_the_deal_like_every_round() -> None:
    """A player's view of round 1 holds the round start and their own card, as later
    rounds do (their logs start at round_started)."""
    st = engine.new_game("pegasus", ["ann", "bob", "cid"], random.Random(3), first="bob")
    assert [e.type for e in st.log] == ["round_started", *["card_dealt"] * 3, "turn_started"]
    bob = engine.player_view(st, "bob")
    assert [e.type for e in bob.log] == ["round_started", "card_dealt", "turn_started"]
    assert [e.to_dict()["card"] for e in bob.log if e.type == "card_dealt"] == [bob.hand[0]]
    stacked = stacked_state("pegasus", THREE, ["priest"])
    assert [e.to_dict() for e in stacked.log[:2]] == [
        {
            "type": "round_started",
            "round": 1,
            "players": ["ann", "bob", "cid"],
            "first": "ann",
            "face_up": [],
            "deciding": False,
        },
        {"type": "card_dealt", "player": "ann", "card": GW},
    ]
