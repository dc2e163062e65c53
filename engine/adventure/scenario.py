"""Adventure scenario replay (adventure-scenario-format.md), as one pure function.

`replay(data)` takes the parsed JSON and returns the output object. Input that is not an
adventure scenario at all (not an object, `game` not "adventure", `players` or `first`
unusable, `moves` not a list) raises `ScenarioError`; a malformed part (hobbits, decks, dice,
seed) gives `ok: false` with `move` null, a rejected move `ok: false` with its index.

Decisions the format leaves open:
- Without `seed`, decks not given are shuffled with seed 0 (the replay stays reproducible);
  dice without a script and without `seed` are an error of the move that needs them.
- A malformed scenario has no state before it: its output shows no hobbits, turn 0.
- Hobbit overrides: `lp` 1–12, `gp` ≥ 0, `place` a place id; `cards` only cards a hobbit may
  hold (at most 4 Riddle cards); a `weapon_smith` goes on a weapon given without one.
- Unknown keys in a move are refused (typos); other unknown top-level keys are ignored.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.adventure import board as B
from engine.adventure.cards import DECK_COUNTS, DECKS, HELD, RIDDLE, WEAPONS, deck_of
from engine.adventure.decisions import Decision, from_dict
from engine.adventure.rules import apply, setup, start
from engine.adventure.state import COLOURS, MAX_LP, State
from engine.api import Refused, cut_reason

Json = dict[str, Any]


class ScenarioError(ValueError):
    """The input is not an adventure scenario at all (exit 2 in the CLI)."""


class Malformed(ValueError):
    """A scenario whose setup cannot be built: `ok: false`, `move` null."""


def is_adventure(data: object) -> bool:
    """Whether a parsed scenario is an adventure one (the CLI's dispatch)."""
    return isinstance(data, Mapping) and data.get("game") == "adventure"


def _structure(data: object) -> tuple[list[str], str, list[Any]]:
    if not isinstance(data, Mapping):
        raise ScenarioError("a scenario must be a JSON object")
    if data.get("game") != "adventure":
        raise ScenarioError('an adventure scenario has "game": "adventure"')
    players = data.get("players")
    if (
        not isinstance(players, list)
        or not 2 <= len(players) <= 4
        or not all(isinstance(p, str) and p for p in players)
        or len(set(players)) != len(players)
    ):
        raise ScenarioError("'players' must list 2 to 4 distinct hobbit names")
    first = data.get("first")
    if first not in players:
        raise ScenarioError("'first' must name one of the players")
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise ScenarioError("'moves' must be a list of moves")
    return list(players), str(first), moves


def _card_ref(ref: object) -> tuple[str, str]:
    if isinstance(ref, Mapping):
        deck, cid = ref.get("deck"), ref.get("card")
        if deck not in DECKS or not isinstance(cid, str) or cid not in DECK_COUNTS[str(deck)]:
            raise Malformed(f"no card {ref!r}")
        return str(deck), cid
    if not isinstance(ref, str) or deck_of(ref) is None:
        raise Malformed(f"no card {ref!r}")
    return str(deck_of(ref)), ref


def _give(s: State, pid: str, spec: object) -> None:
    if not isinstance(spec, Mapping):
        raise Malformed(f"hobbits.{pid} must be an object")
    h = s.own_hobbit(pid)
    unknown = set(spec) - {"place", "lp", "gp", "talismans", "cards"}
    if unknown:
        raise Malformed(f"hobbits.{pid}: unknown fields {sorted(unknown)}")
    place = spec.get("place", h.place)
    if not isinstance(place, str):
        raise Malformed(f"hobbits.{pid}.place must be a place id (text)")
    if place not in B.PLACES:
        raise Malformed(f"hobbits.{pid}.place: no place {place!r}")
    h.place = place
    lp, gp = spec.get("lp", h.lp), spec.get("gp", h.gp)
    if not isinstance(lp, int) or isinstance(lp, bool) or not 1 <= lp <= MAX_LP:
        raise Malformed(f"hobbits.{pid}.lp must be a whole number from 1 to 12")
    if not isinstance(gp, int) or isinstance(gp, bool) or gp < 0:
        raise Malformed(f"hobbits.{pid}.gp must be a whole number, 0 or more")
    h.lp, h.gp = lp, gp
    talismans = spec.get("talismans", [])
    if not isinstance(talismans, list) or len(set(map(str, talismans))) != len(talismans):
        raise Malformed(f"hobbits.{pid}.talismans must list distinct colours")
    for colour in talismans:
        if colour not in COLOURS:
            raise Malformed(f"hobbits.{pid}.talismans: no colour {colour!r}")
        source = next((p for p, lying in s.board.items() if colour in lying), None)
        if source is None:
            raise Malformed(f"no {colour} talisman is left on the board for {pid}")
        s.off_board(source, colour)
        h.talismans.append(colour)
    cards = spec.get("cards", [])
    if not isinstance(cards, list):
        raise Malformed(f"hobbits.{pid}.cards must be a list")
    for ref in cards:
        deck, cid = _card_ref(ref)
        if cid not in HELD or HELD[cid].deck != deck:
            raise Malformed(f"hobbits.{pid}.cards: {cid} cannot be held")
        if cid not in s.decks[deck]:
            raise Malformed(f"hobbits.{pid}.cards: no {cid} is left in the {deck} deck")
        rest = list(s.decks[deck])
        rest.remove(cid)
        s.decks[deck] = tuple(rest)
        h.cards.append(cid)
    for _ in range(h.cards.count("weapon_smith")):
        bare = [w for w in WEAPONS if h.cards.count(w) > h.smiths.count(w)]
        if not bare:
            raise Malformed(f"hobbits.{pid}.cards: a weapon_smith needs a weapon to sit on")
        h.smiths.append(bare[0])
    if sum(1 for c in h.cards if HELD[c].deck == RIDDLE) > 4:
        raise Malformed(f"hobbits.{pid} may hold at most 4 Riddle cards")


def _decks(s: State, decks: object) -> None:
    if not isinstance(decks, Mapping):
        raise Malformed("'decks' must be an object of deck lists")
    for deck, order in decks.items():
        if deck not in DECKS:
            raise Malformed(f"decks: no deck {deck!r}")
        if not isinstance(order, list) or not all(isinstance(c, str) for c in order):
            raise Malformed(f"decks.{deck} must list card ids")
        want, got = Counter(s.decks[deck]), Counter(order)
        if want != got:
            missing, extra = _tally(want - got), _tally(got - want)
            raise Malformed(
                f"decks.{deck} must list every card nobody holds: missing {missing}, extra {extra}"
            )
        s.decks[deck] = tuple(order)


def _tally(cards: Counter[str], listed: int = 12, shown: int = 5) -> str:
    """`cards` as a list of ids when short, else counted: a million extra cards are a count
    and a few kinds, not a million ids."""
    if cards.total() <= listed:
        return str(sorted(cards.elements()))
    kinds = sorted(cards)
    named = [c if cards[c] == 1 else f"{c} ×{cards[c]:,}" for c in kinds[:shown]]
    more = f" and {len(kinds) - shown:,} more kinds" if len(kinds) > shown else ""
    return f"{cards.total():,} cards ({', '.join(named)}{more})"


def _dice(dice: object) -> dict[str, list[Any]]:
    if not isinstance(dice, Mapping):
        raise Malformed("'dice' must be an object of queues")
    valid = {
        "movement": lambda v: v in (1, 2, 3, "eagle") and not isinstance(v, bool),
        "green": lambda v: isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6,
        "combat": lambda v: v in ("d1", "d2", "d3", "p1", "p2", "p3"),
    }
    out: dict[str, list[Any]] = {}
    for die, queue in dice.items():
        if die not in valid:
            raise Malformed(f"dice: no die {die!r} (movement, green, combat)")
        if not isinstance(queue, list) or not all(valid[die](v) for v in queue):
            raise Malformed(f"dice.{die} holds a value that is not a face of that die")
        out[str(die)] = list(queue)
    return out


def build(data: Mapping[str, Any], players: list[str], first: str) -> State:
    """The scenario's starting state (before the first move), or Malformed."""
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise Malformed("'seed' must be a whole number")
    s = setup(players, random.Random(0 if seed is None else seed))
    if seed is None:
        s.rng = None
    hobbits = data.get("hobbits", {})
    if not isinstance(hobbits, Mapping):
        raise Malformed("'hobbits' must be an object")
    for pid, spec in hobbits.items():
        if pid not in s.hobbits:
            raise Malformed(f"hobbits: {pid!r} is not one of the players")
        _give(s, pid, spec)
    _decks(s, data.get("decks", {}))
    s.dice = _dice(data.get("dice", {}))
    start(s, first)
    return s


def output(s: State | None, log: list[Json], error: Json | None) -> Json:
    if s is None:
        return {
            "ok": False,
            "error": error,
            "hobbits": {},
            "active": None,
            "pending": None,
            "winner": None,
            "dragon_won": False,
            "turn": 0,
            "board": {"talismans": {}},
            "log": log,
        }
    return {
        "ok": error is None,
        "error": error,
        "hobbits": {
            p: {
                "place": h.place,
                "lp": h.lp,
                "gp": h.gp,
                "talismans": list(h.talismans),
                "cards": list(h.cards),
                "smiths": list(h.smiths),
                "out": h.out,
            }
            for p, h in s.hobbits.items()
        },
        "active": s.active,
        "pending": None
        if s.pending is None or s.over
        else {"player": s.pending.player, "decision": s.pending.kind},
        "winner": s.winner,
        "dragon_won": s.dragon_won,
        "turn": s.turn_no,
        "board": {"talismans": {p: list(c) for p, c in s.board.items()}},
        "log": log,
    }


def replay(data: object) -> Json:
    """Play a scenario through the engine and return the output object."""
    players, first, moves = _structure(data)
    assert isinstance(data, Mapping)
    try:
        s = build(data, players, first)
    except Malformed as error:
        return output(None, [], _error(None, str(error)))
    except Refused as error:
        return output(None, [], _error(None, error.reason))
    log = [e.to_dict() for e in s.log]
    s.log = []
    for j, move in enumerate(moves):
        try:
            player, decision = _move(move, players)
            s, events = apply(s, player, decision)
        except (ValueError, Refused) as error:
            reason = error.reason if isinstance(error, Refused) else str(error)
            return output(s, log, _error(j, reason))
        log += [e.to_dict() for e in events]
    return output(s, log, None)


def _error(move: int | None, reason: str) -> Json:
    """The output's `error`: its reason quotes the input cut short (a 20 MB place name)."""
    return {"move": move, "reason": cut_reason(reason)}


def _move(move: object, players: list[str]) -> tuple[str, Decision]:
    if not isinstance(move, Mapping):
        raise ValueError("a move must be an object")
    player = move.get("player")
    if player not in players:
        raise ValueError(f"a move's 'player' must be one of {players}")
    return str(player), from_dict(move)
