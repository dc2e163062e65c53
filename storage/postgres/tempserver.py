"""A throwaway PostgreSQL server from the Debian ``postgresql`` package, for tests and
benchmarks: ``initdb`` and ``pg_ctl`` in a temporary folder, listening only on a Unix socket in
that folder (no TCP port, no network). As root the server runs as the ``postgres`` user (the
server refuses to run as root).

    server = TempServer(); url = server.start(); ...; server.stop()
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

INSTALL_HINT = "install it with `apt-get install -y postgresql` (the tests need a real server)"


class ServerMissing(RuntimeError):
    """No PostgreSQL server binaries on this machine."""


def server_binaries() -> Path:
    """The folder holding initdb and pg_ctl (the newest Debian version, else the PATH)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        return Path(initdb).parent
    raise ServerMissing(f"no PostgreSQL server (initdb, pg_ctl) found; {INSTALL_HINT}")


def _version(path: str) -> float:
    try:
        return float(Path(path).parent.parent.name)
    except ValueError:
        return 0.0


class TempServer:
    """One server in its own folder; ``durable=False`` (tests) turns fsync off for speed."""

    def __init__(self, *, durable: bool = True, user: str = "bot") -> None:
        self.bin = server_binaries()
        self.durable = durable
        self.user = user
        self.folder: Path | None = None

    @property
    def data(self) -> Path:
        assert self.folder is not None
        return self.folder / "data"

    def url(self, database: str = "postgres") -> str:
        assert self.folder is not None
        return f"postgresql://{self.user}@/{database}?host={self.folder}"

    def start(self) -> str:
        self.folder = Path(tempfile.mkdtemp(prefix="bot-pg-"))
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
        self._run(
            "initdb", "-D", str(self.data), "-U", self.user, "-A", "trust", "-E", "UTF8",
            "--no-locale", "--no-sync",
        )  # fmt: skip
        self._pg_ctl_start()
        return self.url()

    def crash(self) -> None:
        """Kill the server the way a crash would (``pg_ctl stop -m immediate``: no checkpoint,
        no flush), keeping its data folder for ``restart``."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def restart(self) -> None:
        """Start the server again on the same data (after ``crash``: its crash recovery)."""
        self._pg_ctl_start()

    def _pg_ctl_start(self) -> None:
        options = f"-k {self.folder} -c listen_addresses='' -c max_connections=200"
        if not self.durable:
            options += " -c fsync=off -c full_page_writes=off"
        log = self.data.parent / "server.log"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(log), "-w", "start")

    def stop(self) -> None:
        if self.folder is None:
            return
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin / program), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            log = self.folder / "server.log" if self.folder else None
            tail = log.read_text()[-2000:] if log and log.exists() else ""
            raise RuntimeError(
                f"{program} failed ({done.returncode}): {done.stderr.strip()[-2000:]}\n{tail}"
            )


async def create_database(server_url: str, name: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(server_url)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()


async def drop_database(server_url: str, name: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(server_url)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()
