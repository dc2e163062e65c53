"""Running a tournament on storage: opening one, signing up and withdrawing, the start,
reading each table's outcome from its game, and pairing the next round once every table of
the round is over. No discord here (bot/ui/tournament_rounds.py posts and opens threads).

Everything it decides is stored before it is shown, and read back from storage each time,
so a restart goes on where it was: the tables of the round being played are in the
database, and their outcomes are read from the games' stored results.

Forfeits (the issue leaves them to us): a player loses by forfeit a table they left (they
left its lobby, or the turn timer gave their seat to an AI after two missed turns), every
player of a table that was ended without a result (`end`: nobody won it), and, once they
withdrew, in round-robin every game left on their schedule (the opponent wins it). A table
whose winner forfeited is won by the players who stayed. In Swiss a withdrawn player is
simply paired no more.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import _
from bot.platform.registry import all_rules
from bot.service.errors import GameError
from bot.service.tournaments.pairing import Round, round_robin_round, swiss_order, swiss_round
from bot.service.tournaments.standings import (
    ROUND_ROBIN,
    SWISS,
    Played,
    Standing,
    points,
    standings,
)
from engine.api import game as engine_game
from storage import Storage
from storage.skill import player_key
from storage.tournaments import AlreadySignedUp, Entrant, NewTable, TableGame, TableRow, Tournament

FORMATS = (SWISS, ROUND_ROBIN)
MAX_ROUNDS = 15
MAX_PLAYERS = 64


def refused(text: str) -> GameError:
    return GameError(text + " " + _("Nothing was changed."))


def seat_range(game: str) -> tuple[int, int]:
    variants = engine_game(game).variants.values()
    return min(v.min_players for v in variants), max(v.max_players for v in variants)


def variant_for(game: str, seats: int) -> str:
    """The game's first variant (edition) that seats ``seats``: Love Letter's Hobbit edition
    up to 4, Pegasus for 5 to 8."""
    return next(
        name
        for name, v in engine_game(game).variants.items()
        if v.min_players <= seats <= v.max_players
    )


def checked(game: str, fmt: str, seats: int, rounds: int | None) -> str:
    """The variant to play; a refusal in one line for a game, format, seats or rounds that
    cannot be."""
    games = all_rules()
    if game not in games:
        raise refused(
            _("There is no game {game}; choose {games}.", game=repr(game), games=", ".join(games))
        )
    least, most = seat_range(game)
    if not least <= seats <= most:
        raise refused(
            _(
                "{title} seats {least} to {most} players a table, not {seats}.",
                title=games[game].title(),
                least=least,
                most=most,
                seats=seats,
            )
        )
    if fmt not in FORMATS:
        raise refused(_("The format is swiss or roundrobin."))
    if fmt == ROUND_ROBIN and seats != 2:
        raise refused(_("A round-robin is played head to head: seats must be 2."))
    if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
        raise refused(
            _("A tournament has 1 to {most} rounds, not {rounds}.", most=MAX_ROUNDS, rounds=rounds)
        )
    return variant_for(game, seats)


async def create(
    storage: Storage,
    guild_id: int,
    channel_id: int,
    organiser: int,
    game: str,
    fmt: str,
    seats: int,
    rounds: int | None,
    ai: bool,
) -> Tournament:
    variant = checked(game, fmt, seats, rounds)
    return await storage.create_tournament(
        guild_id, channel_id, game, variant, fmt, seats, rounds, ai, organiser, storage.clock()
    )


async def find(storage: Storage, guild_id: int, tournament_id: int | None) -> Tournament:
    """Tournament ``tournament_id`` of this server, or (None) its newest open one."""
    if tournament_id is not None:
        found = await storage.tournament(tournament_id)
        if found is None or found.guild_id != guild_id:
            raise GameError(_("There is no tournament {id} here.", id=tournament_id))
        return found
    open_ones = await storage.tournaments_in(guild_id, open_only=True)
    if not open_ones:
        raise GameError(_("No tournament is open here (`/tabletop tournament new` opens one)."))
    return open_ones[0]


async def sign_up(storage: Storage, tournament: Tournament, user_id: int, name: str) -> None:
    if tournament.status != "signup":
        raise GameError(_("Tournament {id} has started: sign-up is over.", id=tournament.id))
    if len(await storage.entrants(tournament.id)) >= MAX_PLAYERS:
        raise GameError(
            _("Tournament {id} is full ({most} players).", id=tournament.id, most=MAX_PLAYERS)
        )
    try:
        await storage.sign_up(tournament.id, user_id, name, storage.clock())
    except AlreadySignedUp:
        raise GameError(_("You are signed up already.")) from None


async def withdraw(storage: Storage, tournament: Tournament, user_id: int) -> bool:
    """Off the list before the start (False); once running, out from the next round (True)."""
    if tournament.status == "signup":
        if not await storage.sign_off(tournament.id, user_id):
            raise GameError(_("You are not signed up."))
        return False
    if tournament.status != "running":
        raise GameError(_("Tournament {id} is over.", id=tournament.id))
    if not await storage.withdraw(tournament.id, user_id, tournament.round + 1):
        raise GameError(_("You are not playing in tournament {id}.", id=tournament.id))
    return True


def may_run(tournament: Tournament, user_id: int, can_manage: bool) -> None:
    if user_id != tournament.organiser_id and not can_manage:
        raise GameError(
            _("Only the organiser (or someone with Manage Server) can start or cancel it.")
        )


async def cancel(storage: Storage, tournament: Tournament, user_id: int, can_manage: bool) -> None:
    may_run(tournament, user_id, can_manage)
    if not await storage.set_tournament_status(
        tournament.id, "cancelled", was=("signup", "running")
    ):
        raise GameError(_("Tournament {id} is over.", id=tournament.id))


def seed_order(entrants: Sequence[Entrant]) -> list[int]:
    """Best seed first: rating at the start, then who signed up first."""
    ranked = sorted(entrants, key=lambda e: (-e.rating, e.joined_at, e.user_id))
    return [e.user_id for e in ranked]


def full_schedule(players: int) -> int:
    return players - 1 if players % 2 == 0 else players


async def start(
    storage: Storage, tournament: Tournament, user_id: int, can_manage: bool
) -> Tournament:
    may_run(tournament, user_id, can_manage)
    if tournament.status != "signup":
        raise GameError(_("Tournament {id} has started already.", id=tournament.id))
    entrants = await storage.entrants(tournament.id)
    if len(entrants) < 2:
        raise GameError(_("A tournament needs at least 2 players; {n} signed up.", n=len(entrants)))
    keys = [player_key(e.user_id, None) for e in entrants]
    rated = await storage.ratings(tournament.guild_id, tournament.game, keys)
    seeds = {
        e.user_id: (r.mu - 3 * r.sigma if (r := rated.get(k)) is not None else 0.0)
        for e, k in zip(entrants, keys, strict=True)
    }
    seeded = [Entrant(e.user_id, e.name, seeds[e.user_id], None, e.joined_at) for e in entrants]
    if tournament.format == SWISS:
        rounds = tournament.rounds or max(1, math.ceil(math.log2(len(entrants))))
    else:
        rounds = min(tournament.rounds or MAX_ROUNDS * 10, full_schedule(len(entrants)))
    first = pair(tournament, seeded, [], 1)
    if not await storage.start_tournament(tournament.id, rounds, seeds, first):
        raise GameError(_("Tournament {id} has started already.", id=tournament.id))
    return await storage.require_tournament(tournament.id)


def pair(
    tournament: Tournament, entrants: Sequence[Entrant], history: Sequence[TableRow], number: int
) -> list[NewTable]:
    """Round ``number``'s tables (byes and forfeits with their outcome already)."""
    played = [played_of(t) for t in history if t.over]
    seeds = {e.user_id: e.rating for e in entrants}
    out = {e.user_id for e in entrants if e.withdrawn is not None and e.withdrawn <= number}
    forfeited: list[tuple[int, int]] = []
    if tournament.format == SWISS:
        active = [e.user_id for e in entrants if e.user_id not in out]
        order = swiss_order(active, points(played), seeds)
        met = [p.players for p in played if not p.bye]
        had_bye = {p.players[0] for p in played if p.bye}
        paired = swiss_round(order, met, tournament.seats, ai=tournament.ai, had_bye=had_bye)
    else:
        paired, forfeited = round_robin_round(seed_order(entrants), number, out, ai=tournament.ai)
    return new_tables(tournament, paired, forfeited)


