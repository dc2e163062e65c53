"""The 5-8 player expansion (rules/pegasus.md PEG-11..PEG-21)."""

from __future__ import annotations

import engine.loveletter as engine
from engine.loveletter.scenario import replay
from tests.engine.loveletter.stacking import (
    events,
    hand,
    mv,
    play,
    rnd,
    run_moves,
    scenario,
    stacked_state,
)
from tests.engine.loveletter.templates import five_to_the_end, pegasus_2p_countess_beats_baron

ED = "pegasus"
GW = "guardswoman"
FIVE = ["ann", "bob", "cid", "dan", "eve"]


def five(**hands: str) -> dict[str, str]:
    """Five hands: the given ones, Guardswomen for the rest."""
    return {p: hands.get(p, GW) for p in FIVE}


def test_peg_11_a_correct_bishop_guess_gives_a_heart_and_the_chosen_player_decides() -> None:
    hands = five(ann="bishop", bob="baron")
    out = play(ED, hands, ["priest", "king", "prince"], [mv("ann", "bishop", "bob", 3)])
    assert out["players"]["ann"]["tokens"] == 1
    assert out["pending"] == {"player": "bob", "decision": "bishop_redraw"}
    assert out["active"] == "ann" and out["players"]["bob"]["hand"] == ["baron"]
    waiting = [mv("ann", "bishop", "bob", 3), mv("bob", "countess")]
    assert "decide first" in play(ED, hands, ["priest"], waiting)["error"]["reason"].lower()
    waiting = [mv("ann", "bishop", "bob", 3), {"player": "ann", "decision": "keep"}]
    out = play(ED, hands, ["priest"], waiting)
    assert out["error"]["reason"] == "Waiting for bob to decide whether to keep their card"
    redraw = [mv("ann", "bishop", "bob", 3), {"player": "bob", "decision": "redraw"}]
    out = play(ED, hands, ["priest", "king", "prince"], redraw)
    assert out["pending"] is None and out["active"] == "bob"
    assert out["players"]["bob"]["discards"] == ["baron"]
    assert hand(out, "bob") == ["king", "prince"]
    keep = [mv("ann", "bishop", "bob", 3), {"player": "bob", "decision": "keep"}]
    out = play(ED, hands, ["priest", "king", "prince"], keep)
    assert hand(out, "bob") == ["baron", "king"] and out["players"]["bob"]["discards"] == []


def test_peg_11_a_wrong_guess_does_nothing_and_1_cannot_be_named() -> None:
    hands = five(ann="bishop", bob="baron")
    out = play(ED, hands, ["priest", "king"], [mv("ann", "bishop", "bob", 4)])
    assert out["players"]["ann"]["tokens"] == 0 and out["pending"] is None
    assert out["active"] == "bob"
    out = play(ED, hands, ["priest"], [mv("ann", "bishop", "bob", 1)])
    assert out["error"]["reason"] == "Bishop cannot name 1"


def test_peg_11_redrawing_the_princess_knocks_out() -> None:
    moves = [mv("ann", "bishop", "bob", 8), {"player": "bob", "decision": "redraw"}]
    out = play(ED, five(ann="bishop", bob="princess"), ["priest", "king"], moves)
    assert out["rounds"][0]["knocked_out"] == ["bob"] and out["active"] == "cid"


def test_peg_11_the_bishop_reaching_the_target_ends_the_game_at_once() -> None:
    hands = five(ann="bishop", bob="baron")
    out = play(ED, hands, ["priest"], [mv("ann", "bishop", "bob", 3)], tokens={"ann": 2})
    assert out["game_winner"] == "ann" and out["active"] is None and out["pending"] is None
    assert out["rounds"] == [
        {"winners": [], "ended_by": "game_won", "knocked_out": [], "set_aside": "assassin"}
    ]


def test_peg_11_the_assassin_does_not_react_to_the_bishop() -> None:
    hands = five(ann="bishop", bob="assassin")
    out = play(ED, hands, ["priest"], [mv("ann", "bishop", "bob", 0)], set_aside="guard")
    assert out["players"]["ann"]["in_round"] is True and out["players"]["ann"]["tokens"] == 1
    assert out["pending"] == {"player": "bob", "decision": "bishop_redraw"}
    assert not events(out, "assassin_revealed")


def test_peg_12_the_dowager_queen_knocks_out_the_higher_value() -> None:
    hands = five(ann="dowager_queen", bob="prince")
    out = play(ED, hands, [GW], [mv("ann", "dowager_queen", "bob")])
    assert out["rounds"][0]["knocked_out"] == ["bob"]
    out = play(ED, hands, ["princess"], [mv("ann", "dowager_queen", "bob")])
    assert out["rounds"][0]["knocked_out"] == ["ann"]
    out = play(ED, hands, ["count"], [mv("ann", "dowager_queen", "bob")])
    assert (
        out["rounds"][0]["knocked_out"] == [] and events(out, "compare_result")[0]["loser"] is None
    )


