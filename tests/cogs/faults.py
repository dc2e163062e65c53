"""Discord failing to take the bot's answer to an interaction, as SimCord injects it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

UNKNOWN_INTERACTION = {"status": 404, "code": 10062, "message": "Unknown interaction"}
SERVER_ERROR = {"status": 500, "code": 0, "message": "Internal Server Error"}


@contextmanager
def answers_fail(env: Any, fault: dict[str, Any]) -> Iterator[None]:
    """Every answer to an interaction (its response and any followup or edit through its
    webhook) fails with `fault` inside the block: a click that took over 3 s (10062), or an
    HTTP error. Everything else the bot sends (table edits, DMs, channel posts) still works."""
    paths = ("/interactions/*/callback", "/webhooks/*")
    for path in paths:
        env.inject_error("*", path, times=None, **fault)
    added = env.backend.faults[-len(paths) :]
    try:
        yield
    finally:
        for f in added:
            env.backend.faults.remove(f)
