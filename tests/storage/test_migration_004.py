"""Migration 004 on a real v3 database (fixtures/v3_database.sql, written by the v3 bot's own
service, engine and storage: fixtures/make_v3.py): nothing is lost, every game reads the same,
every leaderboard and stats line is what the v3 queries gave, and the games play on."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import GameEnd, Storage, check_database
from storage.db import schema_version_supported

FIXTURE = Path(__file__).parent / "fixtures" / "v3_database.sql"
TALLY = {"hobbit": "crowns", "l5r": "tokens", "pegasus": "hearts"}
COLUMNS = {
    "tally": ("crowns", "tokens", "hearts"),
    "games_won": ("games_won",),
    "rounds_won": ("rounds_won",),
    "games_played": ("games_played",),
}
TIE_BREAK = ("tally", "games_won", "rounds_won")
# v3's leaderboard query (storage/tallies.py at 8ce012a), run on the v3 rows for the expectation.
V3_SUMS = "SUM(tally), SUM(games_won), SUM(rounds_won), SUM(games_played)"
V3_ORDER = {
    "tally": "SUM(tally) DESC, SUM(games_won) DESC, SUM(rounds_won) DESC,"
    " SUM(games_played) ASC, user_id ASC",
    "games_won": "SUM(games_won) DESC, SUM(tally) DESC, SUM(rounds_won) DESC,"
    " SUM(games_played) ASC, user_id ASC",
    "rounds_won": "SUM(rounds_won) DESC, SUM(tally) DESC, SUM(games_won) DESC,"
    " SUM(games_played) ASC, user_id ASC",
    "games_played": "SUM(games_played) DESC, SUM(tally) DESC, SUM(games_won) DESC,"
    " SUM(rounds_won) DESC, user_id ASC",
}


@pytest.fixture(scope="module")
def v3() -> sqlite3.Connection:
    """The v3 rows, in memory: what the migrated database must reproduce."""
    conn = sqlite3.connect(":memory:")
    conn.executescript(FIXTURE.read_text(encoding="utf-8"))
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 3
    return conn


@pytest.fixture
def v3_file(tmp_path: Path) -> Path:
    path = tmp_path / "v3.db"
    conn = sqlite3.connect(path)
    conn.executescript(FIXTURE.read_text(encoding="utf-8"))
    conn.close()
    return path


@pytest.fixture
async def migrated(v3_file: Path) -> AsyncIterator[Storage]:
    storage = await Storage.open(v3_file)
    yield storage
    await storage.close()


def rows(conn: sqlite3.Connection, sql: str) -> list[tuple]:  # type: ignore[type-arg]
    return [tuple(r) for r in conn.execute(sql)]


async def count(storage: Storage, table: str) -> int:
    row = await storage.fetchone(f"SELECT count(*) FROM {table}")
    assert row is not None
    return int(row[0])


async def test_the_schema_is_current_sound_and_the_move_log_still_append_only(
    migrated: Storage, v3_file: Path
) -> None:
    assert await migrated.pragma("user_version") == schema_version_supported() >= 4
    assert [tuple(r) for r in await migrated.fetchall("PRAGMA integrity_check")] == [("ok",)]
    assert await migrated.fetchall("PRAGMA foreign_key_check") == []
    for sql in ("UPDATE moves SET player = 'x'", "DELETE FROM moves"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            async with migrated.transaction() as conn:
                await conn.execute(sql)


async def test_every_game_and_seat_reads_as_before(
    migrated: Storage, v3: sqlite3.Connection
) -> None:
    games = rows(
        v3,
        "SELECT id, guild_id, channel_id, edition, options, status, state, version,"
        " table_message_id, host_id, timer_seconds, turn_deadline, created_at, updated_at,"
        " round_break FROM games ORDER BY id",
    )
    assert len(games) == 14
    for row in games:
        game = await migrated.get_game(row[0])
        assert (game.game, game.variant) == ("loveletter", row[3])
        assert (game.id, game.guild_id, game.channel_id) == row[:3]
        assert game.options == json.loads(row[4])
        assert (game.status, game.state, game.version, game.table_message_id) == row[5:9]
        assert (game.host_id, game.timer_seconds, game.turn_deadline) == row[9:12]
        assert (game.created_at, game.updated_at, game.paused) == (*row[12:14], bool(row[14]))
        assert (
            await migrated.get_initial_state(game.id)
            == v3.execute("SELECT initial_state FROM games WHERE id = ?", (game.id,)).fetchone()[0]
        )
        seats = rows(
            v3,
            "SELECT game_id, seat, player_id, user_id, ai_level, display_name, dm_status,"
            f" timeouts_in_a_row, dm_hint_shown FROM seats WHERE game_id = {game.id} ORDER BY seat",
        )
        assert [
            (s.game_id, s.seat, s.player_id, s.user_id, s.ai_level, s.display_name)
            + (s.dm_status, s.timeouts_in_a_row, int(s.dm_hint_shown))
            for s in game.seats
        ] == seats
    assert await count(migrated, "seats") == v3.execute("SELECT count(*) FROM seats").fetchone()[0]


async def test_running_games_load_unchanged_and_the_round_break_stays_a_pause(
    migrated: Storage, v3: sqlite3.Connection
) -> None:
    running = rows(
        v3, "SELECT id, state, round_break FROM games WHERE status = 'running' ORDER BY id"
    )
    loaded = await migrated.load_running_games()
    assert [(g.id, g.state, int(g.paused)) for g in loaded] == running
    assert any(paused for _, _, paused in running)  # the fixture has a game in a round break
    due = await migrated.due_deadlines(now=float("inf"))
    expected = rows(
        v3,
        "SELECT id, version, turn_deadline, round_break FROM games WHERE status = 'running'"
        " AND turn_deadline IS NOT NULL ORDER BY turn_deadline, id",
    )
    assert [(d.game_id, d.version, d.turn_deadline, int(d.paused)) for d in due] == expected


async def test_every_move_and_setting_is_kept(migrated: Storage, v3: sqlite3.Connection) -> None:
    for (game_id,) in rows(v3, "SELECT id FROM games"):
        expected = rows(
            v3,
            "SELECT game_id, seq, player, move, created_at FROM moves"
            f" WHERE game_id = {game_id} ORDER BY seq",
        )
        moves = await migrated.get_moves(game_id)
        assert [(m.game_id, m.seq, m.player, m.move, m.created_at) for m in moves] == expected
    assert await count(migrated, "moves") == 519
    settings = rows(v3, "SELECT user_id, dm_enabled FROM user_settings")
    assert settings == [(12, 0), (13, 1)]
    for user, enabled in settings:
        assert (await migrated.get_user_settings(user)).dm_enabled is bool(enabled)


async def test_results_keep_winner_tallies_and_rounds(
    migrated: Storage, v3: sqlite3.Connection
) -> None:
    results = rows(
        v3,
        "SELECT game_id, winner, winner_user_id, rounds, final_tallies, finished_at FROM results",
    )
    assert len(results) == 8 and any(user is None for _, _, user, *_ in results)  # a bot won
    for game_id, winner, user, rounds, tallies, finished_at in results:
        result = await migrated.get_result(game_id)
        assert result is not None
        assert result.winners == ((winner,) if winner else ())
        assert result.winner_user_ids == ((user,) if user is not None else ())
        assert result.scores == {p: {"tally": t} for p, t in json.loads(tallies).items()}
        assert (result.summary, result.finished_at) == ({"rounds": rounds}, finished_at)


async def test_leaderboards_read_exactly_as_the_v3_queries(
    migrated: Storage, v3: sqlite3.Connection
) -> None:
    checked = 0
    for (guild,) in rows(v3, "SELECT DISTINCT guild_id FROM tallies"):
        for variant in (None, *TALLY):
            where = f"guild_id = {guild}" + (f" AND edition = '{variant}'" if variant else "")
            size = v3.execute(f"SELECT count(DISTINCT user_id) FROM tallies WHERE {where}")
            assert (
                await migrated.leaderboard_size(guild, "loveletter", variant=variant)
                == size.fetchone()[0]
            )
            for order, clause in V3_ORDER.items():
                expected = rows(
                    v3,
                    f"SELECT user_id, {V3_SUMS} FROM tallies WHERE {where}"
                    f" GROUP BY user_id ORDER BY {clause}",
                )
                board = await migrated.leaderboard(
                    guild,
                    "loveletter",
                    variant=variant,
                    columns=COLUMNS,
                    order_by=order,
                    tie_break=TIE_BREAK,
                    limit=100,
                )
                assert [(e.user_id, *(e.values[c] for c in COLUMNS)) for e in board] == expected
                assert [e.rank for e in board] == list(range(1, len(expected) + 1))
                checked += bool(expected)
    assert checked >= 20


async def test_stats_read_exactly_as_the_v3_rows(migrated: Storage, v3: sqlite3.Connection) -> None:
    users = rows(v3, "SELECT DISTINCT guild_id, user_id FROM tallies")
    for guild, user in users:
        expected = {
            edition: {
                TALLY[edition]: tally,
                "games_played": played,
                "games_won": won,
                "rounds_won": rounds,
            }
            for edition, tally, played, won, rounds in rows(
                v3,
                "SELECT edition, tally, games_played, games_won, rounds_won FROM tallies"
                f" WHERE guild_id = {guild} AND user_id = {user}",
            )
        }
        assert (await migrated.stats(guild, user, "loveletter")).per_variant == expected
    assert (await migrated.stats(1, 99999, "loveletter")).per_variant == {}


async def test_a_migrated_game_plays_on_and_adds_to_the_migrated_tallies(
    migrated: Storage, v3: sqlite3.Connection
) -> None:
    paused = next(g for g in await migrated.load_running_games() if g.paused)
    humans = [s for s in paused.seats if s.user_id is not None]
    before = {
        s.user_id: (await migrated.stats(paused.guild_id, s.user_id, "loveletter")).per_variant
        for s in humans
    }
    await migrated.set_turn_deadline(paused.id, None)  # the break ends
    winner = humans[0]
    end = GameEnd(
        (winner.player_id,),
        {s.player_id: {TALLY[paused.variant]: 1, "rounds_won": 1} for s in humans},
        summary={"rounds": 2},
    )
    await migrated.save_move(paused.id, paused.version, "{}", {}, winner.player_id, game_end=end)
    for seat in humans:
        old = before[seat.user_id].get(paused.variant, {})
        new = (await migrated.stats(paused.guild_id, seat.user_id, "loveletter")).per_variant
        assert new[paused.variant] == {
            TALLY[paused.variant]: old.get(TALLY[paused.variant], 0) + 1,
            "games_played": old.get("games_played", 0) + 1,
            "games_won": old.get("games_won", 0) + (seat == winner),
            "rounds_won": old.get("rounds_won", 0) + 1,
        }


def test_db_check_reads_the_v3_file_and_then_reports_per_game(v3_file: Path) -> None:
    before = check_database(v3_file)
    assert before.schema_version == 3 and before.ok and before.games_by_game == {}
    assert "games: lobby 1, running 4, finished 8, abandoned 1" in before.lines()


async def test_db_check_after_the_upgrade_reports_per_game(
    migrated: Storage, v3_file: Path
) -> None:
    report = check_database(v3_file)
    assert report.ok and report.moves == 519
    assert "  loveletter: lobby 1, running 4, finished 8, abandoned 1" in report.lines()
