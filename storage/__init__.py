"""Persistence on one SQLite file, or on PostgreSQL for several processes (storage/postgres),
for any game: games (state + append-only move log), the players' tallies per metric, results,
settings. It knows no game: states, moves, variants and
metric names are the games' own, stored as given.

Usage: ``storage = await open_storage(settings.database_url, settings.database_path,
sync=settings.database_sync)`` ... ``await storage.close()``. Durability modes: storage/db.py
and storage/postgres/db.py.
"""

from storage.db import DEFAULT_SYNC, SYNC_MODES, SyncMode
from storage.errors import (
    AlreadySeated,
    ChannelBusy,
    DatabaseUnreadable,
    ForeignDatabase,
    GameNotFound,
    LobbyFull,
    NotSeated,
    SchemaTooNew,
    StaleVersion,
    StorageError,
    WrongStatus,
)
from storage.maintenance import CheckReport, backup_database, check_database
from storage.opening import open_storage
from storage.records import (
    DueDeadline,
    Game,
    GameEnd,
    LeaderboardEntry,
    MoveRecord,
    Result,
    Seat,
    SeatUpdate,
    UserSettings,
    UserStats,
)
from storage.repository import Storage
from storage.wal import WalPolicy, WalStats

__all__ = [
    "DEFAULT_SYNC",
    "SYNC_MODES",
    "AlreadySeated",
    "ChannelBusy",
    "CheckReport",
    "DatabaseUnreadable",
    "DueDeadline",
    "ForeignDatabase",
    "Game",
    "GameEnd",
    "GameNotFound",
    "LeaderboardEntry",
    "LobbyFull",
    "MoveRecord",
    "NotSeated",
    "Result",
    "SchemaTooNew",
    "Seat",
    "SeatUpdate",
    "StaleVersion",
    "Storage",
    "StorageError",
    "SyncMode",
    "UserSettings",
    "UserStats",
    "WalPolicy",
    "WalStats",
    "WrongStatus",
    "backup_database",
    "check_database",
    "open_storage",
]
