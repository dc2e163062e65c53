"""`bench service --database-url`: the PostgreSQL runs with several processes follow the SQLite
runs of the same command and print their figures (no timing asserted)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot import cli


def test_bench_service_on_postgres_with_one_and_two_processes(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["bench", "service", "--games", "4", "--seconds", "0.5", "--saturation-seconds", "0.3"]
    # Pictures off: the subject is the PostgreSQL runs beside the SQLite ones and the reads
    # after a commit, not what pictures cost (tests/bot/bench/test_bench_service_pictures.py);
    # `--pictures both` ran every SQLite run twice and gave each PostgreSQL process a picture
    # worker process, each warming every game's faces.
    extra = ["--think", "0.05", "--database", str(tmp_path), "--processes", "1,2"]
    extra += ["--pictures", "off"]
    assert cli.main([*args, *extra, "--database-url", pg_url]) == 0
    out = capsys.readouterr().out
    sqlite, postgres = out.split("\nPostgreSQL ")
    assert "\npaced:" in sqlite and "\nsaturation:" in sqlite  # both backends, one run
    for block in ("1 process, paced", "1 process, saturation", "2 processes, paced"):
        assert f"postgres, {block}" in postgres
    assert len(re.findall(r"moves: [1-9]\d* in \d+\.\d s = \d+ moves/s", postgres)) == 4
    assert "target p99 <= 20 ms" in postgres
    # A move's answer is drawn from the Outcome's committed state: no game read after the
    # commit, on either database (on PostgreSQL it was one stamp read per move; issue 42).
    for block in (sqlite, postgres):
        reads = re.findall(r"game reads per move \(after the commit\): mean \S+, max (\d+)", block)
        assert reads and all(most == "0" for most in reads), block


def test_bench_service_wants_a_postgresql_url(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "service", "--database-url", "mysql://x/y"]) == 2
    assert "must start with postgresql://" in capsys.readouterr().err


@pytest.mark.parametrize(("value", "message"), [("1,0", "1 or more"), ("two", "not a list")])
def test_bench_service_process_counts_are_checked(
    capsys: pytest.CaptureFixture[str], value: str, message: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["bench", "service", "--processes", value])
    assert stopped.value.code == 2 and message in capsys.readouterr().err
