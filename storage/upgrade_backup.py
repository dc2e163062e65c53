"""The copy of a database kept beside it before a schema migration first writes to it.

A migration cannot be undone, and an older bot refuses a newer schema: this copy is the way
back (to the older bot, or past a failed upgrade). It is named ``<db>.before-v<N>.bak`` after
the version the migrations lead to, never overwrites an earlier copy, and its path is logged.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path

from storage.errors import DatabaseUnreadable, StorageError, folder_reason
from storage.snapshot import write_copy

log = logging.getLogger(__name__)


def backup_name(path: Path, target: int) -> Path:
    """``<db>.before-v<target>.bak``, or ``.before-v<target>.2.bak`` ... when that is taken."""
    candidate = path.with_name(f"{path.name}.before-v{target}.bak")
    n = 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.name}.before-v{target}.{n}.bak")
    return candidate


async def keep_before_upgrade(path: Path, found: int, target: int) -> Path:
    """Write the copy and log where it is; refuse the upgrade (nothing changed) if it fails."""
    destination = backup_name(path, target)
    try:
        await asyncio.to_thread(_copy, path, destination)
    except (OSError, sqlite3.Error, StorageError) as exc:
        why = folder_reason(destination, exc) if isinstance(exc, OSError) else str(exc)
        raise DatabaseUnreadable(
            f"cannot keep a copy of {path} as {destination} before upgrading it from schema "
            f"version {found} to {target} ({why}); nothing was changed — make room, then start "
            "the bot again"
        ) from exc
    log.info(
        "kept a copy of %s (schema version %d) as %s before upgrading it to version %d",
        path,
        found,
        destination,
        target,
    )
    return destination


def _copy(path: Path, destination: Path) -> None:
    source = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        write_copy(source, destination)
    finally:
        source.close()
