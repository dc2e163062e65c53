"""One answer typed (or piped) into `play`, read with a bound on its length.

`input()` on a pipe reads up to the next newline however far that is: `play < /dev/zero`
would read until memory ran out. A terminal is left to `input()` (its line editing; the
terminal itself caps a line), anything else is read at most MAX_LINE characters a line.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from bot.i18n import _

MAX_LINE = 65_536
"""Characters of one answer read at most: far more than any number or command."""


class LineTooLong(Exception):
    """An answer longer than MAX_LINE: the input is not someone playing; the game stops."""

    def __str__(self) -> str:
        return _(
            "play: an input line longer than {most:,} characters; game abandoned", most=MAX_LINE
        )


def bounded_input(prompt: str) -> str:
    """`input(prompt)` for a pipe or a file: EOFError at its end, LineTooLong past MAX_LINE."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline(MAX_LINE + 1)
    if not line:
        raise EOFError
    answer = line.removesuffix("\n")
    if len(answer) > MAX_LINE:
        raise LineTooLong
    return answer


def terminal_input() -> Callable[[str], str]:
    """How `play` reads an answer from this process's standard input."""
    return input if sys.stdin.isatty() else bounded_input
