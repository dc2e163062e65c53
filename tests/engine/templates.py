"""Whole stacked rounds that run the draw pile out, for round-end rules (C-7, C-9, ties).

Each returns a scenario round (stacking.rnd) whose moves are harmless fillers: the keepers
named in the docstring are still in hand when the pile runs out.
"""

from __future__ import annotations

from typing import Any

from tests.engine.stacking import mv, rnd

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
