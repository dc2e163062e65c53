"""How work done for players after a click or in the background logs its failures.

A failure is logged with its traceback, to be read and mended. While the bot closes it is one
line instead: a click still running once the stop's `DRAIN_SECONDS` are over (a slow save on a
loaded machine) goes on after its storage, Discord connection and picture worker are closed
under it, and what then fails is the stop's doing, not a fault (bot/runtime/stopping.py).
"""

from __future__ import annotations

import logging
import sys

import discord


def log_failure(
    logger: logging.Logger,
    client: discord.Client,
    message: str,
    *args: object,
    error: BaseException | None = None,
) -> None:
    """Log `message % args` with `error` (else the exception being handled)."""
    error = error or sys.exc_info()[1]
    if client.is_closed():
        logger.warning(message + ": the bot is stopping (%r)", *args, error)
    else:
        logger.error(message, *args, exc_info=error)
