"""The one object the game service holds: ``storage = await Storage.open(path)``."""

from __future__ import annotations

from storage.claims import ClaimsRepo
from storage.games import GamesRepo
from storage.history import HistoryRepo
from storage.languages import LanguagesRepo
from storage.moves import MovesRepo
from storage.ratings import RatingsRepo
from storage.seasons import SeasonsRepo
from storage.settings import SettingsRepo
from storage.shard_leases import ShardLeasesRepo
from storage.tallies import TalliesRepo
from storage.tournaments import TournamentsRepo
from storage.turn_dms import TurnDMsRepo


class Storage(
    GamesRepo,
    MovesRepo,
    TalliesRepo,
    SettingsRepo,
    ClaimsRepo,
    ShardLeasesRepo,
    HistoryRepo,
    RatingsRepo,
    LanguagesRepo,
    TurnDMsRepo,
    SeasonsRepo,
    TournamentsRepo,
):
    """All repository operations on one aiosqlite connection. No SQL leaves storage/."""
