"""The state as JSON, with a format version (engine.api.Game.encode / decode).

`decode` rebuilds exactly what `encode` wrote and refuses anything else with a ValueError
naming the problem (a wrong version, a missing or mistyped field), never a traceback deeper in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.adventure.state import Duel, Fight, Hobbit, Pending, State, Turn, Visit

FORMAT_VERSION = 1


def _hobbit(h: Hobbit) -> dict[str, Any]:
    return {
        "place": h.place,
        "lp": h.lp,
        "gp": h.gp,
        "talismans": list(h.talismans),
        "cards": list(h.cards),
        "smiths": list(h.smiths),
        "shown": list(h.shown),
        "out": h.out,
    }


def encode(s: State) -> dict[str, Any]:
    return _encode(s, public=False)


def encode_public(s: State) -> dict[str, Any]:
    """What every hobbit may know of the state (view.py): each deck's size instead of its
    order, and no dice generator or scripted dice (built without copying the decks)."""
    return _encode(s, public=True)


def _encode(s: State, public: bool) -> dict[str, Any]:
    out = {
        "format": FORMAT_VERSION,
        "game": "adventure",
        "players": list(s.players),
        "first": s.first,
        "hobbits": {p: _hobbit(h) for p, h in s.hobbits.items()},
        "decks": {k: len(v) if public else list(v) for k, v in s.decks.items()},
        "board": {k: list(v) for k, v in s.board.items()},
    }
    if not public:
        out["rng"] = s.rng
        out["dice"] = {k: list(v) for k, v in s.dice.items()}
    out.update(_play(s))
    return out


def _play(s: State) -> dict[str, Any]:
    """The turn, what is awaited and under way, and how the game ended."""
    return {
        "turn_no": s.turn_no,
        "turn": None
        if s.turn is None
        else {
            "player": s.turn.player,
            "start": s.turn.start,
            "roll": s.turn.roll,
            "to": s.turn.to,
            "used_move": s.turn.used_move,
        },
        "pending": None
        if s.pending is None
        else {"player": s.pending.player, "kind": s.pending.kind, "ctx": dict(s.pending.ctx)},
        "tasks": [list(t) for t in s.tasks],
        "fight": None if s.fight is None else _fight(s.fight),
        "duel": None
        if s.duel is None
        else {
            "challenger": s.duel.challenger,
            "challenged": s.duel.challenged,
            "riddle": s.duel.riddle,
        },
        "visit": None
        if s.visit is None
        else {
            "place": s.visit.place,
            "riddle_drawn": s.visit.riddle_drawn,
            "browsed": s.visit.browsed,
            "refused": s.visit.refused,
        },
        "table": [list(t) for t in s.table],
        "winner": s.winner,
        "dragon_won": s.dragon_won,
    }


def _fight(f: Fight) -> dict[str, Any]:
    return {
        "fighter": f.fighter,
        "deck": f.deck,
        "card": f.card,
        "drawn_at": f.drawn_at,
        "danger": f.danger,
        "avoidable": f.avoidable,
        "power": f.power,
        "bonus": f.bonus,
        "prepared": list(f.prepared),
        "dice": list(f.dice),
        "rerolls": f.rerolls,
        "losses": f.losses,
        "chased": f.chased,
        "stage": f.stage,
    }


def decode(data: Mapping[str, Any]) -> State:
    if not isinstance(data, Mapping):
        raise ValueError("a saved adventure game must be a JSON object")
    if data.get("format") != FORMAT_VERSION:
        raise ValueError(f"unknown adventure state format {data.get('format')!r}")
    try:
        return _decode(data)
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"malformed adventure state: {error!r}") from None


def _decode(d: Mapping[str, Any]) -> State:
    t, p, f, du, v = d["turn"], d["pending"], d["fight"], d["duel"], d["visit"]
    hobbits = {
        pid: Hobbit(
            pid,
            str(h["place"]),
            int(h["lp"]),
            int(h["gp"]),
            [str(c) for c in h["talismans"]],
            [str(c) for c in h["cards"]],
            [str(c) for c in h["smiths"]],
            [str(c) for c in h["shown"]],
            bool(h["out"]),
        )
        for pid, h in d["hobbits"].items()
    }
    return State(
        players=[str(x) for x in d["players"]],
        hobbits=hobbits,
        decks={str(k): tuple(str(c) for c in v) for k, v in d["decks"].items()},
        board={str(k): tuple(str(c) for c in v) for k, v in d["board"].items()},
        rng=None if d["rng"] is None else int(d["rng"]),
        dice={str(k): list(v) for k, v in d["dice"].items()},
        first=str(d["first"]),
        turn_no=int(d["turn_no"]),
        turn=None
        if t is None
        else Turn(t["player"], t["start"], t["roll"], t["to"], t["used_move"]),
        pending=None if p is None else Pending(p["player"], p["kind"], dict(p["ctx"])),
        tasks=[[str(x) for x in task] for task in d["tasks"]],
        fight=None
        if f is None
        else Fight(**{**f, "prepared": list(f["prepared"]), "dice": list(f["dice"])}),
        duel=None if du is None else Duel(du["challenger"], du["challenged"], du["riddle"]),
        visit=None
        if v is None
        else Visit(v["place"], v["riddle_drawn"], v["browsed"], v["refused"]),
        table=[[str(x) for x in e] for e in d["table"]],
        winner=d["winner"],
        dragon_won=bool(d["dragon_won"]),
    )
