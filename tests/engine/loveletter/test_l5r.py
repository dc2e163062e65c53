"""Edition `l5r` (rules/l5r.md), one test or more per rule id."""

from __future__ import annotations

from collections import Counter

import engine.loveletter as engine
from tests.engine.loveletter.stacking import events, mv, play, run_moves, stacked_state

ED = "l5r"
G5 = ["guard"] * 5


def test_l5r_1_the_deck_has_16_cards_with_name_and_title() -> None:
    ed = engine.edition(ED)
    assert Counter(ed.deck(3)) == {
        "princess": 1,
        "sensei": 1,
        "manipulator": 1,
        "hatamoto": 2,
        "shugenja": 2,
        "diplomat": 2,
        "courtier": 2,
        "guard": 5,
    }
    assert ed.card("hatamoto").label == "Matsu Misato, Hatamoto (5)"


def test_l5r_2_tokens_to_win_by_player_count() -> None:
    assert [engine.edition(ED).target(n) for n in (2, 3, 4)] == [7, 5, 4]
    hands = {"ann": "guard", "bob": "courtier", "cid": "shugenja"}
    moves = [mv("ann", "guard", "bob", "courtier"), mv("cid", "diplomat", "ann")]
    out = play(ED, hands, ["courtier", "diplomat"], moves, tokens={"cid": 4})
    assert out["game_winner"] == "cid" and out["players"]["cid"]["tokens"] == 5


def test_l5r_3_the_princess_discarded_by_the_hatamoto_knocks_out() -> None:
    hands = {"ann": "hatamoto", "bob": "princess", "cid": "guard"}
    out = play(ED, hands, ["guard", "courtier"], [mv("ann", "hatamoto", "bob")])
    assert out["players"]["bob"]["in_round"] is False
    assert out["players"]["bob"]["discards"] == ["princess"]
    out = play(ED, {"ann": "princess", "bob": "guard"}, ["courtier"], [mv("ann", "princess")])
    assert out["rounds"][0]["winners"] == ["bob"]


def test_l5r_4_the_sensei_is_forced_with_manipulator_or_hatamoto() -> None:
    for partner in ("manipulator", "hatamoto"):
        hands = {"ann": "sensei", "bob": "guard", "cid": "guard"}
        out = play(ED, hands, [partner], [mv("ann", partner, "bob")])
        assert out["error"]["reason"] == "You must play Togashi Gozato"
    out = play(ED, {"ann": "sensei", "bob": "guard"}, ["guard"], [mv("ann", "sensei")])
    assert out["ok"] and out["players"]["ann"]["hand"] == ["guard"]


def test_l5r_5_the_manipulator_trades_but_not_with_a_protected_player() -> None:
    hands = {"ann": "manipulator", "bob": "courtier", "cid": "guard"}
    out = play(ED, hands, ["diplomat", "guard"], [mv("ann", "manipulator", "bob")])
    assert out["players"]["ann"]["hand"] == ["courtier"]
    assert sorted(out["players"]["bob"]["hand"]) == ["diplomat", "guard"]
    hands = {"ann": "shugenja", "bob": "manipulator", "cid": "shugenja"}
    top = ["guard", "guard", "courtier"]
    both = [mv("cid", "shugenja"), mv("ann", "shugenja")]
    out = play(ED, hands, top, [*both, mv("bob", "manipulator", "ann")], first="cid")
    assert out["error"]["reason"] == "ann is protected by the Shugenja"
    out = play(ED, hands, top, [*both, mv("bob", "manipulator")], first="cid")
    assert out["ok"] and events(out, "no_effect")[0]["card"] == "manipulator"
    assert out["players"]["bob"]["hand"] == ["courtier"]


def test_l5r_6_the_hatamoto_may_choose_yourself_and_must_when_others_are_protected() -> None:
    hands = {"ann": "shugenja", "bob": "hatamoto", "cid": "shugenja"}
    top = ["guard", "guard", "courtier", "diplomat"]
    both = [mv("cid", "shugenja"), mv("ann", "shugenja")]
    out = play(ED, hands, top, [*both, mv("bob", "hatamoto", "ann")], first="cid")
    assert out["error"]["reason"] == "ann is protected by the Shugenja"
    out = play(ED, hands, top, [*both, mv("bob", "hatamoto")], first="cid")
    assert out["error"]["reason"] == "Matsu Misato needs a player to choose"
    out = play(ED, hands, top, [*both, mv("bob", "hatamoto", "bob")], first="cid")
    assert out["players"]["bob"]["discards"] == ["hatamoto", "courtier"]
    assert out["players"]["bob"]["hand"] == ["diplomat"]


