"""Game reads per move: after a move is committed, everything it sets off (the mover's answer,
the table, the private news, the next turn's DM, an AI turn scheduled) reads the game from the
database at most once, not once per step (issue 42: 6-7 reads after a human move on
PostgreSQL). Counted at the storage layer (`get_game` and the shared database's `stamp`), on
SQLite and on PostgreSQL, for a human move, an AI move and a timeout."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from discord.ext import commands
from pydantic import SecretStr

from bot.runtime.client import create_bot
from bot.runtime.config import Settings
from tests.cogs.conftest import seeded
from tests.cogs.driver import Game, open_game

# The most game reads after a commit until its follow-up is done (the next turn's own read).
MOST_READS_AFTER_A_MOVE = 1
GAME_READS = ("get_game", "stamp")


class Reads:
    """Counts the storage's game reads after each committed move (`save_move`), while the bot
    acts (the test's own reads are not counted), by who made the move."""

    def __init__(self, storage: Any) -> None:
        self.after: list[list[Any]] = []  # [kind, reads after that commit]
        self.counting = False  # the bot acts (not the test reading)
        self.open = False  # a move was committed in this action: its follow-up is counted
        self.timing_out = False
        save = storage.save_move

        async def save_move(
            game_id: int, version: int, state: str, move: Any, player: str, **kw: Any
        ) -> int:
            saved = await save(game_id, version, state, move, player, **kw)
            kind = "ai" if player.startswith("ai") else "timeout" if self.timing_out else "human"
            self.after.append([kind, 0])
            self.open = True
            return int(saved)

        storage.save_move = save_move
        for name in GAME_READS:
            setattr(storage, name, self._counted(getattr(storage, name)))

    def _counted(self, read: Any) -> Any:
        async def counted(*args: Any, **kwargs: Any) -> Any:
            if self.counting and self.open:
                self.after[-1][1] += 1
            return await read(*args, **kwargs)

        return counted

    @contextlib.contextmanager
    def bot_acts(self, *, timeout: bool = False) -> Iterator[None]:
        """One action of a player or the clock, settled: what it commits and sets off."""
        self.counting, self.timing_out = True, timeout
        try:
            yield
        finally:
            self.counting = self.timing_out = self.open = False

    @contextlib.contextmanager
    def uncounted(self) -> Iterator[None]:
        """The test's own reads (the driver's), not the bot's."""
        counting, self.counting = self.counting, False
        try:
            yield
        finally:
            self.counting = counting

    def most(self, kind: str) -> int:
        seen = [n for k, n in self.after if k == kind]
        assert seen, f"no {kind} move was made"
        return max(seen)


class Counted(Game):
    """The driver's game, its own reads uncounted and its view checks left to other tests."""

    reads: Reads

    async def state(self) -> Any:
        with self.reads.uncounted():
            return await super().state()

    async def version(self) -> int:
        with self.reads.uncounted():
            return await super().version()

    async def step(self, action: Any) -> Any:
        with self.reads.bot_acts():
            return await action


@pytest.fixture(params=["sqlite", "postgres"])
def simcord_bot(request: pytest.FixtureRequest, tmp_path: Path) -> commands.Bot:
    url = request.getfixturevalue("pg_url") if request.param == "postgres" else None
    settings = Settings(
        database_path=tmp_path / "reads.db",
        database_url=SecretStr(url) if url else None,
        ai_turn_delay_seconds=0,
    )
    return seeded(create_bot(settings))


async def _counted_game(env: Any, players: int, **options: Any) -> tuple[Counted, Reads]:
    g = await open_game(env, "hobbit", players, seed=3, **options)
    counted = Counted(g.env, g.channel, g.members, g.rng, g.game_id)
    counted.reads = Reads(env.bot.storage)
    return counted, counted.reads


async def test_a_human_move_reads_the_game_at_most_once_after_its_commit(simcord_env) -> None:
    g, reads = await _counted_game(simcord_env, 2)
    for _ in range(6):
        await g.play_one_move()
    assert reads.most("human") <= MOST_READS_AFTER_A_MOVE, reads.after


async def test_an_ai_move_reads_the_game_at_most_once_after_its_commit(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    simcord_env.bot.service.seed_source = random.Random(3)
    lobby = (await ann.slash(channel, "loveletter new", edition="hobbit")).response
    await ann.slash(channel, "loveletter addbot", level="novice")
    await ann.click(lobby, label="Start")
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    g = Counted(simcord_env, channel, [ann], random.Random(3), game.id)
    g.reads = reads = Reads(simcord_env.bot.storage)
    for _ in range(4):
        await g.play_one_move()
    assert reads.most("ai") <= MOST_READS_AFTER_A_MOVE, reads.after


async def test_a_timeout_reads_the_game_at_most_once_after_its_commit(simcord_env) -> None:
    g, reads = await _counted_game(simcord_env, 4, timer=60)
    for _ in range(2):
        with reads.bot_acts(timeout=True):
            await simcord_env.advance_time(61)
            await simcord_env.settle()
    assert reads.most("timeout") <= MOST_READS_AFTER_A_MOVE, reads.after
