"""Seasons of a server's game: starting one (for good or for a number of days), ending one,
what stands now, a season's final table with its podium, and the seasons whose length ran
out (the timer ends them, after a restart too, since their ends are stored).

Times come from storage's own clock, the one that stamps each game's end, so which season a
game counts in and when a season ends are read on one clock. No discord and no SQL here.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import _
from bot.service.errors import GameError
from storage import Storage
from storage.seasons import Season, SeasonOpen, Standing

DAY = 86400.0
MAX_DAYS = 366  # a year (and a leap day): a season longer than that is no season
BOARD_SIZE = 10
PODIUM = 3


@dataclass(frozen=True, slots=True)
class SeasonBoard:
    """A season and its table: how many played, its best BOARD_SIZE, its games."""

    season: Season
    players: int
    standings: tuple[Standing, ...]
    games: int

    @property
    def podium(self) -> tuple[Standing, ...]:
        return self.standings[:PODIUM]


def checked_days(days: int | None) -> int | None:
    """A season's length in days: None (until ended) or 1..MAX_DAYS; GameError otherwise."""
    if days is not None and not 1 <= days <= MAX_DAYS:
        raise GameError(
            _(
                "A season lasts 1 to {most} days (or, without days, until a manager ends it);"
                " {days} is not a length. Nothing was changed.",
                most=MAX_DAYS,
                days=days,
            )
        )
    return days


async def start_season(
    storage: Storage, guild_id: int, game: str, channel_id: int, user_id: int, days: int | None
) -> Season:
    days = checked_days(days)
    now = storage.clock()
    ends_at = None if days is None else now + days * DAY
    try:
        return await storage.start_season(guild_id, game, channel_id, user_id, now, ends_at)
    except SeasonOpen:
        running = await storage.open_season(guild_id, game)
        number = running.number if running is not None else "?"
        raise GameError(
            _(
                "Season {number} is running here already: end it first"
                " (`/tabletop season end`). Nothing was changed.",
                number=number,
            )
        ) from None


async def end_season(storage: Storage, guild_id: int, game: str) -> SeasonBoard:
    """End the open season now; its final table. GameError if none is open."""
    running = await storage.open_season(guild_id, game)
    ended = None
    if running is not None:
        ended = await storage.end_season(guild_id, game, running.number, storage.clock())
    if ended is None:
        raise GameError(_("No season is running here. Nothing was changed."))
    return await board(storage, ended)


async def board(storage: Storage, season: Season) -> SeasonBoard:
    players, best = await storage.standings(
        season.guild_id, season.game, season.number, limit=BOARD_SIZE
    )
    games = await storage.season_games(season.guild_id, season.game, season.number)
    return SeasonBoard(season, players, tuple(best), games)


async def season_board(
    storage: Storage, guild_id: int, game: str, number: int | None
) -> SeasonBoard:
    """Season ``number``'s table, or (None or 0) the running season's, else the last one's;
    GameError naming the seasons there are."""
    if number is None or number == 0:
        season = await storage.open_season(guild_id, game) or await storage.latest_season(
            guild_id, game
        )
        if season is None:
            raise GameError(
                _("No season has been played here yet (`/tabletop season start` starts one).")
            )
        return await board(storage, season)
    season = await storage.season(guild_id, game, number)
    if season is None:
        latest = await storage.latest_season(guild_id, game)
        if latest is None:
            raise GameError(
                _("No season has been played here yet (`/tabletop season start` starts one).")
            )
        raise GameError(
            _(
                "There is no season {number} here: the seasons are 1 to {last}.",
                number=number,
                last=latest.number,
            )
        )
    return await board(storage, season)


async def due_season_ends(storage: Storage) -> list[SeasonBoard]:
    """End every season whose length has run out; the final tables of those this process
    ended (another process sharing the database gets the others)."""
    ended = []
    for due in await storage.due_season_ends(storage.clock()):
        season = await storage.end_season(due.guild_id, due.game, due.number, storage.clock())
        if season is not None:
            ended.append(await board(storage, season))
    return ended


async def user_season(
    storage: Storage, guild_id: int, user_id: int, game: str
) -> tuple[Season, Standing | None] | None:
    """The running season here and the user's standing in it (None: no season runs)."""
    season = await storage.open_season(guild_id, game)
    if season is None:
        return None
    return season, await storage.season_standing(guild_id, game, season.number, user_id)
