"""Whole stacked rounds that run the draw pile out, for round-end rules (C-7, C-9, ties).

Each returns a scenario round (stacking.rnd) whose moves are harmless fillers: the keepers
named in the docstring are still in hand when the pile runs out.
"""

from __future__ import annotations

from typing import Any

from tests.engine.loveletter.stacking import mv, rnd

GW = "guardswoman"
Json = dict[str, Any]


def pegasus_2p_tie(first: str = "ann", a: str = "ann", b: str = "bob") -> Json:
    """2 players: both keep a Baron (3) to the end: a tie (PEG-13)."""
    top = [GW, GW, GW, GW, GW, "priest", "priest", "handmaid", "handmaid", "countess"]
    moves = [
        mv(a, GW, b, 2),
        mv(b, GW, a, 2),
        mv(a, GW, b, 2),
        mv(b, GW, a, 2),
        mv(a, GW, b, 2),
        mv(b, "priest", a),
        mv(a, "priest", b),
        mv(b, "handmaid"),
        mv(a, "handmaid"),
        mv(b, "countess"),
    ]
    hands = {a: "baron", b: "baron"}
    face_up = ["king", "prince", "prince"]
    return rnd("pegasus", hands, top, moves, first=first, set_aside="princess", face_up=face_up)


def pegasus_2p_countess_beats_baron(a: str = "ann", b: str = "bob") -> Json:
    """2 players: `a` keeps the Countess (7), `b` a Baron (3); `a` wins at the pile's end."""
    top = [GW, GW, GW, GW, GW, "handmaid", "baron", "priest", "priest", "handmaid"]
    moves = [
        mv(a, GW, b, 2),
        mv(b, GW, a, 2),
        mv(a, GW, b, 2),
        mv(b, GW, a, 2),
        mv(a, GW, b, 2),
        mv(b, "handmaid"),
        mv(a, "baron"),  # b is protected: no legal choice, no effect (C-5)
        mv(b, "priest", a),
        mv(a, "priest", b),
        mv(b, "handmaid"),
    ]
    hands = {a: "countess", b: "baron"}
    face_up = ["king", "prince", "prince"]
    return rnd("pegasus", hands, top, moves, first=a, set_aside="princess", face_up=face_up)


def pegasus_3p_princes_tie() -> Json:
    """3 players: ann knocks cid out, then ann and bob keep a Prince (5) each: a tie."""
    hands = {"ann": "prince", "bob": "prince", "cid": "priest"}
    top = [GW, GW, GW, GW, GW, "king", "baron", "baron", "priest", "countess"]
    top += ["handmaid", "handmaid"]
    moves = [
        mv("ann", GW, "cid", 2),
        mv("bob", GW, "ann", 3),
        mv("ann", GW, "bob", 3),
        mv("bob", GW, "ann", 3),
        mv("ann", GW, "bob", 3),
        mv("bob", "king", "ann"),
        mv("ann", "baron", "bob"),
        mv("bob", "baron", "ann"),
        mv("ann", "priest", "bob"),
        mv("bob", "countess"),  # forced: the Countess with a Prince (PEG-4)
        mv("ann", "handmaid"),
        mv("bob", "handmaid"),
    ]
    return rnd("pegasus", hands, top, moves, first="ann", set_aside="princess")


def draw_and_play(
    ed: str, hands: dict[str, str], plays: list[Json], set_aside: str, **kw: Any
) -> Json:
    """A round where every turn's player plays the card they just drew: the draw pile is
    the played cards in order, and the hands dealt are kept to the end."""
    top = [m["card"] for m in plays]
    return rnd(ed, hands, top, plays, set_aside=set_aside, bottom=[], **kw)


def five_to_the_end(jester_on: str = "dan", tie: bool = False) -> Json:
    """5 players, 26 turns to the end of the pile. ann keeps the Bishop (9), bob the
    Princess (8), cid the Countess (7) and plays both Counts (+2: 9), dan and eve swap
    Princes (5) back and forth. With `tie`, cid plays one Count and a Marshal (7+1=8, tied
    with bob's Princess) and ann plays the other Count. ann's Jester marks `jester_on`."""
    c7, a25 = ("marshal", "count") if tie else ("count", "marshal")
    plays = [
        mv("ann", GW, "dan", 2),
        mv("bob", GW, "dan", 2),
        mv("cid", "count"),
        mv("dan", "king", "eve"),
        mv("eve", "baron", "dan"),  # Prince against Prince: a tie
        mv("ann", GW, "eve", 2),
        mv("bob", "priest", "dan"),
        mv("cid", c7),
        mv("dan", "baron", "eve"),
        mv("eve", "dowager_queen", "dan"),
        mv("ann", "baroness", targets=["dan"]),
        mv("bob", "baroness", targets=["dan", "eve"]),
        mv("cid", GW, "dan", 2),
        mv("dan", "cardinal", targets=["dan", "eve"], look="eve"),
        mv("eve", "cardinal", targets=["dan", "eve"], look="dan"),
        mv("ann", "jester", jester_on),
        mv("bob", "flatterer", "dan"),
        mv("cid", "priest", "dan"),  # bound to dan by the Flatterer
        mv("dan", "guard", "eve", 2),
        mv("eve", "guard", "dan", 2),
        mv("ann", "flatterer", "dan"),
        mv("bob", "handmaid"),
        mv("cid", "handmaid"),
        mv("dan", "guard", "eve", 2),
        mv("eve", GW, "dan", 3),
        mv("ann", a25),
    ]
    hands = {"ann": "bishop", "bob": "princess", "cid": "countess", "dan": "prince"}
    hands["eve"] = "prince"
    return draw_and_play("pegasus", hands, plays, "assassin", first="ann")