def test_peg_13_the_princess_beats_the_bishop_and_counts_add_at_the_end() -> None:
    out = replay(scenario(ED, FIVE, [five_to_the_end()]))
    ended = events(out, "round_ended")[0]
    assert ended["reveal"][:3] == [
        ["ann", "bishop", 9],
        ["bob", "princess", 8],
        ["cid", "countess", 9],
    ]
    assert out["rounds"][0]["winners"] == ["cid"]


def test_peg_13_every_player_with_the_highest_value_wins() -> None:
    out = replay(scenario(ED, FIVE, [five_to_the_end(tie=True)]))
    assert out["rounds"][0]["winners"] == ["bob", "cid"]
    assert [out["players"][p]["tokens"] for p in FIVE] == [0, 1, 1, 0, 0]


def test_peg_14_the_marshal_gives_a_heart_when_knocked_out_with_one_already_down() -> None:
    moves = [mv("ann", "marshal"), mv("bob", "guard", "ann", 3)]
    out = play(ED, five(ann="marshal", bob="guard"), ["baron", "priest"], moves)
    assert out["players"]["ann"]["tokens"] == 1
    assert events(out, "token_gained") == [
        {"type": "token_gained", "player": "ann", "reason": "marshal", "tokens": 1}
    ]
    out = play(ED, five(ann="marshal", bob="guard"), ["baron", "priest"], moves, tokens={"ann": 2})
    assert out["game_winner"] == "ann" and out["rounds"][0]["ended_by"] == "game_won"


def test_peg_14_the_marshal_discarded_on_being_knocked_out_does_not_count() -> None:
    moves = [mv("ann", "priest", "cid"), mv("bob", "guard", "ann", 6)]
    out = play(ED, five(ann="marshal", bob="guard"), ["priest", "baron"], moves)
    assert out["players"]["ann"]["discards"] == ["priest", "marshal"]
    assert out["players"]["ann"]["tokens"] == 0 and not events(out, "token_gained")


def test_peg_15_the_count_counts_at_the_round_end_only() -> None:
    hands = five(ann="count", bob="baron")
    moves = [mv("ann", "count"), mv("bob", "baron", "ann")]  # Priest against Priest
    out = play(ED, hands, ["priest", "priest"], moves)
    assert events(out, "compare_result")[0]["loser"] is None
    assert out["rounds"][0]["knocked_out"] == []


def test_peg_16_the_flatterer_binds_the_next_card() -> None:
    hands = five(ann="flatterer", bob="guard")
    top = ["priest", "baron", "handmaid"]
    first = [mv("ann", "flatterer", "cid")]
    out = play(ED, hands, top, [*first, mv("bob", "guard", "dan", 2)])
    assert out["error"]["reason"] == "The Flatterer binds this card to cid"
    out = play(ED, hands, top, [*first, mv("bob", "guard", "cid", 2)])
    assert out["ok"] and out["active"] == "cid"
    out = play(ED, hands, top, [*first, mv("bob", "guard", "cid", 2), mv("cid", GW, "dan", 2)])
    assert out["ok"] is True  # the binding ended with bob's card


def test_peg_16_binding_the_next_player_leaves_their_guard_without_effect() -> None:
    hands = five(ann="flatterer", bob="guard")
    out = play(ED, hands, ["priest", "baron"], [mv("ann", "flatterer", "bob"), mv("bob", "guard")])
    assert events(out, "no_effect") == [
        {"type": "no_effect", "player": "bob", "card": "guard", "protected": []}
    ]  # nobody is protected: the binding (PEG-16) left the Guard no choice


def test_peg_16_a_card_without_choice_ends_the_binding_with_its_turn() -> None:
    hands = five(ann="flatterer", bob="handmaid")
    moves = [mv("ann", "flatterer", "dan"), mv("bob", "handmaid"), mv("cid", GW, "eve", 2)]
    out = play(ED, hands, ["priest", "baron", "priest"], moves)
    assert out["ok"] is True and out["active"] == "dan"


def test_peg_16_the_flatterer_cannot_choose_a_protected_player() -> None:
    hands = {"ann": "handmaid", "bob": "flatterer", **dict.fromkeys(FIVE[2:], GW)}
    out = play(
        ED, hands, ["priest", "baron"], [mv("ann", "handmaid"), mv("bob", "flatterer", "ann")]
    )
    assert out["error"]["reason"] == "ann is protected by the Handmaid"