def new_tables(
    tournament: Tournament, paired: Round, forfeited: Sequence[tuple[int, int]]
) -> list[NewTable]:
    tables: list[NewTable] = []
    for players in paired.tables:
        missing = tournament.seats - len(players)
        tables.append((players, missing if tournament.ai else 0, None, ()))
    tables += [((winner, loser), 0, (winner,), (loser,)) for winner, loser in forfeited]
    tables += [((player,), 0, (player,), ()) for player in paired.byes]
    return tables


def is_bye(table: TableRow) -> bool:
    return len(table.players) == 1 and table.ai_seats == 0


def played_of(table: TableRow) -> Played:
    return Played(table.players, table.winners or (), table.forfeits, bye=is_bye(table))


def outcome(table: TableRow, game: TableGame) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """(winners, forfeits) of a table whose game is over; None while it is played."""
    if game.status in ("lobby", "running"):
        return None
    if game.status != "finished":  # ended without a result: nobody won it
        return (), table.players
    seated = {user: (pid, level) for pid, user, level in game.seats if user is not None}
    forfeits = tuple(p for p in table.players if p not in seated or seated[p][1] is not None)
    stayed = [p for p in table.players if p not in forfeits]
    winners = tuple(p for p in stayed if seated[p][0] in game.winners)
    if not winners and any(p in seated and seated[p][0] in game.winners for p in forfeits):
        winners = tuple(stayed)  # the AI in a forfeited seat won: those who stayed win it
    return winners, forfeits


