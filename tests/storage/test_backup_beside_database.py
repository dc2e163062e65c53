"""`db backup DB DEST` where DEST is the database or a file SQLite keeps beside it (issue 41):
SQLite deletes a -wal or -shm when the source closes (the copy was gone) and takes a -journal
for a crash's leftovers to roll back at the next open (which deleted the "successful" backup).
Refused in one line, exit status 2, the database byte-identical and nothing made."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot import cli
from tests.storage.damage import bot_database

TARGETS = {
    "the database": ("bot.db", "that is the database"),
    "its -wal": ("bot.db-wal", "that is the -wal file of the database"),
    "its -shm": ("bot.db-shm", "that is the -shm file of the database"),
    "its -journal": ("bot.db-journal", "that is the -journal file of the database"),
    "-wal through ..": ("sub/../bot.db-wal", "that is the -wal file of the database"),
    "-journal through a folder link": ("here/bot.db-journal", "that is the -journal file"),
    "a dangling link to its -shm": ("to-shm", "that is the -shm file of the database"),
}


def _listing(folder: Path) -> dict[str, bytes | str]:
    found: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            found[str(path.relative_to(folder))] = os.readlink(path)
        elif path.is_file():
            found[str(path.relative_to(folder))] = path.read_bytes()
    return found


@pytest.mark.parametrize(("target", "expected"), TARGETS.values(), ids=list(TARGETS))
async def test_a_backup_onto_the_database_or_a_file_beside_it_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str, expected: str
) -> None:
    database = await bot_database(tmp_path / "bot.db")
    (tmp_path / "sub").mkdir()
    (tmp_path / "here").symlink_to(".")
    (tmp_path / "to-shm").symlink_to("bot.db-shm")
    before = _listing(tmp_path)
    status = cli.main(["db", "--database", str(database), "backup", str(tmp_path / target)])
    err = capsys.readouterr().err
    assert status == 2, err
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert err.startswith(f"db backup: cannot write the backup to {tmp_path / target}: ")
    assert expected in err and "choose another file name" in err
    assert _listing(tmp_path) == before


async def test_a_backup_whose_temporary_file_is_the_database_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The copy is written to DEST.partial first, which was unlinked: `db backup --database
    x.partial x` deleted the database."""
    database = await bot_database(tmp_path / "x.partial")
    before = database.read_bytes()
    status = cli.main(["db", "--database", str(database), "backup", str(tmp_path / "x")])
    err = capsys.readouterr().err
    assert status == 2, err
    assert f"the copy is first written to {database}, which is the database" in err
    assert database.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.partial"]


async def test_a_backup_beside_the_database_under_another_name_works(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not every name beginning with the database's is refused: a real copy is made."""
    database = await bot_database(tmp_path / "bot.db")
    copy = tmp_path / "bot.db-walnut"
    assert cli.main(["db", "--database", str(database), "backup", str(copy)]) == 0
    assert f"backed up {database} to {copy}" in capsys.readouterr().out
    assert cli.main(["db", "check", "--database", str(copy)]) == 0
    assert "lobby 12" in capsys.readouterr().out
