"""Persistence on one SQLite file: games (state + append-only move log), tallies, settings.

Usage: ``storage = await Storage.open(settings.DATABASE_PATH)`` ... ``await storage.close()``.
"""

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
from storage.records import (
    DueDeadline,
    Game,
    GameEnd,
    LeaderboardEntry,
    MoveRecord,
    Result,
    Seat,
    SeatUpdate,
    TallyRow,
    UserSettings,
    UserStats,
)
from storage.repository import Storage

__all__ = [
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
    "TallyRow",
    "UserSettings",
    "UserStats",
    "WrongStatus",
    "backup_database",
    "check_database",
]
