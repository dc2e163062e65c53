"""What the db commands say about a damaged file: `db backup` blames the source (not the copy)
in one line, and every command quotes what a damaged page holds as one printable line (a
control byte escaped, never sent raw to the operator's terminal)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from bot import cli
from tests.storage.damage import beside, bot_database, scramble_index_page, zero_index_pages

UNREACHED = "postgresql://bot@/none?host=/nonexistent"  # the source is refused before dialling


def _one_line(err: str) -> str:
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize("damage", [scramble_index_page, zero_index_pages])
def test_backup_of_a_damaged_file_says_the_source_is_damaged_in_one_line(
    tmp_path: Path, damage: Callable[[Path], None], capsys: pytest.CaptureFixture[str]
) -> None:
    path = asyncio.run(bot_database(tmp_path / "bot.db"))
    damage(path)
    before = path.read_bytes()
    target = tmp_path / "copy.db"
    assert cli.main(["db", "--database", str(path), "backup", str(target)]) == 2  # as `run`
    line = _one_line(capsys.readouterr().err)
    assert line.startswith(f"db backup: {path} is damaged (integrity check: Page ")
    assert "btreeInitPage() returns error code 11" in line
    assert "***" not in line and "the copy failed" not in line
    assert line.endswith("; no backup was written")
    assert path.read_bytes() == before
    assert beside(path) == []  # no copy, no .partial


def _with_control_bytes_in_its_schema(path: Path) -> Path:
    """An index's name in sqlite_master overwritten, as a damaged page leaves it, with an
    escape sequence (recolours a terminal) and a bell."""
    asyncio.run(bot_database(path))
    data = path.read_bytes()
    assert data.count(b"games_status") >= 1
    path.write_bytes(data.replace(b"games_status", b"games\x1b[31m\x07s", 1))
    return path


@pytest.mark.parametrize(
    "args",
    [
        ["db", "check"],
        ["db", "backup", "{tmp}/copy.db"],
        ["db", "rerate"],
        ["db", "migrate-to-postgres", UNREACHED],
    ],
    ids=["check", "backup", "rerate", "migrate-to-postgres"],
)
def test_control_bytes_of_a_damaged_page_are_quoted_escaped_on_one_line(
    tmp_path: Path, args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    path = _with_control_bytes_in_its_schema(tmp_path / "bot.db")
    before = path.read_bytes()
    command = [arg.format(tmp=tmp_path) for arg in args]
    assert cli.main([*command, "--database", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    line = _one_line(err)
    assert "malformed database schema (games\\x1b[31m\\x07s)" in line
    assert line.isprintable()
    assert path.read_bytes() == before
    assert beside(path) == []
