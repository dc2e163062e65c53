"""`db backup` targets the operator must change (one line, exit status 2, nothing made), and
`db check` of an older file an operator checks before an upgrade (healthy: exit status 0)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import cli
from tests.storage.damage import beside, bot_database, v3_database


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


async def test_a_backup_file_name_of_5000_characters_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = await bot_database(tmp_path / "bot.db")
    before = source.read_bytes()
    target = tmp_path / ("x" * 5000)
    assert cli.main(["db", "--database", str(source), "backup", str(target)]) == 2
    line = _one_line(capsys)
    assert "5000 characters" in line and "File name too long" in line
    assert "shorter name" in line and len(line) < 300
    assert source.read_bytes() == before
    assert beside(source) == []


async def test_a_backup_into_a_missing_folder_is_refused_and_makes_no_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = await bot_database(tmp_path / "bot.db")
    target = tmp_path / "nonexistent" / "dir" / "x.db"
    assert cli.main(["db", "--database", str(source), "backup", str(target)]) == 2
    line = _one_line(capsys)
    assert f"there is no folder {target.parent}" in line and "mkdir -p" in line
    assert not (tmp_path / "nonexistent").exists()
    assert beside(source) == []


def test_check_of_an_older_file_says_healthy_and_will_be_upgraded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = v3_database(tmp_path / "v3.db")
    before = path.read_bytes()
    assert cli.main(["db", "check", "--database", str(path)]) == 0
    out = capsys.readouterr().out
    assert "schema version 3" in out and "will be upgraded" in out
    assert "status: OK" in out and "PROBLEM" not in out
    assert path.read_bytes() == before
    assert beside(path) == []
