"""`GAME`: The Hobbit Adventure Boardgame behind the platform's `engine.api.Game` protocol."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.adventure import codec
from engine.adventure.ai import LEVELS
from engine.adventure.decisions import Decision, from_dict
from engine.adventure.rules import apply, legal_moves, new_game
from engine.adventure.scenario import replay
from engine.adventure.state import State
from engine.adventure.undo import undoable
from engine.adventure.view import view
from engine.api import Event, Result, Variant

CLASSIC = Variant(
    name="classic",
    title="The Hobbit Adventure Boardgame",
    min_players=2,
    max_players=4,
    metrics=("wins", "dragons_defeated"),
)


class AdventureGame:
    """The pure engine, as the platform sees it: states, decisions and views are opaque."""

    name = "adventure"
    title = "The Hobbit Adventure Boardgame"
    format_version = codec.FORMAT_VERSION
    variants: Mapping[str, Variant] = {"classic": CLASSIC}
    ai_levels: tuple[str, ...] = LEVELS

    def create(
        self,
        variant: str,
        players: Sequence[str],
        options: Mapping[str, str],
        rng: random.Random,
        *,
        names: Mapping[str, str] | None = None,
    ) -> State:
        """`names` are not kept: hobbits are shown by the platform's names for their ids."""
        if variant not in self.variants:
            raise ValueError(f"Unknown variant {variant!r}; the only one is 'classic'.")
        if options:
            raise ValueError(f"The Hobbit Adventure Boardgame takes no options: {sorted(options)}")
        return new_game(list(players), rng)

    def awaiting(self, state: State) -> tuple[str, ...]:
        if state.over or state.pending is None:
            return ()
        return (state.pending.player,)

    def legal(self, state: State, player: str) -> Sequence[Decision]:
        return legal_moves(state, player)

    def apply(self, state: State, player: str, decision: Decision) -> tuple[State, list[Event]]:
        new, events = apply(state, player, decision)
        return new, list(events)

    def undoable(
        self,
        before: State,
        player: str,
        decision: Decision,
        after: State,
        events: Sequence[Event],
    ) -> bool:
        """engine.api.Undoable: the bounded undo's rules are engine.adventure.undo."""
        return undoable(before, player, decision, after, events)

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        return view(state, player)

    def encode(self, state: State) -> dict[str, Any]:
        return codec.encode(state)

    def decode(self, data: Mapping[str, Any]) -> State:
        return codec.decode(data)

    def to_json(self, state: State) -> str:
        """The state as JSON text (engine.api.Game.to_json), via the codec."""
        return json.dumps(codec.encode(state), separators=(",", ":"), ensure_ascii=False)

    def from_json(self, text: str) -> State:
        """What `to_json` wrote; ValueError with a reason for anything else."""
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError, RecursionError) as error:
            raise ValueError(f"a saved adventure game must be JSON: {error}") from None
        return codec.decode(data)

    def replay(self, scenario: object) -> dict[str, Any]:
        """adventure-scenario-format.md; ScenarioError (a ValueError) if it is not one."""
        return replay(scenario)

    def decision_to_dict(self, decision: Decision) -> dict[str, Any]:
        return decision.to_dict()

    def decision_from_dict(self, data: Mapping[str, Any]) -> Decision:
        return from_dict(data)

    def is_over(self, state: State) -> bool:
        return state.over

    def result(self, state: State) -> Result | None:
        if not state.over:
            return None
        winners = (state.winner,) if state.winner else ()
        gains = {
            p: {"wins": int(p == state.winner), "dragons_defeated": int(p == state.winner)}
            for p in state.players
        }
        scores = {
            p: {"lp": h.lp, "gp": h.gp, "talismans": len(h.talismans), "out": int(h.out)}
            for p, h in state.hobbits.items()
        }
        # The turns played: what a "fastest win" board reads from the stored results.
        return Result(winners=winners, gains=gains, scores=scores, summary={"turns": state.turn_no})

    def choose(
        self, level: str, view: Any, legal: Sequence[Decision], rng: random.Random
    ) -> Decision:
        from engine.adventure.ai import choose

        decision: Decision = choose(level, view, legal, rng)
        return decision

    def free_choice(self, level: str, view: Any, legal: Sequence[Decision]) -> Decision | None:
        """The free action an AI seat takes now though its decision is not awaited, or None
        (ADV-11; engine.adventure.ai.free_choice)."""
        from engine.adventure.ai import free_choice

        return free_choice(level, view, legal)


GAME = AdventureGame()
