"""The discord.py client: opens storage, loads running games, registers every game's
components and command group (found through the registry), syncs.

`setup_hook` is safe to run twice on the same object (SimCord's `restart_bot()` does that, and
a real reconnect may too): it reuses an open database, re-reads running games, and loads the
cog only once.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import use_locale
from bot.i18n.translator import CommandTranslator
from bot.platform.presentation import presentations
from bot.runtime.command_sync import sync_keeping_entry_point
from bot.runtime.config import Settings
from bot.runtime.gc_pacing import GcPacer
from bot.runtime.gc_tuning import Tuning, tune_for_service
from bot.runtime.heartbeat import Heartbeat
from bot.runtime.identify import IdentifyGate
from bot.runtime.shard_lease import ShardLeases
from bot.runtime.shard_watch import ShardWatch, discord_timeout
from bot.runtime.stopping import CleanStop
from bot.service import GameService
from bot.service.autoplay import ai_to_move
from bot.ui import lru, pictures
from bot.ui.delivery import TableDelivery, apologise
from bot.ui.dm import DirectMessages
from bot.ui.flow import TurnFlow
from bot.ui.history_items import ITEMS as HISTORY_ITEMS
from bot.ui.locales import Languages, in_clickers_language
from bot.ui.timers import DeadlineWatcher
from bot.web.launch import LaunchButton
from storage import Game, Storage, open_storage, sole_process

if TYPE_CHECKING:  # imported by setup_hook when ACTIVITY is on: aiohttp's server, PostgreSQL
    from bot.web.serve import Announcing, Served

log = logging.getLogger(__name__)
SETTINGS_COG = "cogs.tabletop"


def clock() -> float:
    """Epoch seconds from discord.utils.utcnow(), which SimCord's virtual clock drives."""
    return discord.utils.utcnow().timestamp()


class LocalisedTree(app_commands.CommandTree["GameBot"]):
    """Every slash command and autocomplete is handled in the clicker's locale (and that
    locale is remembered for their DMs), whichever cog's handler runs."""

    async def _call(self, interaction: discord.Interaction[GameBot]) -> None:
        # discord.py's one coroutine per command interaction (checks, autocomplete, the
        # command and its error handlers), run in the invoker task; pinned with discord.py.
        async with in_clickers_language(self.client, interaction):
            await super()._call(interaction)