def test_peg_17_the_baroness_shows_one_or_two_hands_to_the_active_player() -> None:
    hands = five(ann="baroness", bob="king", cid="prince")
    st = stacked_state(ED, hands, ["priest"])
    st, ev = run_moves(st, [mv("ann", "baroness", targets=["bob", "cid"])])
    seen = [(e.viewer, e.target, e.card, e.audience) for e in ev if e.type == "hand_seen"]
    assert seen == [("ann", "bob", "king", ("ann",)), ("ann", "cid", "prince", ("ann",))]
    assert not [e for e in engine.player_view(st, "bob").log if e.type == "hand_seen"]
    out = play(ED, hands, ["priest"], [mv("ann", "baroness", "bob")])
    assert out["ok"] and len(events(out, "hand_seen")) == 1
    out = play(ED, hands, ["priest"], [mv("ann", "baroness", targets=["bob", "cid", "dan"])])
    assert out["error"]["reason"] == "Baroness chooses one or two players"
    out = play(ED, hands, ["priest"], [mv("ann", "baroness", targets=["ann"])])
    assert out["error"]["reason"] == "Baroness must choose another player"


def test_peg_18_the_cardinal_swaps_two_hands_and_looks_at_one() -> None:
    hands = five(ann="cardinal", bob="king", cid="prince")
    st = stacked_state(ED, hands, ["priest"])
    st, ev = run_moves(st, [mv("ann", "cardinal", targets=["cid", "bob"], look="bob")])
    assert st.players[1].hand[0] == "prince" and st.players[2].hand == ["king"]
    private = [(e.type, e.audience) for e in ev if e.audience is not None]
    assert private == [
        ("card_received", ("bob",)),
        ("card_received", ("cid",)),
        ("hand_seen", ("ann",)),
    ]
    assert [e.card for e in ev if e.type == "hand_seen"] == ["prince"]
    out = play(ED, hands, ["priest"], [mv("ann", "cardinal", targets=["ann", "bob"], look="ann")])
    assert (
        out["players"]["ann"]["hand"] == ["king"] and out["players"]["bob"]["hand"][0] == "priest"
    )
    out = play(ED, hands, ["priest"], [mv("ann", "cardinal", targets=["bob", "cid"], look="dan")])
    assert out["error"]["reason"] == "Cardinal can only look at one of the two chosen players"


def test_peg_18_with_fewer_than_two_choices_the_cardinal_has_no_effect() -> None:
    st = stacked_state(ED, five(ann="cardinal"), ["priest"])
    for p in st.players[1:]:
        p.protected = True
    cardinal = [m for m in engine.legal_moves(st) if m.card == "cardinal"]
    assert cardinal == [engine.Play("ann", "cardinal")]
    after, ev = engine.apply(st, cardinal[0])
    assert [e.type for e in ev][:2] == ["card_played", "no_effect"]


def test_peg_19_the_jester_pays_even_if_its_player_is_out() -> None:
    hands = five(ann="jester", bob=GW, cid="priest", dan=GW, eve="guard")
    moves = [
        mv("ann", "jester", "bob"),
        mv("bob", GW, "cid", 2),
        mv("dan", GW, "ann", 4),
        mv("eve", "guard", "dan", 3),
        mv("bob", GW, "eve", 5),
    ]
    out = play(ED, hands, ["handmaid", GW, "baron", "count", "guard"], moves)
    assert out["rounds"][0]["winners"] == ["bob"]
    assert out["rounds"][0]["knocked_out"] == ["cid", "ann", "dan", "eve"]
    assert [(e["player"], e["reason"]) for e in events(out, "token_gained")] == [
        ("bob", "round"),
        ("ann", "jester"),
    ]
    assert events(out, "jester_marked") == [
        {"type": "jester_marked", "player": "ann", "target": "bob"}
    ]


def test_peg_19_the_jester_pays_on_a_tied_winner() -> None:
    out = replay(scenario(ED, FIVE, [five_to_the_end(jester_on="cid", tie=True)]))
    assert out["rounds"][0]["winners"] == ["bob", "cid"]
    assert out["players"]["ann"]["tokens"] == 1


def _assassin_round() -> dict[str, str]:
    return five(ann="guard", bob="assassin", cid="priest", dan="handmaid")


def test_peg_20_the_assassin_knocks_out_the_guesser_even_on_a_guess_of_0() -> None:
    out = play(ED, _assassin_round(), ["baron", "king", "prince"], [mv("ann", "guard", "bob", 0)])
    assert out["rounds"][0]["knocked_out"] == ["ann"]
    assert out["players"]["ann"]["discards"] == ["guard", "baron"]
    assert out["players"]["bob"]["discards"] == ["assassin"]
    assert hand(out, "bob") == ["king", "prince"] and out["active"] == "bob"
    assert events(out, "assassin_revealed") == [
        {"type": "assassin_revealed", "holder": "bob", "guesser": "ann"}
    ]
    assert not events(out, "guess_result")


