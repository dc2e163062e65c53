"""A numbered choice typed at a terminal prompt, read without trusting its length.

`int()` refuses strings of more than 4,300 digits (Python 3.11's guard against slow
conversions) with a ValueError, so a pasted 5,000-digit number must never reach it: a number
longer than the largest option is out of range whatever its digits are.
"""

from __future__ import annotations


def typed_number(raw: str, largest: int) -> int | None:
    """The number 1..`largest` that `raw` spells in ASCII digits ("²" and "٣" are not
    numbers here), or None for anything else, however long."""
    if not (raw.isascii() and raw.isdigit()):
        return None
    digits = raw.lstrip("0")
    if len(digits) > len(str(largest)):
        return None
    number = int(digits or "0")
    return number if 1 <= number <= largest else None