class GameBot(commands.Bot):
    """Holds the storage, the game service and table delivery for the cogs and components."""

    def __init__(self, settings: Settings, **shards: Any) -> None:
        intents = discord.Intents.default()
        # The bot has no voice: no "PyNaCl / davey is not installed" warnings at start.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=LocalisedTree,
            heartbeat_timeout=discord_timeout(),  # behind the shard watch's own
            **shards,
        )
        self.settings = settings
        self.languages = Languages(self)  # who reads what in which language (bot/ui/locales)
        self._storage: Storage | None = None  # both set by setup_hook, dropped by close
        self._service: GameService | None = None
        self.tables = TableDelivery(pictures=settings.pictures, languages=self.languages)
        self.dms = DirectMessages(self)
        self.flow = TurnFlow(self)
        # Tests set it (before setup) for reproducible deals and AI choices; None = secrets.
        self.seed_source: random.Random | None = None
        self.tuning: Tuning | None = None  # set by setup_hook (bot.runtime.gc_tuning)
        self.gc_pacer = GcPacer(settings.gc_young_ms)  # started by setup_hook, after the tuning
        self.deadlines = DeadlineWatcher(self, clock)
        # What this process must have to itself: its shards (PostgreSQL) or the SQLite file.
        self.shard_leases = ShardLeases(settings)
        self.sole_file: tuple[int, int] | None = None
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]
        # SIGTERM/SIGINT: refuse new clicks, finish those in flight, close (runtime/stopping.py).
        self.stopper = CleanStop(self)
        self.stopper.guard(self._connection)
        # for `python -m bot health`; its interval is a timed wait like the others (`wait`)
        self.heartbeat = Heartbeat(settings.heartbeat_file, sleep=lambda s: self.wait(s))
        # Each shard's connection, in the heartbeat file; a silent one is reconnected.
        self.shard_watch = ShardWatch(self, self.shard_leases.shards)
        self.heartbeat.lines = self.shard_watch.lines
        # Every IDENTIFY waits for its rate-limit key, across processes (bot/runtime/identify.py).
        self.identify_gate = IdentifyGate(self)
        self.live: Served | Announcing | None = None  # ACTIVITY=on (bot/web/serve.py)

    @property
    def storage(self) -> Storage:
        """The open storage. AttributeError before `setup_hook` and after `close` (what
        `getattr(bot, "storage", None)` expects), where an Optional would make every cog and
        component check what cannot happen while they run."""
        if self._storage is None:
            raise AttributeError("the bot has no storage: not set up, or closed")
        return self._storage

    @storage.setter
    def storage(self, storage: Storage | None) -> None:
        """None: the next `setup_hook` opens the database afresh (as after a crash)."""
        self._storage = storage

    @property
    def service(self) -> GameService:
        """The game service over `storage`; AttributeError when there is none (`storage`)."""
        if self._service is None:
            raise AttributeError("the bot has no game service: not set up, or closed")
        return self._service

    async def wait(self, seconds: float) -> None:
        """Every timed wait of the bot: an AI turn's delay, the sleep until the next turn
        deadline or round break, the heartbeat's interval. One place, so that the Discord
        tests let only their virtual clock end these waits (tests/conftest.py: simcord_env),
        whatever real time passes on a busy machine."""
        await asyncio.sleep(seconds)

    async def setup_hook(self) -> None:
        storage = self._storage
        if storage is None:
            url = self.settings.database_url
            if url is None:  # before SQLite touches the file (storage/sole_process.py)
                self.sole_file = sole_process.hold(self.settings.database_path)
            storage = self._storage = await open_storage(
                url.get_secret_value() if url else None,
                self.settings.database_path,
                sync=self.settings.database_sync,
            )
            log.info("storage: %s", storage.path)  # a URL is shown without its password
            await self._take_ownership(storage)
        else:
            await self.shard_leases.take(storage)  # a restart: renew them at once
        self.shard_leases.keep(storage, self.close)
        # A fresh service: its cache is rebuilt from the database, exactly as after a crash.
        service = self._service = GameService(
            storage, clock=clock, cache_size=self.settings.game_cache
        )
        service.pause_seconds = self.settings.round_pause_seconds
        if service.ai_backstop is not None:  # shared database (service docstring)
            service.ai_backstop += self.settings.ai_turn_delay_seconds
        self.languages = Languages(self)  # its caches start from the database, as after a crash
        self.tables = TableDelivery(pictures=self.settings.pictures, languages=self.languages)
        self.tables.launch = self.settings.activity  # the "Open live table" button
        lru.configure(self.settings.picture_cache_mb * 2**20)  # before the worker starts
        if self.settings.pictures:  # the worker warms while the games load
            pictures.start(self.settings.picture_workers)
        self.dms = DirectMessages(self)
        if self.settings.activity:  # the live table: served here on SQLite, NOTIFY on PG
            from bot.web.serve import follow_page_moves, live_in_bot

            await self._close_live()
            self.live = await live_in_bot(self.settings, storage, service)
            follow_page_moves(
                self.live.announcer,
                lambda c: self.flow.changed_elsewhere(c.game_id, c.outcome, resumed=c.resumed),
            )
        self.flow.close()
        seeds = self.seed_source
        service.seed_source = seeds
        self.flow = TurnFlow(
            self, random.Random(seeds.getrandbits(64)) if seeds is not None else None
        )
        due: list[tuple[Game, Any]] = []  # whose AI turn waits: all of them, cached or not

        def waits_for_ai(game: Game, state: Any) -> None:
            if ai_to_move(service, game, state) is not None:
                due.append((game, state))

        count = await service.load_running(waits_for_ai)
        log.info("loaded %d running games", count)
        # One deadline task; AI turns that were waiting when we stopped are played now.
        self.deadlines.stop()
        self.deadlines = DeadlineWatcher(self, clock)
        self.deadlines.start()
        self.flow.resume(due)
        self.add_dynamic_items(*HISTORY_ITEMS)  # history pages and replays, every game's
        if self.settings.activity:
            self.add_dynamic_items(LaunchButton)
        for game in presentations().values():
            self.add_dynamic_items(*game.dynamic_items)
            if game.cog not in self.extensions:
                await self.load_extension(game.cog)
        if SETTINGS_COG not in self.extensions:  # `/tabletop`: the server-wide settings
            await self.load_extension(SETTINGS_COG)
        await self.tree.set_translator(CommandTranslator())  # German slash commands
        await self.sync_commands()
        # Last: the loaded games and registered views are frozen out of the GC's walks.
        self.tuning = tune_for_service()
        self.gc_pacer.start()  # GC_YOUNG_MS: collections paced by this loop (0: CPython's)
        self.heartbeat.start()

    async def _take_ownership(self, storage: Storage) -> None:
        """Refuse to run beside another live process on the same SQLite file (if the file is
        new: storage/sole_process.py) or shard (bot/runtime/shard_lease.py): close the storage and
        raise."""
        try:
            if storage.shared:
                await self.shard_leases.take(storage)
            else:
                self.sole_file = sole_process.hold(storage.path)
        except BaseException:
            await storage.close()
            self._storage = None
            raise

    async def connect(self, *, reconnect: bool = True) -> None:
        """discord.py's connection loop, with the shards watched for silence meanwhile."""
        self.shard_watch.start()
        try:
            await super().connect(reconnect=reconnect)
        finally:
            self.shard_watch.stop()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Instead of discord.py's 5 s sleep: wait for the shard's turn among every process
        of the bot (Discord's max_concurrency; bot/runtime/identify.py)."""
        await self.identify_gate.wait_turn(shard_id)

    async def sync_commands(self) -> list[app_commands.AppCommand]:
        """To DEV_GUILD_ID when set (instant), else globally."""
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            return await self.tree.sync(guild=guild)
        if self.settings.activity:  # Discord made an Entry Point command: keep it (50240)
            return await sync_keeping_entry_point(self.tree)
        return await self.tree.sync()

    async def close(self) -> None:
        self.gc_pacer.stop()
        self.heartbeat.stop()
        self.shard_watch.stop()
        self.deadlines.stop()
        self.flow.close()
        await super().close()
        await self.identify_gate.close()
        await pictures.stop()  # the drawing worker process ends with the bot
        await self._close_live()  # before the storage its sockets read
        storage, self._storage = self._storage, None  # a second close() must not close it again
        if storage is not None:
            await self.shard_leases.release(storage)
            await storage.close()
            self._service = None
        sole_process.release(self.sole_file)  # after the close: see storage/sole_process.py
        self.sole_file = None

    async def _close_live(self) -> None:
        live, self.live = self.live, None
        if live is not None:
            await live.close()

    async def _on_tree_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        game_id = interaction.extras.get("game_id")
        original = getattr(error, "original", error)
        with use_locale(interaction.locale):
            await apologise(interaction, game_id, original)


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The bot with SHARD_COUNT shards, of which this process runs SHARD_IDS (default: all).

    Several such processes share the games through one PostgreSQL database (DATABASE_URL);
    any of them may receive a click for any game (a DM's arrives on shard 0), which the
    service handles under the database's version check (bot/service/games.py)."""


def create_bot(settings: Settings) -> GameBot:
    """The bot, ready for `bot.run(token)` or SimCord; sharded when SHARD_COUNT is set."""
    if settings.shard_count is None:
        return GameBot(settings)
    ids = list(settings.shard_ids) if settings.shard_ids is not None else None
    return ShardedGameBot(settings, shard_count=settings.shard_count, shard_ids=ids)