def test_peg_20_any_guess_on_the_assassin_holder_triggers_it() -> None:
    out = play(ED, _assassin_round(), [GW, "king"], [mv("ann", GW, "bob", 7)])
    assert out["rounds"][0]["knocked_out"] == ["ann"]


def _marshal_then_assassin(tokens: dict[str, int]) -> dict:
    hands = five(ann="marshal", bob="assassin", cid="priest", dan="handmaid", eve="guard")
    top = ["guard", GW, "priest", "count", GW, "baroness", "king", "prince"]
    moves = [
        mv("ann", "marshal"),
        mv("bob", GW, "cid", 3),
        mv("cid", "priest", "dan"),
        mv("dan", "count"),
        mv("eve", "guard", "dan", 2),
        mv("ann", "guard", "bob", 5),
    ]
    return play(ED, hands, top, moves, tokens=tokens)


def test_peg_20_marshal_and_assassin_the_knocked_out_guesser_gains_a_heart() -> None:
    out = _marshal_then_assassin({})
    assert out["players"]["ann"]["tokens"] == 1 and out["players"]["ann"]["in_round"] is False
    assert out["players"]["ann"]["discards"] == ["marshal", "guard", "baroness"]
    assert out["players"]["bob"]["discards"] == [GW, "assassin"]
    out = _marshal_then_assassin({"ann": 2})
    assert out["game_winner"] == "ann" and out["rounds"][0]["ended_by"] == "game_won"
    assert out["players"]["bob"]["hand"] == ["assassin"]


def test_peg_21_a_jester_heart_can_win_the_game_without_winning_a_round() -> None:
    hands = five(ann="jester", bob=GW, cid="priest", dan=GW, eve="guard")
    moves = [
        mv("ann", "jester", "bob"),
        mv("bob", GW, "cid", 2),
        mv("dan", GW, "ann", 4),
        mv("eve", "guard", "dan", 3),
        mv("bob", GW, "eve", 5),
    ]
    top = ["handmaid", GW, "baron", "count", "guard"]
    out = play(ED, hands, top, moves, tokens={"ann": 2})
    assert out["game_winner"] == "ann" and out["players"]["bob"]["tokens"] == 1


def test_peg_21_tied_leaders_after_the_jester_play_a_deciding_round() -> None:
    """bob and cid tie the round; ann's Jester on cid: ann and bob reach 3 hearts. cid won
    but is not in the deciding round, so the seat after him that plays, ann, may start."""
    tokens = {"ann": 2, "bob": 2, "cid": 1}
    decider = pegasus_2p_countess_beats_baron("ann", "bob")
    rounds = [five_to_the_end(jester_on="cid", tie=True), decider]
    out = replay(scenario(ED, FIVE, rounds, tokens=tokens))
    assert out["ok"] is True and out["game_winner"] == "ann"
    assert [r["winners"] for r in out["rounds"]] == [["bob", "cid"], ["ann"]]
    decider = rnd(ED, {"ann": GW, "bob": "priest"}, first="dan")
    out = replay(scenario(ED, FIVE, [five_to_the_end(jester_on="cid", tie=True), decider], tokens))
    assert out["error"]["reason"] == "'first' must be bob, ann (rule C-2), not dan"


def test_peg_10_a_two_player_deciding_round_has_no_0_or_9_to_guess() -> None:
    """The deciding round of a 5-player game is dealt the 16-card deck (C-9), so 9 and 0
    are not values in it (PEG-10)."""
    decider = pegasus_2p_countess_beats_baron("ann", "bob")
    decider["moves"] = [mv("ann", GW, "bob", 9)]
    rounds = [five_to_the_end(jester_on="cid", tie=True), decider]
    out = replay(scenario(ED, FIVE, rounds, tokens={"ann": 2, "bob": 2, "cid": 1}))
    assert out["deciding_round"] == ["ann", "bob"]
    assert out["error"] == {"round": 1, "move": 0, "reason": "9 is not a value in this deck"}


def test_c_9_card_hearts_do_not_end_a_deciding_round() -> None:
    """In a deciding round only its winner matters: a Bishop heart that reaches the target
    does not end the game (C-9, PEG-21). The state is a stacked round marked deciding."""
    st = stacked_state(ED, five(ann="bishop", bob="baron"), ["priest", "king"], tokens={"ann": 2})
    st.deciding = True
    after, ev = engine.apply(st, engine.Play("ann", "bishop", "bob", guess=3))
    assert after.players[0].tokens == 3
    assert not after.game_over and after.pending is not None
    assert [e.type for e in ev if e.type in ("game_ended", "round_ended")] == []
