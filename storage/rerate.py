"""`db rerate`: open the database (either backend), rebuild the ratings, close it."""

from __future__ import annotations

from pathlib import Path

from storage.opening import open_storage


async def rerate_database(url: str | None, path: Path) -> int:
    """How many finished games were rated again."""
    storage = await open_storage(url, path)
    try:
        return await storage.rerate()
    finally:
        await storage.close()
