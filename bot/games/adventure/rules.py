"""The Hobbit Adventure Boardgame's rules of the table (`bot.platform.rules.TableRules`).

No pauses: the game goes from decision to decision. The public table keeps the last public
lines of the last few moves (in memory, per game: a restart starts the list afresh), since the
engine's state carries no history.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.adventure import decisions
from bot.games.adventure.models import COLOUR_NAMES, COLOURS, AdvTable, Pack, Seat
from bot.games.adventure.text.happenings import Move, last_move
from bot.games.adventure.text.hobbits import hobbit_name
from bot.games.adventure.text.lines import event_line
from bot.games.adventure.text.words import TITLE
from bot.i18n import _
from bot.platform.rules import Pause
from engine.adventure import GAME
from engine.adventure.events import AdvEvent
from engine.adventure.fight import bonuses
from engine.adventure.state import State
from engine.adventure.view import AdventureView, player_view, typed
from engine.api import Event
from storage import Game as GameRecord

RECENT = 12  # public lines the table shows


def seats_of(record: GameRecord, state: State | None = None) -> tuple[Seat, ...]:
    """The hobbits in turn order, each with its display name and token colour."""
    names = {s.player_id: s.display_name for s in record.seats}
    order = list(state.players) if state is not None else list(names)
    return tuple(
        Seat(pid, names.get(pid, pid), COLOURS[i % 4], COLOUR_NAMES[i % 4])
        for i, pid in enumerate(order)
    )


def reach_of(view: AdventureView | Mapping[str, Any], legal: Sequence[Any]) -> tuple[str, ...]:
    """The places a travel choice offers now (highlighted on the board)."""
    pending = typed(view).pending
    if pending is None or pending.kind != "travel":
        return ()
    return tuple(dict.fromkeys(d.to for d in legal if d.action == "travel" and d.to))


def event_lines(events: Sequence[Event], record: GameRecord, viewer: str | None) -> list[str]:
    """The events as lines for `viewer` (None: the public)."""
    names = {s.player_id: s.display_name for s in record.seats}
    lines = (event_line(_record(e), names, viewer) for e in events)
    return [line for line in lines if line]


def _record(e: Event) -> AdvEvent | Mapping[str, Any]:
    """The engine's typed record (any other event by its JSON)."""
    return e if isinstance(e, AdvEvent) else e.to_dict()


class AdventureRules:
    game = GAME
    command = "adventure"
    timeout_level = "standard"
    fingerprint_salt = decisions.FINGERPRINT_SALT

    def __init__(self) -> None:
        self._recent: dict[int, deque[tuple[int, str]]] = {}
        self._moves: dict[int, tuple[int, Move]] = {}

    def title(self, variant: str | None = None) -> str:
        """The game's name in the reader's language (its one variant has the same)."""
        return _(TITLE)

    # ------------------------------------------------------------ no pauses here

    def pause_after(self, state: State, events: Sequence[Event]) -> bool:
        return False

    def pause_info(self, state: State, pause: Pause) -> None:
        return None

    def announced(self, events: Sequence[Event], paused: bool) -> Sequence[Event]:
        return events

    def starts_anew(self, events: Sequence[Event]) -> bool:
        return False

    def timeout_decision(self, legal: Sequence[Any]) -> Any | None:
        return None

    def side_decision(self, decision: Any) -> bool:
        """Free actions (a potion, Athelas, the Scroll of Minds) are not turns."""
        return getattr(decision, "action", None) == "use"

    def ai_name(self, level: str, number: int) -> str:
        """A hobbit of the Shire (its level is shown beside it: `names.seat_label`)."""
        return hobbit_name(number)

    def turn_of(self, state: State, player_id: str) -> tuple[int, bool] | None:
        """A hobbit's turn is all its steps (roll, travel, the place, a fight...); a chased
        creature or a riddle put to another hobbit is that hobbit's part of the same turn."""
        if state.over:
            return None
        return (state.turn_no, state.active == player_id)

    # ------------------------------------------------------------ read models

    def recent(self, record: GameRecord) -> tuple[str, ...]:
        """The last public lines of this game; lines newer than its version belong to another
        game of the same id (a new database in the same process) and are dropped."""
        lines = self._recent.get(record.id)
        if lines and (record.version == 0 or lines[-1][0] > record.version):
            lines.clear()
        return tuple(line for __, line in lines or ())

    def _remember(self, record: GameRecord, events: Sequence[Event]) -> None:
        self.recent(record)
        lines = self._recent.setdefault(record.id, deque(maxlen=RECENT))
        if lines and lines[-1][0] >= record.version:
            return
        for line in event_lines([e for e in events if e.audience is None], record, None):
            lines.append((record.version, line))

    def table(
        self,
        record: GameRecord,
        state: State,
        pause: Any | None,
        events: Sequence[Event] = (),
        before: State | None = None,
    ) -> AdvTable:
        if events:
            self._remember(record, events)
        view = player_view(state, None)
        awaiting = GAME.awaiting(state)
        active = state.active
        legal = GAME.legal(state, active) if active is not None else ()
        return AdvTable(
            game_id=record.id,
            version=record.version,
            view=view,
            seats=seats_of(record, state),
            awaiting=awaiting,
            reach=reach_of(view, legal),
            recent=self.recent(record),
            move=self._move(record, events, view),
        )

    def _move(
        self, record: GameRecord, events: Sequence[Event], view: AdventureView
    ) -> Move | None:
        """The last move for the board's arrow; one remembered from a newer version belongs to
        another game of the same id and is dropped (as `recent` does)."""
        version, kept = self._moves.get(record.id, (0, None))
        move = last_move(events, view, kept if version <= record.version else None)
        if move is not None:
            self._moves[record.id] = (record.version, move)
        return move

    def hand(
        self,
        record: GameRecord,
        state: State,
        player_id: str,
        pause: Any | None,
        *,
        take_back: bool = False,
    ) -> Pack:
        """`take_back`: the hobbit may take back its last decision now (the pack's Undo)."""
        pending = state.pending
        mine = pending is not None and pending.player == player_id and not state.over
        return Pack(
            game_id=record.id,
            version=record.version,
            player_id=player_id,
            view=player_view(state, player_id),
            seats=seats_of(record, state),
            legal=tuple(GAME.legal(state, player_id)),
            kind=pending.kind if mine and pending is not None else None,
            awaiting=GAME.awaiting(state),
            recent=self.recent(record),
            extra=_fight_extra(state, player_id),
            take_back=take_back,
        )


def _fight_extra(state: State, player_id: str) -> dict[str, Any]:
    """The fighter's own itemised bonuses (ADV-6 step 5), for its pack's fight panel."""
    f = state.fight
    if f is None or f.fighter != player_id:
        return {}
    return {"bonuses": bonuses(state, f)}


RULES = AdventureRules()
