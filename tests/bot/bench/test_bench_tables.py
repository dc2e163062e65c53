"""`bench service --tables N` (issue 44 item 5): N mostly idle tables resumed as after a
restart, then a compressed day of play; the figures printed, the caches within their bounds
(no timing asserted), and its options' bad values refused in one line, status 2."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot import cli


def test_many_idle_tables_resume_and_the_caches_stay_bounded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["bench", "service", "--tables", "40", "--games", "3", "--seconds", "1"]
    extra = ["--game-cache", "10", "--picture-cache-mb", "2", "--database", str(tmp_path)]
    assert cli.main([*args, *extra]) == 0
    out = capsys.readouterr().out
    assert re.search(r"GAME_CACHE 10: 40 games resumed \(\d+ AI turns due\) in [\d.]+ s", out)
    assert "every game kept (before GAME_CACHE) 40: 40 games resumed" in out
    assert re.search(r"memory per running game kept parsed: [\d.]+ KiB", out)
    kept = re.search(r"running games kept parsed \(GAME_CACHE\): (\d+) of 10", out)
    assert kept is not None and int(kept[1]) <= 10
    for used, budget in re.findall(r"picture cache .*: \d+ entries, ([\d.]+) of ([\d.]+) MiB", out):
        assert float(used) <= float(budget)
    total = re.search(r"picture caches in all: ([\d.]+) MiB .* \(bound (\d+) MiB", out)
    assert total is not None and float(total[1]) <= float(total[2]) <= 2
    assert re.search(r"resident memory over the run: \d+ MiB at 0 s", out)


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--tables", "0", "must be 1 or more"),
        ("--tables", "many", "not a whole number"),
        ("--tables", "100001", "100,000 or less"),
        ("--game-cache", "0", "must be 1 or more"),
        ("--picture-cache-mb", "4097", "4,096 or less"),
        ("--picture-cache-mb", "1.5", "not a whole number"),
    ],
)
def test_bench_tables_options_are_checked(
    capsys: pytest.CaptureFixture[str], option: str, value: str, message: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["bench", "service", option, value])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and message in err
    assert len(err.strip().splitlines()) == 1 and option in err
