"""The game service: one asyncio.Lock per game; load -> engine.apply -> save -> render.

Nothing reaches Discord from here. The caller (a cog) gets an `Outcome` only after the move
is committed, so an acknowledged move is never lost; if delivering it fails, the next table
edit or "My hand" shows the committed state anyway. No discord imports in this package.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import engine.loveletter as engine
from bot.games.loveletter.render.events import render_event
from bot.games.loveletter.snapshots import HandInfo, PublicTable, names_of, public_table
from bot.service import errors
from bot.service.breaks import BreakOps
from bot.service.lobby import LobbyOps
from bot.service.notifier import Notifier, NullNotifier, PrivateNews
from bot.service.seats import SeatOps
from engine.loveletter.events import Event, RoundEnded
from engine.loveletter.moves import Decide, Play
from engine.loveletter.state import GameState
from storage import (
    Game,
    GameEnd,
    GameNotFound,
    SeatUpdate,
    StaleVersion,
    Storage,
    WrongStatus,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Outcome:
    """A committed move and everything to deliver for it."""

    game: Game
    table: PublicTable
    actor: str
    reply: tuple[str, ...]  # what the actor reads in their ephemeral answer
    news: tuple[PrivateNews, ...]  # private lines for other players
    events: tuple[Event, ...]


def player_id_for(user_id: int) -> str:
    """Engine identity of a human seat: the Discord user id as a string."""
    return str(user_id)


class GameService(LobbyOps, SeatOps, BreakOps):
    """Owns per-game locks and a cache of running games (state parsed once per version)."""

    def __init__(
        self,
        storage: Storage,
        notifier: Notifier | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.storage = storage
        self.notifier: Notifier = notifier or NullNotifier()
        self.clock: Callable[[], float] = clock or time.time  # epoch seconds, for turn deadlines
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache: dict[int, tuple[Game, GameState]] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def load_running(self) -> int:
        """Fill the cache with every running game (start-up and restart)."""
        games = await self.storage.load_running_games()
        for game in games:
            if game.state is not None:
                self._cache[game.id] = (game, engine.from_json(game.state))
        return len(games)

    async def running(self, game_id: int) -> tuple[Game, GameState]:
        """The committed game and state; NoGame if it is not running."""
        cached = self._cache.get(game_id)
        if cached is not None:
            return cached
        try:
            game = await self.storage.get_game(game_id)
        except GameNotFound:
            raise errors.NoGame("That game no longer exists.") from None
        if game.status != "running" or game.state is None:
            raise errors.NoGame("That game is not running any more.")
        entry = (game, engine.from_json(game.state))
        self._cache[game_id] = entry
        return entry

    def forget(self, game_id: int) -> None:
        self._cache.pop(game_id, None)

    def cached(self) -> Iterator[tuple[Game, GameState]]:
        """The running games in the cache (all of them right after `load_running`)."""
        yield from list(self._cache.values())

    def deadline_for(self, game: Game, state: GameState) -> float | None:
        """When the actor's turn times out: only a human seat's turn, only with a timer."""
        seat = game.seat_of(state.actor or "")
        if state.over or seat is None or seat.ai_level is not None or game.timer_seconds <= 0:
            return None
        return self.clock() + game.timer_seconds

    # ------------------------------------------------------------------ reads

    def table(self, game: Game, state: GameState) -> PublicTable:
        view, names = engine.player_view(state, None), names_of(game)
        return public_table(game.id, game.version, view, names, self.break_info(game, state))

    def hand(self, game: Game, state: GameState, player_id: str) -> HandInfo:
        """What `player_id` may see now, with their legal moves when they must act."""
        if game.seat_of(player_id) is None:
            raise errors.NotAPlayer()
        if (between := self.break_info(game, state)) is not None:
            return self.break_hand(game, player_id, between)
        view = engine.player_view(state, player_id)
        my_turn = state.actor == player_id
        moves = tuple(engine.legal_moves(state)) if my_turn else ()
        return HandInfo(
            game_id=game.id,
            version=game.version,
            edition=game.edition,
            player_id=player_id,
            hand=tuple(view.hand),
            private_log=tuple(e.to_dict() for e in view.log if e.audience is not None),
            my_turn=my_turn,
            moves=moves,
            forced_reason=_forced_reason(state, player_id, moves),
            in_round=view.seat(player_id).in_round,
            names=names_of(game),
            over=state.over,
        )

    # ------------------------------------------------------------------ moves

    async def play(
        self, game_id: int, player_id: str, move: Play | Decide, version: int | None
    ) -> Outcome:
        """Apply one move under the game's lock; `version` None skips the staleness check."""
        async with self.lock(game_id):
            game, state = await self.running(game_id)
            if version is not None and version != game.version:
                raise errors.StaleView(game_id)
            if game.seat_of(player_id) is None:
                raise errors.NotAPlayer()
            self.require_turn(game, state, player_id, decision=isinstance(move, Decide))
            try:
                new_state, events = engine.apply(state, move)
            except engine.IllegalMove as exc:
                raise errors.Rejected(str(getattr(exc, "reason", exc))) from None
            new_game = await self._save(game, state, new_state, move, events)
        return self._outcome(new_game, new_state, player_id, events)

    def require_turn(
        self, game: Game, state: GameState, player_id: str, *, decision: bool = False
    ) -> None:
        """Refuse unless `player_id` must act now: not in a round break, and their turn (or,
        for a `decision`, theirs to make)."""
        self.refuse_in_break(game, state)
        if state.actor != player_id:
            if decision:
                raise errors.NotForYou()
            raise errors.NotYourTurn(names_of(game).get(state.actor or "", "someone"))

    async def _save(
        self,
        game: Game,
        old: GameState,
        new: GameState,
        move: Play | Decide,
        events: Sequence[Event],
        seat_updates: Sequence[SeatUpdate] | None = None,
    ) -> Game:
        """Commit one move; `seat_updates` None means the seat's owner moved (resets timeouts)."""
        if seat_updates is None:
            mover = game.seat_of(move.player)
            seat_updates = (
                (SeatUpdate(move.player, timeouts_in_a_row=0),)
                if mover is not None and mover.timeouts_in_a_row
                else ()
            )
        seated = _with_updates(game, seat_updates)
        deadline, in_break = self.deadline_after(seated, new, events)  # a break's or the turn's
        winners: tuple[str, ...] = ()
        for e in events:
            if isinstance(e, RoundEnded):
                winners += tuple(e.winners)
        end = None
        if new.over:
            end = GameEnd(
                winner=new.winner,
                rounds=len(new.history),
                final_tallies={p.id: p.tokens for p in new.players},
            )
        try:
            version = await self.storage.save_move(
                game.id,
                game.version,
                engine.to_json(new),
                engine.move_to_dict(move),
                old.round_no,
                move.player,
                round_winners=winners,
                game_end=end,
                turn_deadline=deadline,
                round_break=in_break,
                seat_updates=seat_updates,
            )
        except (StaleVersion, WrongStatus):
            # Someone else changed the game behind our cache (another process?): reload next time.
            self.forget(game.id)
            raise errors.StaleView(game.id) from None
        updated = replace(
            seated,
            version=version,
            status="finished" if end else "running",
            state=None,
            turn_deadline=None if end else deadline,
            round_break=in_break and not end,
        )
        if end:
            self.forget(game.id)
        else:
            self._cache[game.id] = (updated, new)
        return updated

    def _outcome(
        self, game: Game, state: GameState, actor: str, events: Sequence[Event]
    ) -> Outcome:
        names = names_of(game)
        reply: list[str] = []
        private: dict[str, list[str]] = {}
        for e in self.announced(game, events):
            data = e.to_dict()
            aud = e.audience
            if aud is None or actor in aud:
                line = render_event(data, game.edition, names, actor)
                if line:
                    reply.append(line)
            for pid in aud or ():
                if pid != actor:
                    line = render_event(data, game.edition, names, pid)
                    if line:
                        private.setdefault(pid, []).append(line)
        users = {s.player_id: s.user_id for s in game.seats}
        news = tuple(
            PrivateNews(game.id, pid, users.get(pid), tuple(lines))
            for pid, lines in private.items()
        )
        table = self.with_last_move(self.table(game, state), events)  # (a break shows it)
        return Outcome(game, table, actor, tuple(reply), news, tuple(events))

    async def deliver_news(self, outcome: Outcome) -> None:
        """Hand private news to the notifier (after the commit); never raises."""
        if not outcome.news:
            return
        try:
            await self.notifier.notify(outcome.news)
        except Exception:
            log.exception("notifier failed for game %s", outcome.game.id)


def _with_updates(game: Game, updates: Sequence[SeatUpdate]) -> Game:
    """The game with `updates` applied to its seats, as the database will have them."""
    if not updates:
        return game
    seats = []
    for seat in game.seats:
        for u in updates:
            if u.player_id == seat.player_id:
                if u.timeouts_in_a_row is not None:
                    seat = replace(seat, timeouts_in_a_row=u.timeouts_in_a_row)
                if u.ai_level is not None:
                    seat = replace(seat, ai_level=u.ai_level)
        seats.append(seat)
    return replace(game, seats=tuple(seats))


def _forced_reason(state: GameState, player_id: str, moves: Sequence[Any]) -> str | None:
    """The engine's reason why a hand card is not playable now (forced plays), if any."""
    playable = {m.card for m in moves if isinstance(m, Play)}
    if not playable:
        return None
    me = state.players[state.seat(player_id)]
    for card in me.hand:
        if card not in playable:
            try:
                engine.apply(state, Play(player=player_id, card=card))
            except engine.IllegalMove as exc:
                return str(getattr(exc, "reason", exc))
    return None
