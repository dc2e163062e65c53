"""State <-> JSON, versioned; `from_json(to_json(s))` equals `s` exactly.

The format version guards stored games: a newer format is refused with a clear error
instead of being misread.
"""

from __future__ import annotations

import json
from typing import Any

from engine.loveletter.events import event_from_dict
from engine.loveletter.state import GameState, Pending, Player, RoundResult

FORMAT_VERSION = 1


def result_to_dict(r: RoundResult) -> dict[str, Any]:
    extra = {"set_aside_drawn": True} if r.set_aside_drawn else {}  # (older saves lack it)
    return {
        "number": r.number,
        "players": list(r.players),
        "first": r.first,
        "ended_by": r.ended_by,
        "winners": list(r.winners),
        "knocked_out": list(r.knocked_out),
        "set_aside": r.set_aside,
        "reveal": {k: list(v) for k, v in r.reveal.items()},
        "deciding": r.deciding,
        **extra,
    }


def _result(d: dict[str, Any]) -> RoundResult:
    return RoundResult(
        d["number"],
        tuple(d["players"]),
        d["first"],
        d["ended_by"],
        tuple(d["winners"]),
        tuple(d["knocked_out"]),
        d["set_aside"],
        {k: (v[0], v[1]) for k, v in d["reveal"].items()},
        d["deciding"],
        d.get("set_aside_drawn", False),
    )


def to_dict(st: GameState) -> dict[str, Any]:
    """A JSON-able dict of the whole state, hidden cards included (storage only)."""
    g = st.game
    return {
        "format": FORMAT_VERSION,
        "edition": g.edition,
        "options": g.options,
        "seed": g.seed,
        "players": [
            [
                pid,
                g.names[i],
                st.tokens[i],
                st.hands[i],
                st.discards[i],
                bool(st.alive >> i & 1),
                bool(st.shield >> i & 1),
            ]
            for i, pid in enumerate(g.ids)
        ],  # fmt: skip
        "round_no": st.round_no,
        "round_seats": list(st.round_seats),
        "deciding": st.deciding,
        "first": st.first,
        "first_candidates": list(st.first_candidates),
        "active": st.active,
        "draw_pile": st.draw_pile,
        "set_aside": st.set_aside,
        "set_aside_used": st.set_aside_used,
        "face_up": list(st.face_up),
        "knocked_out": list(st.knocked_out),
        "moves_in_round": st.moves_in_round,
        "pending": [st.pending.player, st.pending.decision] if st.pending else None,
        "bound": st.bound,
        "jester": list(st.jester) if st.jester else None,
        "history": [result_to_dict(r) for r in st.history],
        "log": [e.to_dict() for e in st.log],
        "winner": st.winner,
        "over": st.over,
    }


def from_dict(d: dict[str, Any]) -> GameState:
    """Inverse of `to_dict`; ValueError for another format version."""
    if d.get("format") != FORMAT_VERSION:
        raise ValueError(
            f"game state format {d.get('format')!r} is not supported (expected {FORMAT_VERSION})"
        )
    return GameState(
        edition=d["edition"],
        options=dict(d["options"]),
        seed=d["seed"],
        players=[
            Player(p[0], p[1], p[2], list(p[3]), list(p[4]), p[5], p[6]) for p in d["players"]
        ],
        round_no=d["round_no"],
        round_seats=tuple(d["round_seats"]),
        deciding=d["deciding"],
        first=d["first"],
        first_candidates=tuple(d["first_candidates"]),
        active=d["active"],
        draw_pile=list(d["draw_pile"]),
        set_aside=d["set_aside"],
        set_aside_used=d["set_aside_used"],
        face_up=tuple(d["face_up"]),
        knocked_out=tuple(d["knocked_out"]),
        moves_in_round=d["moves_in_round"],
        pending=Pending(*d["pending"]) if d["pending"] else None,
        bound=d["bound"],
        jester=(d["jester"][0], d["jester"][1]) if d["jester"] else None,
        history=tuple(_result(r) for r in d["history"]),
        log=tuple(event_from_dict(e) for e in d["log"]),
        winner=d["winner"],
        over=d["over"],
    )


def to_json(st: GameState) -> str:
    return json.dumps(to_dict(st), separators=(",", ":"), ensure_ascii=False)


def from_json(text: str) -> GameState:
    return from_dict(json.loads(text))
