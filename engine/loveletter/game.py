"""Love Letter as a game of the platform (`engine.api.Game`): a thin adapter over the engine."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from engine.api import Event, Refused, Result, Variant
from engine.loveletter import ai, codec, legal, scenario
from engine.loveletter.editions import EDITIONS
from engine.loveletter.legal import legal_moves
from engine.loveletter.moves import Move, move_from_dict, move_to_dict
from engine.loveletter.reasons import N_, Reason
from engine.loveletter.rules import apply, new_game
from engine.loveletter.state import GameState
from engine.loveletter.views import PlayerView, player_view

TALLY_METRIC: Mapping[str, str] = MappingProxyType(
    {"hobbit": "crowns", "l5r": "tokens", "pegasus": "hearts"}
)
"""Each edition's own tally, as the metric its games add to."""

ROUNDS_WON = "rounds_won"


class LoveLetter:
    """The three editions of Love Letter; players are identified by their ids (text)."""

    name = "loveletter"
    title = "Love Letter"
    format_version = codec.FORMAT_VERSION
    variants: Mapping[str, Variant] = MappingProxyType(
        {
            ed.id: Variant(
                ed.id,
                ed.title,
                ed.min_players,
                ed.max_players,
                (TALLY_METRIC[ed.id], ROUNDS_WON),
                ed.options,
            )
            for ed in EDITIONS.values()
        }
    )
    ai_levels = ai.LEVELS

    def create(
        self,
        variant: str,
        players: Sequence[str],
        options: Mapping[str, str],
        rng: random.Random,
        *,
        names: Mapping[str, str] | None = None,
    ) -> GameState:
        if variant not in EDITIONS:
            raise ValueError(f"Love Letter has no edition {variant!r}")
        return new_game(variant, players, rng, options, names=names)

    def awaiting(self, state: GameState) -> tuple[str, ...]:
        actor = state.actor
        return () if actor is None else (actor,)

    def legal(self, state: GameState, player: str) -> list[Move]:
        return legal_moves(state, keep=False) if state.actor == player else []  # see legal_set

    def apply(self, state: GameState, player: str, decision: Move) -> tuple[GameState, list[Event]]:
        if decision.player != player:
            raise Refused(Reason(N_("You can only make your own moves.")))
        new, events = apply(state, decision)
        return new, list(events)  # a list of the platform's `Event` (`engine.api.Game`)

    def undoable(
        self,
        before: GameState,
        player: str,
        decision: Move,
        after: GameState,
        events: Sequence[Event],
    ) -> bool:
        """engine.api.Undoable: never. Every play of a card shows it, and the turn it ends
        begins with a card drawn, so no move of Love Letter reveals and draws nothing."""
        return False

    def view(self, state: GameState, player: str | None) -> PlayerView:
        return player_view(state, player)

    def to_json(self, state: GameState) -> str:
        return codec.to_json(state)

    def from_json(self, text: str) -> GameState:
        return codec.from_json(text)

    def decision_to_dict(self, decision: Move) -> dict[str, Any]:
        return move_to_dict(decision)

    def decision_from_dict(self, data: Mapping[str, Any]) -> Move:
        return move_from_dict(dict(data))

    def is_over(self, state: GameState) -> bool:
        return state.over

    def result(self, state: GameState) -> Result | None:
        """The winner; each player's tokens (as the edition's tally) and rounds won."""
        if not state.over:
            return None
        metric = TALLY_METRIC[state.edition]
        won = {p.id: 0 for p in state.players}
        for rnd in state.history:
            for w in rnd.winners:
                won[w] += 1
        gains = {p.id: {metric: p.tokens, ROUNDS_WON: won[p.id]} for p in state.players}
        scores = {p.id: {"tally": p.tokens, ROUNDS_WON: won[p.id]} for p in state.players}
        winners = () if state.winner is None else (state.winner,)
        return Result(winners, gains, scores, {"rounds": len(state.history)})

    def set_memo_budget(self, entries: int, shared: int | None = None) -> None:
        legal.set_memo_budget(entries, shared)

    def memo_budget(self) -> int:
        return legal.memo_budget()

    def memo_stats(self) -> tuple[int, int]:
        return legal.memo_stats()

    def replay(self, data: object) -> dict[str, Any]:
        return scenario.replay(data)

    def choose(
        self, level: str, view: PlayerView, legal: Sequence[Move], rng: random.Random
    ) -> Move:
        return ai.choose(level, view, legal, rng)


GAME = LoveLetter()
