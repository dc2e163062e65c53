"""`db migrate-to-postgres` when the copy cannot finish: the connection cut under it (a proxy
that drops every connection, as a lost network link does, or ``pg_terminate_backend``), the
server stopped mid-copy, a value PostgreSQL cannot be sent. Each ends with one line on
standard error and exit status 1 (README "Exit statuses"), leaves the target empty, and a
second run copies everything. The copy runs in its own process with a time limit: before, a
cut connection left it waiting in asyncpg's COPY for ever."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import asyncpg
import pytest

from bot.cli import main
from storage.postgres.db import schema_state
from storage.postgres.tempserver import ServerMissing, TempServer, create_database
from tests.storage.damage import bot_database

REPO_ROOT = Path(__file__).resolve().parents[3]
MOVES = 100_000  # about 20 MB of COPY data: long enough to be cut in the middle
LIMIT = 180.0  # seconds a failed copy may take at most, on a busy machine (before: for ever)
SOCKET = ".s.PGSQL.5432"


def _big_source(path: Path) -> Path:
    """A bot database with two games, one with MOVES moves in its log."""
    asyncio.run(bot_database(path, games=2))
    conn = sqlite3.connect(path)
    with conn:
        conn.executemany(
            "INSERT INTO moves (game_id, seq, player, move, created_at) VALUES (1, ?, '10', ?, 0)",
            ((seq, '{"card": "guard", "guess": "priest"}' * 5) for seq in range(1, MOVES + 1)),
        )
    conn.close()
    return path


def _start(source: Path, url: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "bot", "db", "migrate-to-postgres", url, "--database", str(source)],
        cwd=REPO_ROOT,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _finish(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    """The process's status and output, or a failure if it is still waiting after LIMIT s."""
    try:
        out, err = process.communicate(timeout=LIMIT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        pytest.fail(f"migrate-to-postgres still waiting {LIMIT:.0f} s after the failure")
    return process.returncode, out, err


def _tables(url: str) -> list[str]:
    async def read() -> list[str]:
        conn = await asyncpg.connect(url)
        try:
            return (await schema_state(conn))[1]
        finally:
            await conn.close()

    return asyncio.run(read())


async def _wait_for_copy(url: str, process: subprocess.Popen[str]) -> int:
    """The pid of the server process running the COPY, once it runs."""
    conn = await asyncpg.connect(url)
    try:
        while process.poll() is None:
            pid = await conn.fetchval(
                "SELECT pid FROM pg_stat_activity WHERE query LIKE 'COPY%'"
                " AND pid <> pg_backend_pid()"
            )
            if pid:
                return int(pid)
            await asyncio.sleep(0.02)
    finally:
        await conn.close()
    pytest.fail(f"the copy ended before it could be interrupted: {process.communicate()}")


async def _terminate(url: str, pid: int) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("SELECT pg_terminate_backend($1)", pid)
    finally:
        await conn.close()


def _one_line(err: str) -> str:
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def _retry_copies_everything(source: Path, url: str, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["db", "migrate-to-postgres", url, "--database", str(source)]) == 0
    assert f"games 2, seats 2, moves {MOVES}," in capsys.readouterr().out


class CuttingProxy:
    """A Unix-socket proxy in front of the test server that counts the bytes sent through it
    and can drop every connection at once, as a lost network link or a restarted pooler
    does: both ends see their socket close."""

    def __init__(self, server_socket: Path) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="cut-"))  # short: a socket path has a limit
        self.server_socket = server_socket
        self.sent = 0
        self.sockets: list[socket.socket] = []
        self.listener = socket.socket(socket.AF_UNIX)
        self.listener.bind(str(self.folder / SOCKET))
        self.listener.listen()
        self.threads = [threading.Thread(target=self._accept, daemon=True)]
        self.threads[0].start()

    def url(self, url: str) -> str:
        """``url`` with its host (the server's socket folder) replaced by the proxy's."""
        host = parse_qs(urlsplit(url).query)["host"][0]
        return url.replace(f"host={host}", f"host={self.folder}")

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.socket(socket.AF_UNIX)
            server.connect(str(self.server_socket))
            self.sockets += [client, server]
            for source, sink, counted in ((client, server, True), (server, client, False)):
                thread = threading.Thread(target=self._pump, args=(source, sink, counted))
                thread.daemon = True
                thread.start()
                self.threads.append(thread)

    def _pump(self, source: socket.socket, sink: socket.socket, counted: bool) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                if counted:
                    self.sent += len(data)
                sink.sendall(data)
        for end in (source, sink):  # one side closed: close the other, as TCP does
            _drop(end)

    def wait_until_sent(self, size: int, process: subprocess.Popen[str]) -> None:
        deadline = time.monotonic() + LIMIT
        while self.sent < size:
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the copy never sent {size} bytes: {process.communicate()}")
            time.sleep(0.005)

    def cut(self) -> None:
        for end in self.sockets:
            _drop(end)

    def close(self) -> None:
        _drop(self.listener)  # (shutdown wakes the accept() waiting in its thread)
        self.cut()
        for thread in self.threads:
            thread.join(timeout=10)
        (self.folder / SOCKET).unlink(missing_ok=True)
        self.folder.rmdir()


