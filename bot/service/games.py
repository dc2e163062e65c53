"""The game service: one asyncio.Lock per game; load -> game.apply -> save -> outcome.

The lock only spares this process duplicate work: correctness rests on the save's version
check (storage), so when several processes share the database (`storage.shared`) a click for
any game may arrive at any of them. Then the cache is never trusted over the database: every
read checks the stored game's (version, revision) stamp (one indexed read) and reloads it
when the cached copy is not the stored one. Work nobody clicked (AI turns, deadlines) is claimed in
storage first, so one process does it (bot/service/autoplay.py, bot/ui/timers.py).

Nothing reaches Discord from here, and no game is named: each game is reached through the
platform's registry (`bot.platform.registry`), its rules through `engine.api.Game`, its
read models through its `TableRules` (never through a presentation: no discord here). The
caller gets an `Outcome` only after the move is committed, so an acknowledged move is never
lost; rendering its events is the adapter's job (`bot/ui`).
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from bot.i18n import _, p_
from bot.platform.decisions import Clicked, DecisionRef, fingerprint
from bot.platform.registry import table_rules
from bot.platform.rules import Table, TableRules
from bot.service import errors
from bot.service.cache import DEFAULT_GAMES, CountLru, Locks
from bot.service.lobby import LobbyOps
from bot.service.notifier import Notifier, NullNotifier, PrivateNews
from bot.service.outcome import Outcome
from bot.service.pauses import PauseOps
from bot.service.seats import SeatOps
from bot.service.undo import LastMove, UndoOps
from engine.api import Event, Refused
from engine.api import Game as EngineGame
from engine.api import game as engine_game
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
CLAIM_LEASE = 30.0  # seconds a claimed AI turn or deadline stays this process's
AI_BACKSTOP = 30.0  # shared database: an AI turn is also a deadline this much after its delay


def player_id_for(user_id: int) -> str:
    """A human seat's player id: the Discord user id as a string."""
    return str(user_id)


def _no_one_listens(game_id: int) -> None:
    """The default commit hook: nothing shows games live."""


