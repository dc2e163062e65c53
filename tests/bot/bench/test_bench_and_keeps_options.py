"""`bench` and `keeps` options that make no run: one line on standard error naming the one
option that is wrong (not a sentence lumping every condition), exit status 2, nothing on
standard output, within bounded time: `--seconds inf` ran for ever and a 23-digit
`keeps --games` ran silently past the documented cap."""

from __future__ import annotations

import pytest

from tests.bot.child import run_bot

PROG = "python -m bot"
TWENTY_THREE = "1" * 23
REFUSED = [
    (
        ["bench", "service", "--seconds", "inf"],
        f"{PROG} bench service: argument --seconds: 'inf' is not a finite number of seconds",
    ),
    (
        ["bench", "service", "--saturation-seconds", "nan"],
        f"{PROG} bench service: argument --saturation-seconds: 'nan' is not a finite number of"
        " seconds",
    ),
    (
        ["bench", "service", "--seconds", "1e9"],
        f"{PROG} bench service: argument --seconds: must be 86,400 or less, not 1e9",
    ),
    (
        ["bench", "service", "--think", "-1"],
        f"{PROG} bench service: argument --think: must be 0 or more, not -1",
    ),
    (
        ["bench", "service", "--games", "0"],
        f"{PROG} bench service: argument --games: must be 1 or more, not 0",
    ),
    (
        ["bench", "service", "--edition", "foo"],
        "bench service: --edition must be one of hobbit, l5r, pegasus, not 'foo'",
    ),
    (
        ["bench", "service", "--edition", "hobbit", "--players", "5"],
        "bench service: --players must be from 2 to 4 in hobbit, not 5",
    ),
    (
        ["bench", "storage", "--edition", "foo"],
        "bench storage: --edition must be one of hobbit, l5r, pegasus, not 'foo'",
    ),
    (
        ["bench", "ai", "--levels", "wizard"],
        "bench ai: --levels must name levels among novice, standard, expert, not 'wizard'",
    ),
    (
        ["bench", "ai", "--positions", "0"],
        f"{PROG} bench ai: argument --positions: must be 1 or more, not 0",
    ),
    (
        ["keeps", "--games", TWENTY_THREE],
        f"{PROG} keeps: argument --games: must be 1,000,000 or less, not {TWENTY_THREE} ",
    ),
    (
        ["keeps", "--games", "0"],
        f"{PROG} keeps: argument --games: must be 1 or more, not 0",
    ),
    (
        ["keeps", "--edition", "chess"],
        "keeps: --edition must be one of hobbit, l5r, pegasus, not 'chess'",
    ),
]


@pytest.mark.parametrize(("args", "start"), REFUSED, ids=[" ".join(a) for a, _ in REFUSED])
def test_an_option_that_makes_no_run_is_one_line_on_standard_error(
    args: list[str], start: str
) -> None:
    result = run_bot(args, stdin=None, text=True)
    assert result.returncode == 2, result.stderr[-2000:]
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith(start), line
