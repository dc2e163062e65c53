"""What happens after a move is committed, whoever made it: the table, DMs, the next turn.

Human moves come through the controller (which answers the clicking player first, then calls
`follow` whether or not that answer reached Discord); AI moves and timeouts come from here and
from the deadline watcher. Either way `follow` edits the table, and the next actor is
told (DM, or a channel mention when their DMs are closed) and an AI to move is scheduled
after `ai_turn_delay_seconds`. A move that ends a round starts a round break instead: the
next round is announced (round-start DMs, first turn) only when the break ends. Which events
start a pause or deal everyone in anew, the game's presentation says.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from bot.platform.presentation import presentation
from bot.platform.rules import Table
from bot.service import GameError, Outcome
from bot.service.autoplay import TimedOut, ai_free_action, ai_free_move, ai_move, ai_to_move
from bot.service.games import GameService
from bot.service.pauses import is_paused
from bot.ui.delivery import private_news
from bot.ui.failures import log_failure
from bot.ui.locales import in_server_language
from bot.ui.timeouts import timeout_head, timeout_notice
from storage import Game

if TYPE_CHECKING:  # an import cycle at run time: the client builds this
    from bot.runtime.client import GameBot

log = logging.getLogger(__name__)


class TurnFlow:
    def __init__(self, bot: GameBot, rng: random.Random | None = None) -> None:
        self.bot = bot
        self.rng = rng or random.Random(secrets.randbits(64))
        self._tasks: set[asyncio.Task[None]] = set()
        self._scheduled: set[tuple[int, int]] = set()  # (game, version) with an AI move queued

    @property
    def service(self) -> GameService:
        service: GameService = self.bot.service
        return service

    @property
    def delay(self) -> float:
        return float(self.bot.settings.ai_turn_delay_seconds)

    # ------------------------------------------------------------ entry points

    async def game_started(self, game_id: int) -> None:
        """Round 1 was dealt: DMs, the first turn, maybe an AI to move."""
        await self._next_turn(game_id, round_started=True)

    async def after_commit(self, outcome: Outcome) -> None:
        """Called once the table and the private news of a move are out."""
        self.bot.deadlines.poke()
        await self.bot.dms.supersede(outcome.game, outcome.state)
        if outcome.game.status != "running" or is_paused(outcome.game):
            return  # game over, or a pause: `round_resumed` will tell the next player
        started = outcome.rules.starts_anew(outcome.events)
        await self._next_turn(outcome.game.id, round_started=started)

    async def follow(self, outcome: Outcome, notice: str | None = None) -> None:
        """Everything a committed move sets off, whoever made it: the table edit (with
        `notice`), the others' private news, the next turn. Never depends on the mover's own
        answer: that may fail (an expired interaction), and the move stands all the same."""
        game = outcome.game
        table = replace(outcome.table, notice=notice) if notice else outcome.table
        await self._update_table(game, table)
        await self.deliver_news(outcome)
        await self.after_commit(outcome)

    async def changed_elsewhere(
        self, game_id: int, outcome: Outcome | None, *, resumed: bool = False
    ) -> None:
        """A change made on the live table (bot/web): in this process a move carries its
        `outcome` and is followed as a click's is; otherwise (another process's NOTIFY, or the
        page ended a round break or started a rematch here) the shard that holds the game's
        server shows the table as stored and goes on: a game without a table message yet (a
        rematch the page started) gets its table posted in the channel and its first turn, a
        `resumed` round its hands."""
        if outcome is not None:
            await self.follow(outcome)
            return
        try:
            game, state = await self.service.running(game_id)
        except GameError:
            return  # finished or gone: its last table came with the move that ended it
        if self.bot.shard_count and self.bot.get_guild(game.guild_id) is None:
            return  # another shard's server: that process shows it
        if game.table_message_id is None:
            await self._post_table(game, state)
            await self.game_started(game.id)
            return
        if resumed:
            await self.round_resumed(game)
            return
        await self._update_table(game, self.service.table(game, state))
        self.bot.deadlines.poke()
        if not is_paused(game):
            await self._next_turn(game.id, round_started=False)

    async def _post_table(self, game: Game, state: Any) -> None:
        """Post a table message for a game started away from Discord and remember it (sent
        by channel id, as the table is edited)."""
        channel = self.bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        table = self.service.table(game, state)
        message_id = await self.bot.tables.post(channel, table, presentation(game.game))
        if message_id is not None:
            await self.service.set_table_message(game.id, message_id)

    async def _update_table(self, game: Game, table: Table) -> None:
        """Edit the game's table message in its channel (by id) to show `table`."""
        channel = self.bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        await self.bot.tables.update(channel, game.table_message_id, table, presentation(game.game))

    async def deliver_news(self, outcome: Outcome) -> None:
        """The private news of a move for everyone but the actor (DMs and private logs)."""
        languages = self.bot.languages
        users = [s.user_id for s in outcome.game.seats if s.user_id is not None]
        locales = {user: await languages.user(user) for user in users}  # their DMs' language
        news = private_news(presentation(outcome.game.game), outcome, locales)
        await self.bot.dms.notify(news, outcome.game)  # straight to the DM sender

    async def publish(
        self, outcome: Outcome, notice: str | None = None, table_notice: str | None = None
    ) -> None:
        """A move nobody clicked (AI, timeout): channel notice, table (with `table_notice`, by
        default the notice), private news, next turn."""
        game = outcome.game
        channel = self._channel(game)
        if notice and channel is not None:
            try:
                await channel.send(notice, allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as exc:
                log.warning("could not post a notice in game %s: %s", game.id, exc)
        await self.follow(outcome, table_notice or notice)

    async def timed_out(self, result: TimedOut | Outcome) -> None:
        if isinstance(result, Outcome):
            await self.publish(result)
            return
        async with in_server_language(self.bot, result.outcome.game.guild_id):  # public
            notice, head = timeout_notice(result), timeout_head(result)
        await self.publish(result.outcome, notice, table_notice=head)

    async def round_resumed(self, game: Game, *, table_shown: bool = False) -> None:
        """The round break ended (`game` as saved then): the new round, its DMs, its first turn.

        `table_shown`: the click that ended it already turned the table into the new round's.
        """
        self.bot.deadlines.poke()  # the first turn's timer replaced the break's deadline
        try:
            current, state = await self.service.running(game.id)
        except GameError:
            return
        if not table_shown:
            await self._update_table(game, self.service.table(game, state))
        await self._next_turn(game.id, round_started=True, known=(current, state))

    async def seat_changed(self, game_id: int) -> None:
        """An AI took a seat over (kick): its pending turn is now an AI turn."""
        self.bot.deadlines.poke()
        try:
            game, state = await self.service.running(game_id)
        except GameError:
            return
        if ai_to_move(self.service, game, state) is not None:
            self.schedule_ai(game.id, game.version)

    def resume(self, games: Iterable[tuple[Game, Any]] | None = None) -> None:
        """After a (re)start: every running game waiting for an AI gets its move scheduled
        (`games`: those `load_running` handed over; default the cached ones)."""
        for game, state in self.service.cached() if games is None else games:
            if ai_to_move(self.service, game, state) is not None:
                self.schedule_ai(game.id, game.version)

    def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()

    # ------------------------------------------------------------ internals

    async def _next_turn(
        self, game_id: int, *, round_started: bool, known: tuple[Game, Any] | None = None
    ) -> None:
        """Never raises: the move is committed, and a failed DM must not look like a failed move.
        `known`: the game as just read (else it is read here, once, for the whole turn)."""
        try:
            await self._tell_next(game_id, round_started=round_started, known=known)
        except GameError:
            pass  # ended meanwhile
        except Exception:  # noqa: BLE001 - logged with the game id; the table is already right
            log_failure(log, self.bot, "telling the next player failed in game %s", game_id)

    async def _tell_next(
        self, game_id: int, *, round_started: bool, known: tuple[Game, Any] | None
    ) -> None:
        """The one read of the game after a move (another click may have moved it since the
        outcome was made); everything below works from it."""
        game, state = known or await self.service.running(game_id)
        awaited = self.service.awaiting(game, state)
        if not awaited:
            return
        ai = ai_to_move(self.service, game, state)
        if round_started:
            skip = None if ai is not None else awaited[0]
            await self.bot.dms.dealt_anew(game, state, skip=skip)
        if ai is not None:
            self.schedule_ai(game.id, game.version)
            return
        # A human decides: an AI hobbit out of turn first takes the free action that pays now
        # (a heal when nearly out; ADV-11), before the human is told, so no click races it.
        if ai_free_action(self.service, game, state) is not None:
            free = await ai_free_move(self.service, game_id, game.version)
            if free is not None:
                await self.publish(free)  # its table edit, then this again for the human
                return
        for player in awaited:
            fresh = await self.bot.dms.fresh_turn(game, state, player)  # not a later step of it
            sent = await self.bot.dms.your_turn(game, state, player)
            if fresh and not await self._ping(game, state, player) and not sent:
                await self._mention_if_refused(game, player)

    async def _ping(self, game: Game, state: Any, player_id: str) -> bool:
        """A human the game waits for out of turn hears it in the channel too, with a button
        to their private controls (the game's presentation says when and what)."""
        game_id = game.id
        seat = game.seat_of(player_id)
        if seat is None or seat.user_id is None or seat.ai_level is not None:
            return False
        rules = presentation(game.game)
        async with in_server_language(self.bot, game.guild_id):  # a channel line: public
            text = rules.ping_text(game, state, player_id)
            view = rules.ping_view(game)
        channel = self.bot.get_channel(game.channel_id)
        if text is None or not isinstance(channel, discord.abc.Messageable):
            return False
        try:
            await channel.send(
                text,
                view=view,
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(seat.user_id)]),
            )
        except discord.HTTPException as exc:
            log.warning("could not ping the awaited player in game %s: %s", game_id, exc)
            return False
        return True

    async def _mention_if_refused(self, game: Game, player_id: str) -> None:
        game_id = game.id
        seat = game.seat_of(player_id)
        if seat is None or seat.user_id is None or not self.bot.dms.refused(game, player_id):
            return
        channel = self._channel(game)
        if channel is None:
            return
        async with in_server_language(self.bot, game.guild_id):  # a channel line: public
            text = presentation(game.game).mention_text(seat.user_id)
        try:
            await channel.send(
                text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(seat.user_id)])
            )
        except discord.HTTPException as exc:
            log.warning("could not mention the player to move in game %s: %s", game_id, exc)

    def _channel(self, game: Game) -> discord.abc.Messageable | None:
        """The game's channel (None if unknown, or one nothing can be posted in); on a shared
        database a partial one (sent to by id) when it is not in this process's cache: with
        several shard processes, an AI move or timeout of a game on another process's shard
        may be handled here."""
        channel = self.bot.get_channel(game.channel_id)
        if channel is not None or not self.service.storage.shared:
            # one process has every channel it may post to in its cache
            return channel if isinstance(channel, discord.abc.Messageable) else None
        return self.bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)

    def schedule_ai(self, game_id: int, version: int) -> None:
        key = (game_id, version)
        if key in self._scheduled:
            return
        self._scheduled.add(key)
        task = asyncio.get_running_loop().create_task(self._ai_turn(game_id, version))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _ai_turn(self, game_id: int, version: int) -> None:
        try:
            if self.delay > 0:
                await self.bot.wait(self.delay)
            outcome = await ai_move(self.service, game_id, version, self.rng)
            if outcome is not None:
                await self.publish(outcome)
        except GameError:
            pass  # the game ended or moved on meanwhile
        except Exception:  # noqa: BLE001 - a background move must never crash the bot
            log_failure(log, self.bot, "AI move failed in game %s at version %s", game_id, version)
        finally:
            self._scheduled.discard((game_id, version))
