"""Edition `hobbit` (rules/hobbit.md), one test or more per rule id."""

from __future__ import annotations

from collections import Counter

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

ED = "hobbit"
S5 = ["smaug"] * 5


def test_hob_1_the_deck_has_17_cards() -> None:
    deck = Counter(engine.edition(ED).deck(4))
    assert sum(deck.values()) == 17
    assert deck == {
        "arkenstone": 1,
        "bilbo": 1,
        "thorin": 1,
        "kili_fili": 2,
        "gandalf": 2,
        "tauriel": 1,
        "legolas": 1,
        "bard": 2,
        "smaug": 5,
        "one_ring": 1,
    }
    values = {c.id: c.value for c in engine.edition(ED).cards}
    assert values["arkenstone"] == 8 and values["one_ring"] == 0 and values["legolas"] == 3


def test_hob_2_crowns_to_win_by_player_count() -> None:
    assert [engine.edition(ED).target(n) for n in (2, 3, 4)] == [5, 4, 3]
    hands = {"ann": "smaug", "bob": "bard"}
    out = play(ED, hands, ["gandalf"], [mv("ann", "smaug", "bob", "bard")], tokens={"ann": 4})
    assert out["game_winner"] == "ann" and out["players"]["ann"]["tokens"] == 5
    out = play(ED, hands, ["gandalf"], [mv("ann", "smaug", "bob", "bard")], tokens={"ann": 3})
    assert out["game_winner"] is None


def test_hob_3_playing_or_discarding_the_arkenstone_knocks_out() -> None:
    hands = {"ann": "arkenstone", "bob": "bard", "cid": "gandalf"}
    out = play(ED, hands, ["smaug"], [mv("ann", "arkenstone")])
    assert out["players"]["ann"]["in_round"] is False
    assert out["players"]["ann"]["discards"] == ["arkenstone", "smaug"]
    assert out["rounds"][0]["knocked_out"] == ["ann"] and out["active"] == "bob"
    hands = {"ann": "kili_fili", "bob": "arkenstone", "cid": "gandalf"}
    out = play(ED, hands, ["smaug", "bard"], [mv("ann", "kili_fili", "bob")])
    assert out["players"]["bob"]["discards"] == ["arkenstone"]
    assert out["players"]["bob"]["hand"] == [] and out["players"]["bob"]["in_round"] is False
    assert not events(out, "card_drawn")


def test_hob_4_bilbo_is_forced_with_thorin_or_kili_and_fili() -> None:
    for partner in ("thorin", "kili_fili"):
        hands = {"ann": "bilbo", "bob": "bard", "cid": "gandalf"}
        out = play(ED, hands, [partner], [mv("ann", partner, "bob")])
        assert out["error"]["reason"] == "You must play Bilbo Baggins"
        out = play(ED, hands, [partner], [mv("ann", "bilbo")])
        assert out["ok"] and out["players"]["ann"]["hand"] == [partner]
    out = play(ED, {"ann": "bilbo", "bob": "bard"}, ["smaug"], [mv("ann", "bilbo")])
    assert out["ok"] and out["players"]["ann"]["discards"] == ["bilbo"]


def test_hob_5_thorin_swaps_hands_and_each_sees_what_they_got() -> None:
    hands = {"ann": "thorin", "bob": "bard", "cid": "gandalf"}
    out = play(ED, hands, ["gandalf", "smaug"], [mv("ann", "thorin", "bob")])
    assert out["players"]["ann"]["hand"] == ["bard"]
    assert sorted(out["players"]["bob"]["hand"]) == ["gandalf", "smaug"]
    got = [(e["player"], e["card"], e["giver"]) for e in events(out, "card_received")]
    assert got == [("ann", "bard", "bob"), ("bob", "gandalf", "ann")]
    st = stacked_state(ED, hands, ["gandalf", "smaug"])
    st, _ = run_moves(st, [mv("ann", "thorin", "bob")])
    cid = engine.player_view(st, "cid")
    assert not [e for e in cid.log if e.type == "card_received"]