def test_l5r_7_the_shugenja_protects() -> None:
    hands = {"ann": "shugenja", "bob": "guard", "cid": "guard"}
    out = play(
        ED,
        hands,
        ["guard", "courtier"],
        [mv("ann", "shugenja"), mv("bob", "guard", "ann", "courtier")],
    )
    assert out["error"]["reason"] == "ann is protected by the Shugenja"


def test_l5r_8_the_diplomat_knocks_out_the_lower_rank() -> None:
    hands = {"ann": "diplomat", "bob": "courtier", "cid": "guard"}
    out = play(ED, hands, ["shugenja"], [mv("ann", "diplomat", "bob")])
    assert out["rounds"][0]["knocked_out"] == ["bob"]
    out = play(ED, hands, ["guard"], [mv("ann", "diplomat", "bob")])
    assert out["rounds"][0]["knocked_out"] == ["ann"]
    out = play(ED, hands, ["courtier"], [mv("ann", "diplomat", "bob")])
    assert out["rounds"][0]["knocked_out"] == [] and out["active"] == "bob"


def test_l5r_9_the_courtier_looks_privately() -> None:
    hands = {"ann": "courtier", "bob": "princess", "cid": "guard"}
    st = stacked_state(ED, hands, ["guard"])
    st, ev = run_moves(st, [mv("ann", "courtier", "bob")])
    assert [(e.viewer, e.card) for e in ev if e.type == "hand_seen"] == [("ann", "princess")]
    for other in ("bob", "cid"):
        assert not [e for e in engine.player_view(st, other).log if e.type == "hand_seen"]


def test_l5r_10_the_guard_names_a_card_other_than_the_guard() -> None:
    hands = {"ann": "guard", "bob": "guard", "cid": "courtier"}
    out = play(ED, hands, ["guard"], [mv("ann", "guard", "bob", "guard")])
    assert out["error"]["reason"] == "Seppun Tasuke cannot name Seppun Tasuke"
    out = play(ED, hands, ["guard"], [mv("ann", "guard", "cid", "courtier")])
    assert out["rounds"][0]["knocked_out"] == ["cid"]


def _diplomats_to_the_end(last_two: list[str]) -> dict:
    """2 players keep a Diplomat (3) each to the end of the pile; returns the replay."""
    top = [*G5, "shugenja", "courtier", "courtier", *last_two]
    moves = [
        mv("ann", "guard", "bob", "courtier"),
        mv("bob", "guard", "ann", "courtier"),
        mv("ann", "guard", "bob", "courtier"),
        mv("bob", "guard", "ann", "courtier"),
        mv("ann", "guard", "bob", "courtier"),
        mv("bob", "shugenja"),
        mv("ann", "courtier"),  # bob is protected: no effect
        mv("bob", "courtier", "ann"),
        mv("ann", last_two[0]),
        mv("bob", last_two[1]),
    ]
    face_up = ["manipulator", "hatamoto", "hatamoto"]
    hands = {"ann": "diplomat", "bob": "diplomat"}
    return play(ED, hands, top, moves, set_aside="princess", face_up=face_up)


def test_l5r_11_equal_rank_goes_to_the_higher_discard_total() -> None:
    out = _diplomats_to_the_end(["shugenja", "sensei"])  # ann 3+2+4=9, bob 2+4+2+7=15
    assert out["rounds"][0]["winners"] == ["bob"]
    assert out["players"]["bob"]["tokens"] == 1 and out["players"]["ann"]["tokens"] == 0


def test_l5r_11_equal_rank_and_equal_discards_all_win() -> None:
    out = _diplomats_to_the_end(["sensei", "shugenja"])  # ann 3+2+7=12, bob 2+4+2+4=12
    assert out["rounds"][0]["winners"] == ["ann", "bob"]
    assert out["players"]["ann"]["tokens"] == out["players"]["bob"]["tokens"] == 1
