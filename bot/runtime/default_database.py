"""Which SQLite file the bot uses when DATABASE_PATH is not set.

The bot was first called `loveletter-bot` and kept its games in `./data/loveletter.db`; it now
hosts several tabletop games and new installs get `./data/tabletop.db`. An install that already
has the old file (and not the new one) keeps using it, so an upgrade never starts on an empty
database beside the players' history.
"""

from __future__ import annotations

from pathlib import Path

NEW_DEFAULT = Path("./data/tabletop.db")
OLD_DEFAULT = Path("./data/loveletter.db")  # the default before the bot hosted other games


def default_database() -> Path:
    """The new default, or the old file when only that one exists (relative to the cwd)."""
    if not NEW_DEFAULT.exists() and OLD_DEFAULT.exists():
        return OLD_DEFAULT
    return NEW_DEFAULT


def old_default_note(path: Path) -> str:
    """The one log line saying the old default file is in use, and how to move on from it."""
    return (
        f"Using {path}, the database file of earlier versions (new installs use "
        f"{NEW_DEFAULT}); set DATABASE_PATH={path} to keep it explicitly, or rename it "
        f"to {NEW_DEFAULT} while the bot is stopped."
    )