@dataclass(frozen=True, slots=True)
class RoundOver:
    """A round ended: the standings after it, and whether that was the last round."""

    tournament: Tournament
    round: int
    standings: list[Standing]
    names: dict[int, str]
    final: bool


async def table_standings(
    storage: Storage, tournament: Tournament, through: int | None = None
) -> tuple[list[Standing], dict[int, str]]:
    """Everyone ranked by the tables over so far (``through``: of rounds up to that one; the
    next round's byes are over as soon as it is paired)."""
    entrants = await storage.entrants(tournament.id)
    last = through if through is not None else tournament.round
    tables = await storage.tables(tournament.id)
    history = [played_of(t) for t in tables if t.over and t.round <= last]
    seeds = {e.user_id: e.rating for e in entrants}
    ranked = standings([e.user_id for e in entrants], history, tournament.format, seeds)
    return ranked, {e.user_id: e.name for e in entrants}


async def advance(storage: Storage, tournament: Tournament) -> RoundOver | None:
    """Read the outcomes of the round's finished games; once every table is over, pair the
    next round (or finish). None while a table is still being played (or someone else
    moved on first)."""
    number = tournament.round
    tables = await storage.tables(tournament.id, number)
    games = await storage.table_games([t.game_id for t in tables if t.game_id and not t.over])
    waiting = False
    for table in tables:
        if table.over:
            continue
        found = games.get(table.game_id) if table.game_id is not None else None
        result = outcome(table, found) if found is not None else None
        if result is None:
            waiting = True
            continue
        await storage.set_table_outcome(tournament.id, number, table.table_no, *result)
    if waiting:
        return None
    last = tournament.rounds is not None and number >= tournament.rounds
    if last:
        moved = await storage.finish_tournament(tournament.id, number)
    else:
        entrants = await storage.entrants(tournament.id)
        history = await storage.tables(tournament.id)
        moved = await storage.advance_round(
            tournament.id, number, pair(tournament, entrants, history, number + 1)
        )
    if not moved:
        return None
    now = await storage.require_tournament(tournament.id)
    ranked, names = await table_standings(storage, now, number)
    return RoundOver(now, number, ranked, names, last)