def test_hob_6_kili_and_fili_discard_and_draw_the_set_aside_card_at_the_end() -> None:
    """ann's last card is the second Kili & Fili: bob's Bard goes, he draws the set-aside
    One Ring, which counts 7 at the end (HOB-12) and beats Kili & Fili."""
    top = [*S5, "gandalf", "tauriel", "bard", "gandalf", "legolas", "kili_fili"]
    moves = [
        mv("ann", "smaug", "bob", "gandalf"),
        mv("bob", "smaug", "ann", "gandalf"),
        mv("ann", "smaug", "bob", "gandalf"),
        mv("bob", "smaug", "ann", "gandalf"),
        mv("ann", "smaug", "bob", "gandalf"),
        mv("bob", "gandalf"),
        mv("ann", "tauriel"),  # bob is protected: no effect (HOB-13)
        mv("bob", "bard", "ann"),
        mv("ann", "gandalf"),
        mv("bob", "legolas"),
        mv("ann", "kili_fili", "bob"),
    ]
    face_up = ["arkenstone", "bilbo", "thorin"]
    hands = {"ann": "kili_fili", "bob": "bard"}
    out = play(ED, hands, top, moves, set_aside="one_ring", face_up=face_up)
    assert out["ok"] is True
    drawn = events(out, "card_drawn")
    assert drawn == [
        {"type": "card_drawn", "player": "bob", "card": "one_ring", "from_set_aside": True}
    ]
    assert out["players"]["bob"]["discards"][-1] == "bard"
    ended = events(out, "round_ended")[0]
    assert ended["reveal"] == [["ann", "kili_fili", 5], ["bob", "one_ring", 7]]
    assert out["rounds"][0]["winners"] == ["bob"]


def test_hob_6_kili_and_fili_may_choose_yourself() -> None:
    hands = {"ann": "kili_fili", "bob": "bard", "cid": "gandalf"}
    out = play(ED, hands, ["smaug", "legolas"], [mv("ann", "kili_fili", "ann")])
    assert out["players"]["ann"]["discards"] == ["kili_fili", "smaug"]
    assert out["players"]["ann"]["hand"] == ["legolas"]


def test_hob_7_gandalf_protects_until_the_next_turn() -> None:
    hands = {"ann": "gandalf", "bob": "smaug", "cid": "bard"}
    out = play(
        ED, hands, ["bard", "smaug"], [mv("ann", "gandalf"), mv("bob", "smaug", "ann", "bard")]
    )
    assert out["error"]["reason"] == "ann is protected by Gandalf the Grey"
    assert out["players"]["ann"]["protected"] is True


def test_hob_8_legolas_knocks_out_the_lower_value_and_the_one_ring_is_0() -> None:
    hands = {"ann": "legolas", "bob": "one_ring", "cid": "gandalf"}
    out = play(ED, hands, ["bard"], [mv("ann", "legolas", "bob")])
    assert out["rounds"][0]["knocked_out"] == ["bob"]
    hands = {"ann": "legolas", "bob": "bard", "cid": "gandalf"}
    out = play(ED, hands, ["bard"], [mv("ann", "legolas", "bob")])
    assert out["rounds"][0]["knocked_out"] == []
    assert events(out, "compare_result")[0]["loser"] is None


def test_hob_9_tauriel_knocks_out_the_higher_value_unless_german_elves() -> None:
    hands = {"ann": "tauriel", "bob": "gandalf", "cid": "smaug"}
    out = play(ED, hands, ["bard"], [mv("ann", "tauriel", "bob")])
    assert out["rounds"][0]["knocked_out"] == ["bob"]
    out = play(ED, hands, ["bard"], [mv("ann", "tauriel", "bob")], options={"elves": "german"})
    assert out["rounds"][0]["knocked_out"] == ["ann"]
    out = play(ED, hands, ["bard"], [mv("ann", "tauriel", "bob")], options={"elves": "printed"})
    assert out["rounds"][0]["knocked_out"] == ["bob"]


def test_hob_10_bard_shows_a_hand_to_the_active_player_only() -> None:
    hands = {"ann": "bard", "bob": "thorin", "cid": "smaug"}
    st = stacked_state(ED, hands, ["gandalf"])
    st, ev = run_moves(st, [mv("ann", "bard", "bob")])
    seen = [e for e in ev if e.type == "hand_seen"]
    assert [(e.viewer, e.target, e.card, e.audience) for e in seen] == [
        ("ann", "bob", "thorin", ("ann",))
    ]
    assert not [e for e in engine.player_view(st, "cid").log if e.type == "hand_seen"]


def test_hob_11_smaug_cannot_name_smaug() -> None:
    hands = {"ann": "smaug", "bob": "smaug", "cid": "bard"}
    out = play(ED, hands, ["bard"], [mv("ann", "smaug", "bob", "smaug")])
    assert out["error"]["reason"] == "Smaug cannot name Smaug"


