"""`ConfigError`, apart from the settings (bot/runtime/config.py) so that `python -m bot`
can catch it without importing pydantic: commands that read no settings (play, replay)
start without it."""

from __future__ import annotations


class ConfigError(Exception):
    """A setting has an invalid value; `str(error)` is a single line for the user."""
