"""`db migrate-to-postgres`, `db check` and `db backup` on PostgreSQL: a played SQLite database
arrives whole (every game resumes, tallies equal) and the tools name what they did."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.service import GameService
from storage import Storage
from storage.postgres import PostgresStorage

GUILD = 1
COLUMNS = {"played": ["games_played"], "won": ["games_won"], "hearts": ["hearts"]}


async def play_until(service: GameService, game_id: int, rng: random.Random, moves: int) -> None:
    """Random legal moves of whoever is awaited, `moves` of them or until the game ends."""
    for _ in range(moves):
        game, state = await service.running(game_id)
        player = service.awaiting(game, state)[0]
        decision = rng.choice(list(service.legal(game, state, player)))
        outcome = await service.play(game_id, player, decision, game.version)
        if outcome.game.status != "running":
            return


async def new_game(service: GameService, channel: int, users: list[int]) -> int:
    await service.new_lobby(GUILD, channel, users[0], "u0", "loveletter", "pegasus", {})
    for i, user in enumerate(users[1:], 1):
        await service.join(channel, user, f"u{i}")
    game = await service.start(channel, users[0], rng=random.Random(channel))
    return int(game.id)


async def fill(path: Path) -> dict[str, Any]:
    """Two finished games, three running ones, a lobby and a setting; what each reads as."""
    storage = await Storage.open(path)
    service = GameService(storage)
    rng = random.Random(7)
    await storage.start_season(GUILD, "loveletter", 100, 11, 1.0, None)  # the games count in it
    ids = [await new_game(service, 100 + n, [20 + n, 12, 13]) for n in range(5)]
    for game_id in ids[:2]:
        await play_until(service, game_id, rng, 10_000)
    for game_id in ids[2:]:
        await play_until(service, game_id, rng, 5)
    await service.new_lobby(GUILD, 200, 11, "u0", "loveletter", "hobbit", {})
    await storage.set_dm_enabled(12, False)
    t = await storage.create_tournament(
        GUILD, 5, "loveletter", "hobbit", "swiss", 2, 3, False, 11, 1.0
    )
    await storage.sign_up(t.id, 12, "u12", 2.0)
    await storage.start_tournament(t.id, 3, {12: 1.5}, [((12,), 0, (12,), ())])
    seen = await snapshot(storage, ids)
    await storage.close()
    return seen


async def snapshot(storage: Storage, ids: list[int]) -> dict[str, Any]:
    return {
        "games": [await storage.get_game(i) for i in ids],
        "moves": [await storage.get_moves(i) for i in ids],
        "results": [await storage.get_result(i) for i in ids],
        "initial": [await storage.get_initial_state(i) for i in ids],
        "board": await storage.leaderboard(GUILD, "loveletter", columns=COLUMNS, order_by="won"),
        "stats": [await storage.stats(GUILD, u, "loveletter") for u in (12, 13, *range(20, 25))],
        "settings": await storage.get_user_settings(12),
        "lobby": await storage.get_game_in_channel(200),
        "season": [
            await storage.season(GUILD, "loveletter", 1),
            await storage.standings(GUILD, "loveletter", 1),
            await storage.season_games(GUILD, "loveletter", 1),
        ],
        "tournament": [
            await storage.tournament(1),
            await storage.entrants(1),
            await storage.tables(1),
        ],
    }


def test_a_played_sqlite_database_arrives_whole_and_plays_on(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bot.db"
    before = asyncio.run(fill(path))
    assert main(["db", "migrate-to-postgres", pg_url, "--database", str(path)]) == 0
    out = capsys.readouterr().out
    assert "games 6" in out and "DATABASE_URL=" in out

    async def after() -> None:
        storage = await PostgresStorage.open(pg_url)
        try:
            ids = [g.id for g in before["games"]]
            assert await snapshot(storage, ids) == before
            service = GameService(storage)
            rng = random.Random(3)
            for game_id in ids[2:]:  # every running game resumes, to its end
                await play_until(service, game_id, rng, 10_000)
                assert (await storage.get_game(game_id)).status == "finished"
            stats = await storage.stats(GUILD, 12, "loveletter")
            assert sum(v["games_played"] for v in stats.per_variant.values()) == 5
            lobby = await storage.create_lobby(GUILD, 300, "loveletter", "l5r", 11)
            assert lobby.id == 7  # the id sequence continues after the copied games
        finally:
            await storage.close()

    asyncio.run(after())
    # The target is no longer empty: a second copy is refused, and nothing changes.
    assert main(["db", "migrate-to-postgres", pg_url, "--database", str(path)]) == 2
    assert "not empty" in capsys.readouterr().err


def test_check_and_backup_of_postgres(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    asyncio.run(fill(tmp_path / "bot.db"))
    assert main(["db", "migrate-to-postgres", pg_url, "--database", str(tmp_path / "bot.db")]) == 0
    capsys.readouterr()
    monkeypatch.setenv("DATABASE_URL", pg_url)
    assert main(["db", "check"]) == 0
    report = capsys.readouterr().out
    assert "games: lobby 1, running 3, finished 2, abandoned 0" in report
    assert "integrity: ok" in report and "status: OK" in report
    target = tmp_path / "backup.dump"
    assert main(["db", "backup", str(target)]) == 0
    assert "with pg_dump" in capsys.readouterr().out
    assert target.read_bytes().startswith(b"PGDMP")  # pg_dump's custom format
    import storage.postgres.maintenance as tools

    monkeypatch.setattr(tools, "pg_dump_program", lambda: None)
    assert main(["db", "backup", str(tmp_path / "again.dump")]) == 2  # refused, nothing done
    assert "pg_dump is not installed" in capsys.readouterr().err
    assert not (tmp_path / "again.dump").exists()


def test_every_table_of_the_schema_is_copied_or_said_not_to_be(tmp_path: Path) -> None:
    """A table a migration adds is copied by `db migrate-to-postgres` (the seasons' were not),
    unless it only says which process holds what now."""
    from storage.postgres.source import NOT_COPIED, TABLES

    async def tables() -> set[str]:
        storage = await Storage.open(tmp_path / "schema.db")
        rows = await storage.fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
        await storage.close()
        return {str(r[0]) for r in rows} - {"schema_version"}

    assert asyncio.run(tables()) == set(TABLES) | set(NOT_COPIED)
