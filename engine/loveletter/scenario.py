"""Scenario replay (rules/scenario-format.md): a stacked game through the real engine.

`replay(data)` takes the parsed JSON of a scenario and returns the output object. Input that
is not a scenario at all (not an object; `edition`, `players`, `tokens`, `options` or the
list of `rounds` unusable) raises `ScenarioError`; a malformed deal or a rejected move gives
`ok: false` with the error's position.

Decisions the format leaves open (documented here, tested in tests/engine):
- Replay stops where the scenario stops. When the last listed round has ended and the game
  goes on, the output shows the table at the end of that round (`active` null) and the
  engine's own (random) next round never appears: `rounds` lists only stacked rounds.
- A round whose moves run out while it is still running ends the replay there (`ok` true);
  if another round follows it, that round cannot begin: error at that round, `move` null.
- A move listed after its round has ended, or a round listed after the game is over, is an
  error at that move (or that round, `move` null).
- Starting tallies must be below the edition's target (a game already won is not a game).
- A running round's entry has `winners` [] and `ended_by` null; `set_aside` is always given.
- Unknown keys are refused in rounds and moves (typos); other top-level keys are ignored.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.api import cut_reason
from engine.loveletter import events as E
from engine.loveletter.editions import edition
from engine.loveletter.moves import move_from_dict
from engine.loveletter.rounds import Deal
from engine.loveletter.rules import IllegalMove, apply, new_game, restack
from engine.loveletter.state import GameState

OUTPUT_KEYS = (
    "ok",
    "error",
    "rounds",
    "players",
    "active",
    "pending",
    "deciding_round",
    "game_winner",
    "log",
)
ROUND_KEYS = frozenset({"first", "set_aside", "face_up", "hands", "draw_pile", "moves"})
MOVE_KEYS = frozenset({"player", "card", "target", "targets", "guess", "look", "decision"})
Json = dict[str, Any]


class ScenarioError(ValueError):
    """The input is not a scenario at all (the CLI exits with status 2)."""


class _Stop(Exception):
    """Replay ends with an error at (round, move); its reason quotes the input cut short."""

    def __init__(self, rnd: int, move: int | None, reason: str) -> None:
        super().__init__(reason)
        self.error: Json = {"round": rnd, "move": move, "reason": cut_reason(reason)}


def replay(data: object, seed: int = 0) -> Json:
    """Play a parsed scenario; `seed` only settles C-2's random choices left open by it."""
    return _Replay(data, seed).run()


def _require(data: object) -> tuple[str, dict[str, str], list[str], dict[str, int], list[Json]]:
    if not isinstance(data, dict):
        raise ScenarioError("a scenario must be a JSON object")
    ed_id = data.get("edition")
    if not isinstance(ed_id, str):
        raise ScenarioError("'edition' must be hobbit, l5r or pegasus")
    try:
        ed = edition(ed_id)
    except ValueError as error:
        raise ScenarioError(str(error)) from None
    options = data.get("options") or {}
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise ScenarioError("'options' must be an object of strings")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise ScenarioError("'players' must be a list of player names")
    tokens = data.get("tokens") or {}
    if not isinstance(tokens, dict):
        raise ScenarioError("'tokens' must map player names to numbers")
    target = ed.target(max(len(players), ed.min_players))
    for p, n in tokens.items():
        if p not in players:
            raise ScenarioError(f"'tokens' names {p}, who is not in 'players'")
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n < target:
            raise ScenarioError(f"tokens of {p} must be a whole number from 0 to {target - 1}")
    rounds = data.get("rounds")
    if not isinstance(rounds, list) or not rounds or not all(isinstance(r, dict) for r in rounds):
        raise ScenarioError("'rounds' must be a non-empty list of round objects")
    for i, r in enumerate(rounds):
        if not isinstance(r.get("moves", []), list):
            raise ScenarioError(f"round {i}: 'moves' must be a list")
    return ed_id, options, players, tokens, rounds


def parse_deal(rnd: Mapping[str, Any]) -> tuple[Deal, str | None]:
    """A round's deal and `first`; ValueError says what is malformed."""
    unknown = sorted(set(rnd) - ROUND_KEYS)
    if unknown:
        raise ValueError(f"unknown round field(s): {', '.join(unknown)}")
    set_aside = rnd.get("set_aside")
    if not isinstance(set_aside, str):
        raise ValueError("'set_aside' must be a card id")
    face_up = rnd.get("face_up", [])
    if not isinstance(face_up, list) or not all(isinstance(c, str) for c in face_up):
        raise ValueError("'face_up' must be a list of card ids")
    hands = rnd.get("hands")
    if not isinstance(hands, dict) or not all(isinstance(c, str) for c in hands.values()):
        raise ValueError("'hands' must map each player in the round to one card id")
    pile = rnd.get("draw_pile")
    if not isinstance(pile, list) or not all(isinstance(c, str) for c in pile):
        raise ValueError("'draw_pile' must be a list of card ids, top card first")
    first = rnd.get("first")
    if first is not None and not isinstance(first, str):
        raise ValueError("'first' must be a player name")
    return Deal(set_aside, tuple(face_up), dict(hands), tuple(pile)), first


def _parse_move(raw: object) -> Any:
    if isinstance(raw, dict):
        unknown = sorted(set(raw) - MOVE_KEYS)
        if unknown:
            raise ValueError(f"unknown move field(s): {', '.join(unknown)}")
    return move_from_dict(raw)


