"""`python -m bot health` must not call healthy what is not (issue 41): a heartbeat of `nan`,
`inf` or a time in the future, a heartbeat path that is a FIFO (no hang), and a damaged database
the bot would refuse at its start. One line, status 1, nothing changed."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.runtime.heartbeat import write_beat
from tests.bot.runtime.test_health import bot_database, health
from tests.storage.damage import beside, scramble_index_page, zero_index_pages


@pytest.fixture
def database(tmp_path: Path) -> Path:
    path = tmp_path / "bot.db"
    bot_database(path)
    return path


def _unhealthy(database: Path, beat: Path) -> str:
    result = health(beat.parent, DATABASE_PATH=str(database), HEARTBEAT_PATH=str(beat))
    assert result.returncode == 1, result.stdout
    assert result.stdout == "" and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("unhealthy: ")
    return result.stderr


@pytest.mark.parametrize("text", ["nan", "inf", "-inf", "1e999", "NaN\n"])
def test_a_heartbeat_that_is_no_time_is_unhealthy(
    tmp_path: Path, database: Path, text: str
) -> None:
    beat = tmp_path / "bot.heartbeat"
    beat.write_text(text, encoding="ascii")
    line = _unhealthy(database, beat)
    assert line == f"unhealthy: heartbeat: the heartbeat file {beat} does not hold a time\n"
    assert beat.read_text(encoding="ascii") == text


def test_a_heartbeat_from_the_future_is_unhealthy(tmp_path: Path, database: Path) -> None:
    beat = tmp_path / "bot.heartbeat"
    write_beat(beat, time.time() + 3600)
    line = _unhealthy(database, beat)
    assert f"heartbeat: the last beat in {beat} is 3" in line
    assert "s in the future: the clock was set back, or the file was not written by the bot" in line


def test_a_beat_a_moment_ahead_is_healthy(tmp_path: Path, database: Path) -> None:
    """A clock set back by a second or two between the beat and the check is no alarm."""
    beat = tmp_path / "bot.heartbeat"
    written = time.time()
    write_beat(beat, written + 2)
    result = health(tmp_path, DATABASE_PATH=str(database), HEARTBEAT_PATH=str(beat))
    took = time.time() - written  # on a busy machine the check may start after the beat's time
    assert result.returncode == 0, result.stderr
    age = re.search(r"heartbeat (\d+) s old\n$", result.stdout)  # never "-2 s old"
    assert age is not None, result.stdout
    assert int(age.group(1)) <= max(0.0, took - 2) + 1


def test_a_heartbeat_path_that_is_a_fifo_does_not_hang(tmp_path: Path, database: Path) -> None:
    beat = tmp_path / "bot.heartbeat"
    os.mkfifo(beat)
    line = _unhealthy(database, beat)  # within health()'s timeout: no reader waits for ever
    assert f"heartbeat: {beat} is not a regular file, so not a heartbeat file" in line


DAMAGE: dict[str, Callable[[Path], None]] = {
    "random bytes": scramble_index_page,
    "zeroed pages": zero_index_pages,
}


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=list(DAMAGE))
def test_a_damaged_database_the_bot_would_refuse_is_unhealthy(
    tmp_path: Path, database: Path, damage: Callable[[Path], None]
) -> None:
    damage(database)
    before = database.read_bytes()
    beat = tmp_path / "bot.heartbeat"
    write_beat(beat, time.time())
    line = _unhealthy(database, beat)
    assert line.startswith(f"unhealthy: database: {database} is damaged (integrity check: ")
    assert "the bot refuses it at its next start" in line and "heartbeat" not in line
    assert database.read_bytes() == before
    assert beside(database) == ["bot.heartbeat"]
