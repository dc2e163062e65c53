"""Edition `pegasus`, base cards (rules/pegasus.md PEG-1..PEG-10)."""

from __future__ import annotations

from collections import Counter

import engine.loveletter as engine
from tests.engine.loveletter.stacking import events, mv, play, run_moves, stacked_state

ED = "pegasus"
GW = "guardswoman"
THREE = {"ann": GW, "bob": "handmaid", "cid": "baron"}
FIVE = ["ann", "bob", "cid", "dan", "eve"]


def test_peg_1_16_cards_for_2_to_4_players_32_for_5_to_8() -> None:
    ed = engine.edition(ED)
    base = Counter(ed.deck(4))
    assert sum(base.values()) == 16 and base[GW] == 5 and "bishop" not in base
    full = Counter(ed.deck(5))
    assert sum(full.values()) == 32 and full == Counter(ed.deck(8))
    assert full["guard"] == 3 and full["count"] == 2 and full["assassin"] == 1
    assert ed.card("handmaid").label == "Handmaid (Zofe, 4)"


def test_peg_2_hearts_to_win_by_player_count() -> None:
    ed = engine.edition(ED)
    assert [ed.target(n) for n in range(2, 9)] == [5, 4, 3, 3, 3, 3, 3]
    moves = [mv("ann", GW, "bob", 4), mv("cid", "baron", "ann")]
    out = play(ED, THREE, ["priest", "prince"], moves, tokens={"cid": 3})
    assert out["game_winner"] == "cid" and out["players"]["cid"]["tokens"] == 4


def test_peg_3_the_princess_discarded_for_any_reason_knocks_out() -> None:
    out = play(ED, {"ann": "princess", "bob": GW, "cid": GW}, ["priest"], [mv("ann", "princess")])
    assert out["rounds"][0]["knocked_out"] == ["ann"]
    assert out["players"]["ann"]["discards"] == ["princess", "priest"]
    hands = {"ann": "prince", "bob": "princess", "cid": GW}
    out = play(ED, hands, ["priest", "baron"], [mv("ann", "prince", "bob")])
    assert out["rounds"][0]["knocked_out"] == ["bob"] and not events(out, "card_drawn")


def test_peg_4_the_countess_is_forced_with_king_or_prince() -> None:
    for partner in ("king", "prince"):
        hands = {"ann": "countess", "bob": GW, "cid": GW}
        out = play(ED, hands, [partner], [mv("ann", partner, "bob")])
        assert out["error"]["reason"] == "You must play Countess"
        out = play(ED, hands, [partner], [mv("ann", "countess")])
        assert out["ok"] and out["players"]["ann"]["hand"] == [partner]
    out = play(ED, {"ann": "countess", "bob": GW, "cid": GW}, ["priest"], [mv("ann", "countess")])
    assert out["ok"]


def test_peg_5_the_king_trades_hands() -> None:
    hands = {"ann": "king", "bob": "princess", "cid": GW}
    out = play(ED, hands, ["priest", "baron"], [mv("ann", "king", "bob")])
    assert out["players"]["ann"]["hand"] == ["princess"]
    assert sorted(out["players"]["bob"]["hand"]) == ["baron", "priest"]
    out = play(ED, hands, ["priest"], [mv("ann", "king", "ann")])
    assert out["error"]["reason"] == "King must choose another player"


def test_peg_6_the_prince_may_choose_yourself_and_must_when_others_are_protected() -> None:
    hands = {"ann": "prince", "bob": GW, "cid": "priest"}
    out = play(ED, hands, ["baron", "countess"], [mv("ann", "prince", "ann")])
    assert out["players"]["ann"]["discards"] == ["prince", "baron"]
    assert out["players"]["ann"]["hand"] == ["countess"]
    hands = {"ann": "handmaid", "bob": "handmaid", "cid": "prince"}
    top = ["priest", "priest", "baron", "king"]
    both = [mv("ann", "handmaid"), mv("bob", "handmaid")]
    out = play(ED, hands, top, [*both, mv("cid", "prince", "ann")])
    assert out["error"]["reason"] == "ann is protected by the Handmaid"
    out = play(ED, hands, top, [*both, mv("cid", "prince", "cid")])
    assert out["players"]["cid"]["hand"] == ["king"]


def test_peg_7_the_handmaid_protects() -> None:
    hands = {"ann": "handmaid", "bob": GW, "cid": "priest"}
    out = play(ED, hands, ["baron", "king"], [mv("ann", "handmaid"), mv("bob", "king", "ann")])
    assert out["error"]["reason"] == "ann is protected by the Handmaid"


def test_peg_8_the_baron_knocks_out_the_lower_value_and_the_bishop_counts_9() -> None:
    hands = {"ann": "baron", "bob": "priest", "cid": GW}
    out = play(ED, hands, ["handmaid"], [mv("ann", "baron", "bob")])
    assert out["rounds"][0]["knocked_out"] == ["bob"]
    five = {"ann": "baron", "bob": "bishop", "cid": GW, "dan": GW, "eve": GW}
    out = play(ED, five, ["princess"], [mv("ann", "baron", "bob")])
    assert out["rounds"][0]["knocked_out"] == ["ann"]


def test_peg_9_the_priest_looks_privately() -> None:
    st = stacked_state(ED, {"ann": "priest", "bob": "princess", "cid": GW}, ["baron"])
    st, ev = run_moves(st, [mv("ann", "priest", "bob")])
    assert [(e.viewer, e.target, e.card) for e in ev if e.type == "hand_seen"] == [
        ("ann", "bob", "princess")
    ]
    assert not [e for e in engine.player_view(st, "cid").log if e.type == "hand_seen"]


def test_peg_10_a_guess_names_a_value_and_hits_every_card_of_it() -> None:
    five = {"ann": "guard", "bob": "count", "cid": GW, "dan": GW, "eve": GW}
    out = play(ED, five, ["priest"], [mv("ann", "guard", "bob", 5)])
    assert out["rounds"][0]["knocked_out"] == ["bob"]
    five["bob"] = "jester"
    out = play(ED, five, ["priest"], [mv("ann", "guard", "bob", 0)])
    assert out["rounds"][0]["knocked_out"] == ["bob"]
    five["bob"] = "bishop"
    out = play(ED, five, ["priest"], [mv("ann", "guard", "bob", 9)])
    assert out["rounds"][0]["knocked_out"] == ["bob"]
    out = play(ED, five, ["priest"], [mv("ann", "guard", "bob", 1)])
    assert out["error"]["reason"] == "Guard cannot name 1"


def test_peg_10_0_and_9_are_not_values_of_the_base_deck() -> None:
    hands = {"ann": GW, "bob": "priest", "cid": GW}
    out = play(ED, hands, ["baron"], [mv("ann", GW, "bob", 9)])
    assert out["error"]["reason"] == "9 is not a value in this deck"
    out = play(ED, hands, ["baron"], [mv("ann", GW, "bob", "priest")])
    assert out["ok"] is False
    out = play(ED, hands, ["baron"], [mv("ann", GW, "bob", 2)])
    assert out["rounds"][0]["knocked_out"] == ["bob"]