def _drop(end: socket.socket) -> None:
    with contextlib.suppress(OSError):
        end.shutdown(socket.SHUT_RDWR)
    end.close()


@pytest.fixture
def proxy(pg_server: Any) -> Iterator[CuttingProxy]:
    cutter = CuttingProxy(pg_server.folder / SOCKET)
    yield cutter
    cutter.close()


def test_a_connection_cut_during_the_copy_is_one_line_and_a_retry_works(
    tmp_path: Path, pg_url: str, proxy: CuttingProxy, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _big_source(tmp_path / "bot.db")
    process = _start(source, proxy.url(pg_url))
    try:
        proxy.wait_until_sent(3_000_000, process)  # the schema is made; rows are flowing
        proxy.cut()
    finally:
        status, out, err = _finish(process)
    assert (status, out) == (1, "")
    line = _one_line(err)
    assert line.startswith("db migrate-to-postgres: the connection to postgresql://")
    assert "was lost during the copy" in line and "kept none of it" in line
    assert _tables(pg_url) == []
    _retry_copies_everything(source, pg_url, capsys)


def test_the_copys_server_process_terminated_is_one_line_and_a_retry_works(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``pg_terminate_backend``, as an administrator or a pooler's timeout ends a session."""
    source = _big_source(tmp_path / "bot.db")
    process = _start(source, pg_url)
    try:
        asyncio.run(_terminate(pg_url, asyncio.run(_wait_for_copy(pg_url, process))))
    finally:
        status, out, err = _finish(process)
    assert (status, out) == (1, "")
    assert "was lost during the copy" in _one_line(err)
    assert _tables(pg_url) == []
    _retry_copies_everything(source, pg_url, capsys)


@pytest.fixture
def own_server() -> Iterator[TempServer]:
    """A server of its own, so stopping it touches no other test."""
    try:
        server = TempServer(durable=False)
    except ServerMissing as missing:
        pytest.fail(str(missing), pytrace=False)
    server.start()
    yield server
    with contextlib.suppress(RuntimeError):  # (already stopped, if the test failed early)
        server.stop()


def test_the_server_stopped_during_the_copy_is_one_line_and_a_retry_works(
    tmp_path: Path, own_server: TempServer, capsys: pytest.CaptureFixture[str]
) -> None:
    asyncio.run(create_database(own_server.url(), "target"))
    url = own_server.url("target")
    source = _big_source(tmp_path / "bot.db")
    process = _start(source, url)
    try:
        asyncio.run(_wait_for_copy(url, process))
        own_server.crash()  # pg_ctl stop -m immediate: as a crash or an OOM kill
    finally:
        status, out, err = _finish(process)
    assert (status, out) == (1, "")
    assert "was lost during the copy" in _one_line(err)
    own_server.restart()
    assert _tables(url) == []
    _retry_copies_everything(source, url, capsys)


@pytest.mark.parametrize(
    ("value", "why"),
    [(2**40, "value out of int32 range"), ("'five minutes'", "cannot be interpreted")],
    ids=["too-large", "text"],
)
def test_a_value_postgresql_cannot_be_sent_is_one_line_and_leaves_the_target_empty(
    tmp_path: Path, pg_url: str, value: object, why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """SQLite keeps whatever a column is given (here an integer too large for PostgreSQL's
    INTEGER, or text, in games.timer_seconds, as a hand edit leaves it); asyncpg cannot even
    encode it."""
    source = asyncio.run(bot_database(tmp_path / "bot.db", games=3))
    conn = sqlite3.connect(source)
    with conn:
        conn.execute(f"UPDATE games SET timer_seconds = {value} WHERE id = 2")
    conn.close()
    assert main(["db", "migrate-to-postgres", pg_url, "--database", str(source)]) == 1
    line = _one_line(capsys.readouterr().err)
    assert "a value in the table games cannot be sent to PostgreSQL" in line and why in line
    assert "still empty" in line
    assert _tables(pg_url) == []
    conn = sqlite3.connect(source)
    with conn:
        conn.execute("UPDATE games SET timer_seconds = 300 WHERE id = 2")
    conn.close()
    assert main(["db", "migrate-to-postgres", pg_url, "--database", str(source)]) == 0
    assert "games 3, seats 3" in capsys.readouterr().out