class GameService(LobbyOps, SeatOps, PauseOps, UndoOps):
    """Owns per-game locks and a cache of running games (state parsed once per version),
    bounded: the `cache_size` (GAME_CACHE) most recently used games (bot/service/cache.py)."""

    def __init__(
        self,
        storage: Storage,
        notifier: Notifier | None = None,
        clock: Callable[[], float] | None = None,
        cache_size: int = DEFAULT_GAMES,
    ) -> None:
        self.storage = storage
        self.notifier: Notifier = notifier or NullNotifier()
        self.clock: Callable[[], float] = clock or time.time  # epoch seconds, for turn deadlines
        self._locks = Locks()
        self._cache: CountLru[int, tuple[Game, Any]] = CountLru(cache_size)
        self._last: CountLru[int, LastMove] = CountLru(cache_size)  # bot/service/undo.py
        # Who claims work in storage: unique per process (and per service, for tests).
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.claim_lease = CLAIM_LEASE
        # With a shared database an AI turn gets a deadline too, so that if the process that
        # scheduled it dies another plays it; the client sets it to AI delay + AI_BACKSTOP.
        self.ai_backstop: float | None = AI_BACKSTOP if storage.shared else None
        # Called with the game id after every commit of a move or a pause's end (under the
        # game's lock: it must only schedule work): the live table's announcer (bot/web).
        self.on_commit: Callable[[int], None] = _no_one_listens

    def rules(self, game: Game) -> TableRules:
        """The game's rules of the table (its engine game is `.game`)."""
        return table_rules(game.game)

    def engine(self, game: Game) -> EngineGame:
        """The game's engine (`engine.api`'s registry)."""
        return engine_game(game.game)

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks(game_id)

    def _parse(self, game: Game) -> Any:
        assert game.state is not None
        return self.engine(game).from_json(game.state)

    async def load_running(self, each: Callable[[Game, Any], object] | None = None) -> int:
        """Resume the running games (start-up and restart); how many there are.

        The most recently updated `cache_size` are parsed into the cache. Of the rest only
        those with an AI seat are parsed, and only for `each` (the caller's check whose AI
        turn is due): a table of people waits for a click, and is read and parsed at it, so
        many idle tables cost the start-up little. `each` gets every parsed game and state.
        """
        games = await self.storage.load_running_games()
        games.sort(key=lambda game: game.updated_at)  # the cache ends with the latest
        lazy = len(games) - self._cache.limit  # the first `lazy` wait for their next click
        for n, game in enumerate(games):
            if game.state is None:
                continue
            if n < lazy and (each is None or all(s.ai_level is None for s in game.seats)):
                continue
            entry = self._cache[game.id] = (game, self._parse(game))
            if each is not None:
                each(*entry)
        return len(games)

    async def running(self, game_id: int) -> tuple[Game, Any]:
        """The committed game and state; NoGame if it is not running.

        On a shared database the stored game is read every time (another process may have
        moved it): one read of its (version, revision) stamp, and the cached copy is used only
        while both are the stored ones; else the game is reloaded (its parsed state reused
        when only the seats or the deadline changed)."""
        cached = self._cache.get(game_id)
        if cached is not None:
            if not self.storage.shared:
                return cached
            game = cached[0]
            if await self.storage.stamp(game_id) == ("running", game.version, game.revision):
                return cached
        try:
            game = await self.storage.get_game(game_id)
        except GameNotFound:
            self.forget(game_id)
            raise errors.NoGame(_("That game no longer exists.")) from None
        if game.status != "running" or game.state is None:
            self.forget(game_id)
            raise errors.NoGame(_("That game is not running any more."))
        if cached is not None and cached[0].version == game.version:
            entry = (game, cached[1])
        else:
            entry = (game, self._parse(game))
        self._cache[game_id] = entry
        return entry

    def last_known(self, game_id: int) -> Game | None:
        """The running game as this process last read or saved it, without reading it (None:
        not in the cache): for what may lag a move behind, such as a one-time hint."""
        cached = self._cache.get(game_id)
        return cached[0] if cached is not None else None

    def forget(self, game_id: int) -> None:
        self._cache.pop(game_id, None)
        self.forget_move(game_id)

    def held(self) -> tuple[int, int, int]:
        """What this process holds in memory (`bench service` reports it): running games kept
        parsed, how many it may keep (GAME_CACHE), and game locks alive."""
        return len(self._cache), self._cache.limit, len(self._locks)

    def cached(self) -> Iterator[tuple[Game, Any]]:
        """The running games in the cache (right after `load_running`, all of them if there
        are no more than its `cache_size`)."""
        yield from self._cache.values()

    def awaiting(self, game: Game, state: Any) -> tuple[str, ...]:
        """Who the game waits for now (one or more players; none once it is over)."""
        return self.engine(game).awaiting(state)

    def deadline_for(self, game: Game, state: Any) -> float | None:
        """When the turn times out: while a human seat must decide, only with a timer; while
        an AI must, only on a shared database (`ai_backstop`: if the process that scheduled
        the AI turn dies, another process's deadline watcher plays it)."""
        seats = [game.seat_of(player) for player in self.awaiting(game, state)]
        if game.timer_seconds > 0 and any(s is not None and s.ai_level is None for s in seats):
            return self.clock() + game.timer_seconds
        if self.ai_backstop is not None and any(s is not None and s.ai_level for s in seats):
            return self.clock() + self.ai_backstop
        return None

    # ------------------------------------------------------------------ reads

    def table(
        self, game: Game, state: Any, events: Sequence[Event] = (), before: Any | None = None
    ) -> Table:
        """The public table (during a pause, with the events of the move that started it and
        the state it started from)."""
        pause = self.pause_info(game, state)
        return self.rules(game).table(game, state, pause, events, before)

    def hand(self, game: Game, state: Any, player_id: str) -> Any:
        """What `player_id` may see now, with their decisions when they must decide."""
        if game.seat_of(player_id) is None:
            raise errors.NotAPlayer()
        rules, pause = self.rules(game), self.pause_info(game, state)
        if self.may_take_back(game, player_id):  # only a game with take-backs is told
            return rules.hand(game, state, player_id, pause, take_back=True)
        return rules.hand(game, state, player_id, pause)

    def legal(self, game: Game, state: Any, player_id: str) -> Sequence[Any]:
        """The decisions `player_id` may make now (none during a pause)."""
        if self.pause_info(game, state) is not None:
            return ()
        return self.engine(game).legal(state, player_id)

    # ------------------------------------------------------------------ moves

    async def play(
        self, game_id: int, player_id: str, decision: Any, version: int | None
    ) -> Outcome:
        """Apply one decision under the game's lock; `version` None skips the staleness check.

        Seat, version and whose decision it is are checked here, once, for every path.
        """
        async with self.lock(game_id):
            game, state = await self.running(game_id)
            side = self.rules(game).side_decision(decision)
            self.check(game, state, player_id, version, decision=side, free=True)
            try:
                new_state, events = self.engine(game).apply(state, player_id, decision)
            except Refused as exc:
                raise errors.Rejected(exc.reason) from None
            new_game = await self.commit_move(game, state, new_state, player_id, decision, events)
        return self.outcome_of(new_game, new_state, player_id, events, state)

    async def click(self, ref: DecisionRef, player_id: str, *, decision: bool = False) -> Clicked:
        """The one check of every decision control (the game's controller then reads the index
        or mask it carries): the seat, the version, whose decision it is (`check`; `decision`:
        a decision out of turn, refused as "not for you"), then the fingerprint of the
        player's legal decisions; a different list is an out-of-date view."""
        game, state = await self.running(ref.game_id)
        self.check(game, state, player_id, ref.version, decision=decision, free=True)
        legal = tuple(self.legal(game, state, player_id))
        rules = self.rules(game)
        if ref.fp is not None and ref.fp != fingerprint(rules.game, legal, rules.fingerprint_salt):
            raise errors.StaleView(game.id)
        return Clicked(game, state, legal)

    def check(
        self,
        game: Game,
        state: Any,
        player_id: str,
        version: int | None,
        *,
        decision: bool = False,
        free: bool = False,
    ) -> None:
        """The seat, the version (None: any) and whose decision it is, in that order.

        `free`: a player the game does not wait for may still decide if the game lists legal
        decisions for them now (out-of-turn free actions, e.g. a potion in the Adventure game);
        the game's `apply` checks the decision itself.
        """
        if game.seat_of(player_id) is None:
            raise errors.NotAPlayer()
        if version is not None and version != game.version:
            raise errors.StaleView(game.id)
        if (
            free
            and player_id not in self.awaiting(game, state)
            and self.legal(game, state, player_id)
        ):
            return
        self.require_turn(game, state, player_id, decision=decision)

    def require_turn(
        self, game: Game, state: Any, player_id: str, *, decision: bool = False
    ) -> None:
        """Refuse unless `player_id` must decide now: not in a pause, and theirs to make."""
        self.refuse_in_pause(game, state)
        awaited = self.awaiting(game, state)
        if player_id not in awaited:
            if decision:
                raise errors.NotForYou()
            names = {s.player_id: s.display_name for s in game.seats}
            someone = p_("whose turn", "someone")
            raise errors.NotYourTurn(names.get(awaited[0], someone) if awaited else someone)

    async def commit_move(
        self,
        game: Game,
        old: Any,
        new: Any,
        player: str,
        decision: Any,
        events: Sequence[Event],
        seat_updates: Sequence[SeatUpdate] | None = None,
    ) -> Game:
        """Commit one move (the caller holds the game's lock and has checked it: `play`, the
        AI and the timeout in bot/service/autoplay.py); `seat_updates` None means the seat's
        owner moved (resets timeouts)."""
        if seat_updates is None:
            mover = game.seat_of(player)
            seat_updates = (
                (SeatUpdate(player, timeouts_in_a_row=0),)
                if mover is not None and mover.timeouts_in_a_row
                else ()
            )
        seated = _with_updates(game, seat_updates)
        rules = self.engine(game)
        deadline, paused = self.deadline_after(seated, new, events)  # a pause's or the turn's
        waited = self.awaiting(game, old)
        if not paused and player not in waited and self.awaiting(game, new) == waited:
            deadline = game.turn_deadline  # a free action out of turn: the turn's timer runs on
        end = None
        result = rules.result(new) if rules.is_over(new) else None
        if result is not None:
            end = GameEnd(
                winners=tuple(result.winners),
                gains={p: dict(g) for p, g in result.gains.items()},
                scores={p: dict(s) for p, s in result.scores.items()},
                summary=dict(result.summary),
            )
        try:
            version = await self.storage.save_move(
                game.id,
                game.version,
                rules.to_json(new),
                rules.decision_to_dict(decision),
                player,
                game_end=end,
                turn_deadline=deadline,
                paused=paused,
                seat_updates=seat_updates,
            )
        except (StaleVersion, WrongStatus):
            # Someone else changed the game behind our cache (another process?): reload next time.
            self.forget(game.id)
            raise errors.StaleView(game.id) from None
        updated = replace(
            seated,
            version=version,
            revision=game.revision + 1,  # the save's own bump (another write makes it differ)
            status="finished" if end else "running",
            state=None,
            turn_deadline=None if end else deadline,
            paused=paused and not end,
        )
        if end:
            self.forget(game.id)
        else:
            self._cache[game.id] = (updated, new)
            self.note_move(updated, version, player, decision, old, new, events)
        self.on_commit(game.id)
        return updated

    def outcome_of(
        self, game: Game, state: Any, actor: str, events: Sequence[Event], before: Any
    ) -> Outcome:
        """What a committed move (`commit_move`) tells, built after the lock is released;
        `before` is the state the move started from."""
        rules = self.rules(game)
        told = rules.announced(events, self.is_paused(game))
        table = self.table(game, state, events, before)
        return Outcome(game, table, actor, tuple(told), state, rules)

    async def deliver_news(self, news: Sequence[PrivateNews]) -> None:
        """Hand private news to the notifier (after the commit); never raises."""
        if not news:
            return
        try:
            await self.notifier.notify(news)
        except Exception:
            log.exception("notifier failed for game %s", news[0].game_id)


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
