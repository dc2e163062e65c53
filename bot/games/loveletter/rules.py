"""Love Letter's rules of the table for the platform (`bot.platform.rules.TableRules`).

The round break is Love Letter's pause: after a round that did not end the game, the finished
round stays on show until a player presses "Next round" or the pause runs out. The engine has
dealt the next round already; during the pause nothing of it is shown or offered.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from bot.games.loveletter.decisions import VERSION
from bot.games.loveletter.models import (
    BreakInfo,
    HandInfo,
    PublicTable,
    names_of,
    piles_after,
    public_table,
)
from bot.games.loveletter.text.cards import edition_title
from bot.platform.rules import Pause
from engine.api import Event
from engine.loveletter import EDITIONS, GAME, IllegalMove, player_view
from engine.loveletter.events import RoundEnded, RoundStarted
from engine.loveletter.moves import Decide, Play
from engine.loveletter.rules import apply
from engine.loveletter.state import GameState
from storage import Game as GameRecord


class LoveLetterRules:
    game = GAME
    command = "loveletter"
    timeout_level = "standard"
    fingerprint_salt = VERSION  # of the entry numbering

    def title(self, variant: str | None = None) -> str:
        """ "Love Letter" (a name in every language), or an edition's title in the reader's."""
        return (
            edition_title(variant)
            if variant is not None and variant in EDITIONS
            else self.game.title
        )

    # ------------------------------------------------------------ the round break

    def pause_after(self, state: GameState, events: Sequence[Event]) -> bool:
        return not state.over and any(isinstance(e, RoundEnded) for e in events)

    def pause_info(self, state: GameState, pause: Pause) -> BreakInfo | None:
        if state.over or not state.history:
            return None
        return BreakInfo(
            pause.until, pause.seconds_left, state.history[-1], state.round_no, state.deciding
        )

    def announced(self, events: Sequence[Event], paused: bool) -> Sequence[Event]:
        """In a break, not the new round's deal yet."""
        if not paused:
            return events
        for i, e in enumerate(events):
            if isinstance(e, RoundStarted):
                return events[:i]
        return events

    def starts_anew(self, events: Sequence[Event]) -> bool:
        return any(isinstance(e, RoundStarted) for e in events)

    def timeout_decision(self, legal: Sequence[Any]) -> Decide | None:
        """A timed-out Bishop decision keeps the card (PEG-11)."""
        return next((m for m in legal if isinstance(m, Decide) and m.choice == "keep"), None)

    def side_decision(self, decision: Any) -> bool:
        return isinstance(decision, Decide)

    def ai_name(self, level: str, number: int) -> str:
        return f"{level.title()} bot {number}"

    def turn_of(self, state: GameState, player_id: str) -> None:
        """One decision per turn: each is a turn (and a timeout) of its own."""
        return None

    # ------------------------------------------------------------ read models

    def table(
        self,
        record: GameRecord,
        state: GameState,
        pause: BreakInfo | None,
        events: Sequence[Event] = (),
        before: GameState | None = None,
    ) -> PublicTable:
        """A break's table also shows how the round ended: the public events of the move that
        ended it (the engine's log already belongs to the next round) and, when the state
        before it is known, the discard piles as the round ended (for the picture)."""
        view, names = player_view(state, None), names_of(record)
        table = public_table(record.id, record.version, view, names, pause)
        if pause is None or not events:
            return table
        if before is not None:
            table = replace(table, piles=piles_after(player_view(before, None), events))
        ended = []
        for e in events:
            if isinstance(e, RoundStarted):
                break
            if e.audience is None and not isinstance(e, RoundEnded):
                ended.append(e.to_dict())
        return replace(table, recent=tuple(ended))

    def hand(
        self,
        record: GameRecord,
        state: GameState,
        player_id: str,
        pause: BreakInfo | None,
        *,
        take_back: bool = False,
    ) -> HandInfo:
        """What `player_id` may see now; during a break the result, no cards of the next round.
        (`take_back` never comes: every Love Letter play reveals or draws, so none is undone.)"""
        common = partial(
            HandInfo,
            game_id=record.id,
            version=record.version,
            edition=record.variant,
            player_id=player_id,
            names=names_of(record),
        )
        if pause is not None:
            return common(
                hand=(),
                private_log=(),
                my_turn=False,
                moves=(),
                forced_reason=None,
                in_round=True,
                over=False,
                round_break=pause,
            )
        view = player_view(state, player_id)
        my_turn = state.actor == player_id
        moves = tuple(GAME.legal(state, player_id))
        return common(
            hand=tuple(view.hand),
            private_log=tuple(e.to_dict() for e in view.log if e.audience is not None),
            my_turn=my_turn,
            moves=moves,
            forced_reason=_forced_reason(state, player_id, moves),
            in_round=view.seat(player_id).in_round,
            over=state.over,
            view=view,
        )


def _forced_reason(state: GameState, player_id: str, moves: Sequence[Any]) -> str | None:
    """The engine's reason why a hand card is not playable now (forced plays), if any."""
    playable = {m.card for m in moves if isinstance(m, Play)}
    if not playable:
        return None
    me = state.players[state.seat(player_id)]
    for card in me.hand:
        if card not in playable:
            try:
                apply(state, Play(player=player_id, card=card))
            except IllegalMove as exc:
                return exc.reason
    return None


RULES = LoveLetterRules()