def test_hob_11_smaug_names_a_card_not_a_value() -> None:
    hands = {"ann": "smaug", "bob": "tauriel", "cid": "bard"}
    out = play(ED, hands, ["bard"], [mv("ann", "smaug", "bob", "legolas")])
    assert out["rounds"][0]["knocked_out"] == []
    assert events(out, "card_played")[0]["guess"] == "legolas"
    out = play(ED, hands, ["bard"], [mv("ann", "smaug", "bob", "tauriel")])
    assert out["rounds"][0]["knocked_out"] == ["bob"]
    out = play(ED, hands, ["bard"], [mv("ann", "smaug", "bob", 3)])
    assert out["ok"] is False


def test_hob_12_the_one_ring_and_bilbo_share_the_round() -> None:
    top = [*S5, "gandalf", "tauriel", "bard", "gandalf", "legolas", "bard"]
    moves = [
        mv("ann", "smaug", "bob", "gandalf"),
        mv("bob", "smaug", "ann", "gandalf"),
        mv("ann", "smaug", "bob", "gandalf"),
        mv("bob", "smaug", "ann", "gandalf"),
        mv("ann", "smaug", "bob", "gandalf"),
        mv("bob", "gandalf"),
        mv("ann", "tauriel"),
        mv("bob", "bard", "ann"),
        mv("ann", "gandalf"),
        mv("bob", "legolas"),
        mv("ann", "bard", "bob"),
    ]
    face_up = ["thorin", "kili_fili", "kili_fili"]
    hands = {"ann": "bilbo", "bob": "one_ring"}
    out = play(ED, hands, top, moves, set_aside="arkenstone", face_up=face_up)
    assert out["rounds"][0]["winners"] == ["ann", "bob"]
    assert events(out, "round_ended")[0]["reveal"] == [["ann", "bilbo", 7], ["bob", "one_ring", 7]]
    assert out["players"]["ann"]["tokens"] == out["players"]["bob"]["tokens"] == 1


def test_hob_13_with_everyone_protected_thorin_has_no_effect_and_kili_chooses_you() -> None:
    hands = {"ann": "gandalf", "bob": "gandalf", "cid": "thorin"}
    top = ["smaug", "smaug", "kili_fili", "bard"]
    both = [mv("ann", "gandalf"), mv("bob", "gandalf")]
    out = play(ED, hands, top, [*both, mv("cid", "thorin", "ann")])
    assert out["error"]["reason"] == "ann is protected by Gandalf the Grey"
    out = play(ED, hands, top, [*both, mv("cid", "thorin")])
    assert events(out, "no_effect") == [
        {"type": "no_effect", "player": "cid", "card": "thorin", "protected": ["ann", "bob"]}
    ]
    assert out["players"]["cid"]["hand"] == ["kili_fili"]
    out = play(ED, hands, top, [*both, mv("cid", "kili_fili", "bob")])
    assert out["error"]["reason"] == "bob is protected by Gandalf the Grey"
    out = play(ED, hands, top, [*both, mv("cid", "kili_fili", "cid")])
    assert out["players"]["cid"]["discards"] == ["kili_fili", "thorin"]
    assert out["players"]["cid"]["hand"] == ["bard"]


def test_hob_12_tie_at_the_target_is_a_deciding_round() -> None:
    """Both reach 5 crowns together: they play a deciding round (C-9)."""
    sc = scenario(ED, ["ann", "bob"], [], tokens={"ann": 4, "bob": 4})
    top = [*S5, "gandalf", "tauriel", "bard", "gandalf", "legolas", "bard"]
    moves = [
        mv("ann", "smaug", "bob", "gandalf"),
        mv("bob", "smaug", "ann", "gandalf"),
        mv("ann", "smaug", "bob", "gandalf"),
        mv("bob", "smaug", "ann", "gandalf"),
        mv("ann", "smaug", "bob", "gandalf"),
        mv("bob", "gandalf"),
        mv("ann", "tauriel"),
        mv("bob", "bard", "ann"),
        mv("ann", "gandalf"),
        mv("bob", "legolas"),
        mv("ann", "bard", "bob"),
    ]
    hands = {"ann": "bilbo", "bob": "one_ring"}
    face_up = ["thorin", "kili_fili", "kili_fili"]
    sc["rounds"] = [
        rnd(ED, hands, top, moves, first="ann", set_aside="arkenstone", face_up=face_up)
    ]
    out = replay(sc)
    assert out["game_winner"] is None
    assert events(out, "deciding_round")[0]["players"] == ["ann", "bob"]
