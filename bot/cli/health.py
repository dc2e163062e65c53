"""`python -m bot health`: is the bot in this container alive and able to read its database?

Docker's HEALTHCHECK runs it. Healthy (status 0) needs both: the database (DATABASE_URL, else
DATABASE_PATH) answers a read, and the running bot's heartbeat (HEARTBEAT_PATH, written every
15 s by bot/runtime/heartbeat.py) is under a minute old, and none of the bot's shards is down
(lost its connection to Discord and not yet connected again: bot/runtime/shard_watch.py).
Otherwise status 1 and
one line saying what is wrong (a damaged file, a beat that is not a time or lies in the future
included), or status 2 for a DATABASE_PATH no file can have. It only reads: it never creates,
migrates or writes a database or a heartbeat, and leaves no file beside the database.
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from bot.runtime.config import ConfigError, load_settings
from bot.runtime.heartbeat import AHEAD_AT_MOST, FRESH_FOR, NoHeartbeat, read_beat, read_shards


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `health` to the CLI."""
    parser = subparsers.add_parser(
        "health",
        help="exit 0 if the running bot is alive and its database readable (Docker HEALTHCHECK)",
        description=__doc__,
    )
    parser.set_defaults(func=handle)


def handle(args: argparse.Namespace) -> int:
    """Print one line; 0 when healthy, 1 otherwise."""
    from storage import StorageError
    from storage.probe import probe_database

    settings = load_settings()
    url = settings.database_url.get_secret_value() if settings.database_url else None
    if not url:  # a name no file can have is the setting's fault: exit status 2
        from storage.paths import UnusablePath, refuse_unusable_path

        try:
            refuse_unusable_path(settings.database_path)
        except UnusablePath as error:
            raise ConfigError(f"Invalid setting: DATABASE_PATH cannot be used: {error}") from None
    problems: list[str] = []
    try:
        database = probe_database(url, settings.database_path)
    except StorageError as error:
        problems.append(f"database: {error}")
    beat_file = settings.heartbeat_file
    try:
        age = time.time() - read_beat(beat_file)
    except NoHeartbeat as error:
        problems.append(f"heartbeat: {error}")
    else:
        if age > FRESH_FOR:
            problems.append(
                f"heartbeat: the last beat in {beat_file} was {age:.0f} s ago (over "
                f"{FRESH_FOR:.0f} s): the bot is stuck or has stopped"
            )
        elif age < -AHEAD_AT_MOST:
            problems.append(
                f"heartbeat: the last beat in {beat_file} is {-age:.0f} s in the future: the "
                "clock was set back, or the file was not written by the bot"
            )
        else:
            problems.extend(_shards_down(beat_file))
    if problems:
        print("unhealthy: " + "; ".join(problems), file=sys.stderr)
        return 1
    print(f"healthy: database {database} readable, heartbeat {max(age, 0):.0f} s old")
    return 0


def _shards_down(beat_file: Path) -> list[str]:
    """A line for each shard the running bot reports down."""
    now = time.time()
    return [
        f"shard {s.shard}: down for {max(now - s.since, 0):.0f} s (since "
        f"{datetime.fromtimestamp(s.since, UTC):%H:%M:%S} UTC): {s.why or 'not connected'}"
        for s in read_shards(beat_file)
        if s.state == "down"
    ]
