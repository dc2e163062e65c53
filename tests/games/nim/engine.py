"""Nim's rules (`engine.api.Game`): one heap of stones; in turn each player takes 1 to 3; who
takes the last stone wins. Pure and deterministic like every engine: standard library only.

NIM-1 The heap starts with 10 to 15 stones (from the game's random source).
NIM-2 Seats play in turn from the first; a player takes 1, 2 or 3 stones, never more than lie.
NIM-3 Who takes the last stone wins; the winner's `wins` tally gains 1.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any, ClassVar

from engine.api import Audience, PlayerId, Refused, Result, Variant

MOST = 3  # NIM-2: stones a player may take at once
FORMAT = 1


@dataclass(frozen=True, slots=True)
class State:
    players: tuple[PlayerId, ...]
    heap: int
    turn: int  # index into players: whose turn it is
    winner: PlayerId | None = None


@dataclass(frozen=True, slots=True)
class Take:
    """The one kind of decision: take `stones` from the heap."""

    stones: int


class Public:
    """What every Nim event shares: everyone hears it, and it is its fields as a dict."""

    type: ClassVar[str]

    @property
    def audience(self) -> Audience:
        return None

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, **asdict(self)}  # type: ignore[call-overload]


@dataclass(frozen=True, slots=True)
class Took(Public):
    type: ClassVar[str] = "took"
    player: PlayerId
    stones: int
    left: int


@dataclass(frozen=True, slots=True)
class Won(Public):
    type: ClassVar[str] = "won"
    player: PlayerId


@dataclass(frozen=True, slots=True)
class View:
    """What anyone may know: Nim hides nothing (the same for a player and a spectator)."""

    me: PlayerId | None
    players: tuple[PlayerId, ...]
    heap: int
    turn: PlayerId | None
    winner: PlayerId | None


class Nim:
    name = "nim"
    title = "Nim"
    format_version = FORMAT
    variants: Mapping[str, Variant] = {"classic": Variant("classic", "Nim", 2, 4, ("wins",))}
    ai_levels: tuple[str, ...] = ("standard",)

    def create(
        self,
        variant: str,
        players: Sequence[PlayerId],
        options: Mapping[str, str],
        rng: random.Random,
        *,
        names: Mapping[PlayerId, str] | None = None,
    ) -> State:
        known = self.variants.get(variant)
        if known is None:
            raise ValueError(f"Nim has no variant {variant!r}")
        if not known.min_players <= len(players) <= known.max_players:
            raise ValueError("Nim takes 2 to 4 players")
        return State(tuple(players), rng.randint(10, 15), 0)  # NIM-1

    def awaiting(self, state: State) -> tuple[PlayerId, ...]:
        return () if state.winner is not None else (state.players[state.turn],)

    def legal(self, state: State, player: PlayerId) -> list[Take]:
        if player not in self.awaiting(state):
            return []
        return [Take(n) for n in range(1, min(MOST, state.heap) + 1)]  # NIM-2

    def apply(self, state: State, player: PlayerId, decision: Any) -> tuple[State, list[Any]]:
        if player not in self.awaiting(state):
            raise Refused("It is not your turn.")
        if decision not in self.legal(state, player):
            raise Refused(f"You may take 1 to {min(MOST, state.heap)} stones.")
        heap = state.heap - decision.stones
        events: list[Any] = [Took(player, decision.stones, heap)]
        if heap == 0:  # NIM-3
            events.append(Won(player))
            return replace(state, heap=0, winner=player), events
        return replace(state, heap=heap, turn=(state.turn + 1) % len(state.players)), events

    def view(self, state: State, player: PlayerId | None) -> View:
        turn = None if state.winner else state.players[state.turn]
        return View(player, state.players, state.heap, turn, state.winner)

    def to_json(self, state: State) -> str:
        return json.dumps({"format": FORMAT, **asdict(state)}, sort_keys=True)

    def from_json(self, text: str) -> State:
        try:
            data = json.loads(text)
            if data.pop("format") != FORMAT:
                raise ValueError("not a Nim state of this format")
            return State(
                tuple(data["players"]), int(data["heap"]), int(data["turn"]), data["winner"]
            )
        except (KeyError, TypeError, AttributeError, json.JSONDecodeError) as error:
            raise ValueError(f"not a Nim state: {error}") from None

    def decision_to_dict(self, decision: Take) -> dict[str, Any]:
        return {"take": decision.stones}

    def decision_from_dict(self, data: Mapping[str, Any]) -> Take:
        stones = data.get("take")
        if not isinstance(stones, int) or isinstance(stones, bool):
            raise ValueError("a Nim decision is {'take': <stones>}")
        return Take(stones)

    def is_over(self, state: State) -> bool:
        return state.winner is not None

    def result(self, state: State) -> Result | None:
        if state.winner is None:
            return None
        gains = {p: {"wins": int(p == state.winner)} for p in state.players}
        return Result((state.winner,), gains, summary={"players": len(state.players)})

    def replay(self, scenario: object) -> dict[str, Any]:
        """`{"players": [...], "heap": n, "takes": [..]}` played through."""
        if not isinstance(scenario, dict):
            raise ValueError("a Nim scenario is an object")
        state = State(tuple(scenario["players"]), int(scenario["heap"]), 0)
        for stones in scenario.get("takes", ()):
            state, _events = self.apply(state, state.players[state.turn], Take(stones))
        data: dict[str, Any] = json.loads(self.to_json(state))
        return data

    def choose(self, level: str, view: View, legal: Sequence[Take], rng: random.Random) -> Take:
        """Leave the heap a multiple of 4 when that is possible, else take one stone."""
        best = [d for d in legal if (view.heap - d.stones) % (MOST + 1) == 0]
        return best[0] if best else legal[0]


GAME = Nim()