class _Replay:
    """One replay run: the current state, the log so far and the end-of-round table."""

    def __init__(self, data: object, seed: int) -> None:
        self.ed, self.options, self.players, self.tokens, self.rounds = _require(data)
        try:
            self.state: GameState | None = new_game(
                self.ed, self.players, random.Random(seed), self.options, tokens=self.tokens
            )
        except ValueError as error:
            raise ScenarioError(str(error)) from None
        self.log: list[Json] = []
        self.round_over = False  # the round of the last move has ended
        self.table: dict[str, Json] | None = None  # players at that round's end

    def run(self) -> Json:
        try:
            self._start(0)
            for i, rnd in enumerate(self.rounds):
                moves = rnd.get("moves", [])
                for j, raw in enumerate(moves):
                    self._move(i, j, raw)
                if i + 1 < len(self.rounds):
                    self._next_round(i, len(moves))
        except _Stop as stop:
            return self._output(stop.error)
        return self._output(None)

    def _start(self, i: int) -> None:
        """Replace the engine's deal of the round that just began with round `i`'s."""
        assert self.state is not None
        try:
            deal, first = parse_deal(self.rounds[i])
            if i == 0 and first is None:
                raise ValueError("round 1 needs 'first'")
            self.state = restack(self.state, deal, first)
        except ValueError as error:
            if i == 0:
                self.state = None
            raise _Stop(i, None, str(error)) from None
        self.log.extend(e.to_dict() for e in self.state.log)
        self.round_over, self.table = False, None

    def _next_round(self, i: int, n_moves: int) -> None:
        assert self.state is not None
        if not self.round_over:
            raise _Stop(i + 1, None, f"round {i + 1} is still running after its {n_moves} moves")
        if self.state.over:
            raise _Stop(i + 1, None, "the game is already over")
        self._start(i + 1)

    def _move(self, i: int, j: int, raw: object) -> None:
        before = self.state
        assert before is not None
        if self.round_over:
            why = "the game is over" if before.over else f"round {i + 1} has already ended"
            raise _Stop(i, j, why)
        try:
            new, events = apply(before, _parse_move(raw))
        except IllegalMove as error:
            raise _Stop(i, j, error.reason) from None
        except ValueError as error:
            raise _Stop(i, j, str(error)) from None
        self.state = new
        ended = next((k for k, e in enumerate(events) if isinstance(e, E.RoundEnded)), None)
        if ended is None:
            self.log.extend(e.to_dict() for e in events)
            return
        self.round_over = True
        cut = next(
            (k for k in range(ended, len(events)) if isinstance(events[k], E.RoundStarted)),
            len(events),
        )
        self.log.extend(e.to_dict() for e in events[:cut])
        if not new.over:
            self.table = _table_at_round_end(before, events[:ended])

    def _output(self, error: Json | None) -> Json:
        st = self.state
        if st is None:
            empty = {p: _seat(self.tokens.get(p, 0), False, [], [], False) for p in self.players}
            return _result(error, [], empty, None, None, None, None, [])
        running = not self.round_over and not st.over
        rounds = [_round(r.winners, r.ended_by, r.knocked_out, r.set_aside) for r in st.history]
        if running:
            rounds.append(_round((), None, st.knocked_out, st.set_aside))
        seats: dict[str, Json] = {}
        for p in st.players:
            t = self.table[p.id] if self.table else None
            if t is None:
                seats[p.id] = _seat(p.tokens, p.in_round, p.hand, p.discards, p.protected)
            else:
                seats[p.id] = {"tokens": p.tokens, **t}
        active = st.players[st.active].id if running else None
        pending = None
        if running and st.pending is not None:
            pending = {"player": st.pending.player, "decision": st.pending.decision}
        deciding = [st.players[s].id for s in st.round_seats] if running and st.deciding else None
        return _result(error, rounds, seats, active, pending, deciding, st.winner, self.log)


def _seat(tokens: int, in_round: bool, hand: list[str], discards: list[str], prot: bool) -> Json:
    return {
        "tokens": tokens,
        "in_round": in_round,
        "hand": list(hand),
        "discards": list(discards),
        "protected": prot,
    }


def _result(error: Json | None, *rest: object) -> Json:
    """The output object, fields in the order of scenario-format.md."""
    return dict(zip(OUTPUT_KEYS, (error is None, error, *rest), strict=True))


def _round(winners: Sequence[str], ended_by: str | None, out: Sequence[str], aside: str) -> Json:
    return {
        "winners": list(winners),
        "ended_by": ended_by,
        "knocked_out": list(out),
        "set_aside": aside,
    }


def _table_at_round_end(before: GameState, events: list[E.Event]) -> dict[str, Json]:
    """The players' round state at the round end, from the state before the last move and
    that move's events (the engine has already dealt its next round by then)."""
    seats = {
        p.id: _seat(p.tokens, p.in_round, p.hand, p.discards, p.protected) for p in before.players
    }
    for e in events:
        if isinstance(e, E.CardPlayed | E.Discarded):
            seats[e.player]["hand"].remove(e.card)
            seats[e.player]["discards"].append(e.card)
        elif isinstance(e, E.KnockedOut):
            s = seats[e.player]
            s["discards"].extend(e.discarded)
            s["hand"], s["in_round"], s["protected"] = [], False, False
        elif isinstance(e, E.CardDrawn):
            seats[e.player]["hand"].append(e.card)
        elif isinstance(e, E.HandsSwapped):
            a, b = seats[e.first], seats[e.second]
            a["hand"], b["hand"] = b["hand"], a["hand"]
        elif isinstance(e, E.Protected):
            seats[e.player]["protected"] = True
        elif isinstance(e, E.TurnStarted | E.RoundStarted):
            raise AssertionError(f"unexpected {e.type} before the round ended")
    for s in seats.values():
        del s["tokens"]
    return seats
