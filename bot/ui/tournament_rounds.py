"""A tournament's rounds in Discord: each table's thread and its lobby, the round's pairings,
the standings after each round and the final ranking, and the timer's `tick` that moves every
running tournament on once its round is over.

Its own module because playing the rounds is one concept and signing up another (the sign-up
message, its buttons and the status: bot/ui/tournaments.py, which starts the first round
here); the heading and colour every tournament message has are here, where most are posted.
Nothing is kept in memory but the locks and the last tick, so after a restart the next tick
goes on where the round was.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import GERMAN, _, current_locale, n_
from bot.platform.presentation import presentation
from bot.platform.registry import table_rules
from bot.service import GameError
from bot.service.tournaments import service
from bot.service.tournaments.standings import SWISS, Standing, shown_points
from bot.ui.locales import in_server_language
from storage.tournaments import TableRow, Tournament

if TYPE_CHECKING:
    from bot.runtime.client import GameBot

log = logging.getLogger("bot.ui.tournaments")  # one logger for tournaments, as before the split
COLOR = 0x2E86AB
TICK_EVERY = 5.0  # seconds between two looks at the running tournaments (each move pokes)
AI_LEVEL = "standard"
MEDALS = ("🥇", "🥈", "🥉")
NONE = discord.AllowedMentions.none()
PLAYERS = discord.AllowedMentions(users=True, everyone=False, roles=False)


def heading(t: Tournament) -> str:
    return _("Tournament {id} — {game}", id=t.id, game=table_rules(t.game).title())


def decimal() -> str:
    """The decimal mark of the language being written (2,5 in German)."""
    return "," if current_locale() == GERMAN else "."


def mentions(players: tuple[int, ...], ai_seats: int) -> str:
    shown = [f"<@{p}>" for p in players]
    shown += [_("AI")] * ai_seats
    return " – ".join(shown)


_LOCKS: dict[int, asyncio.Lock] = {}


def lock(tournament_id: int) -> asyncio.Lock:
    """One tournament moved on by one coroutine at a time in this process (a Start click and
    the timer's tick must not open a table twice)."""
    return _LOCKS.setdefault(tournament_id, asyncio.Lock())


async def open_round(bot: GameBot, t: Tournament) -> None:
    async with lock(t.id):
        await _open_round(bot, t)


async def _open_round(bot: GameBot, t: Tournament) -> None:
    """Open every table of the current round not opened yet; the pairings once, when the
    round's first table opens."""
    tables = await bot.storage.tables(t.id, t.round)
    fresh = not any(x.thread_id for x in tables)
    for table in tables:
        if table.over or table.game_id is not None:
            continue
        try:
            await open_table(bot, t, table)
        except (discord.HTTPException, GameError) as exc:
            log.warning("tournament %s: table %s could not open: %s", t.id, table.table_no, exc)
    if fresh:
        await post_pairings(bot, t, await bot.storage.tables(t.id, t.round))


async def open_table(bot: GameBot, t: Tournament, table: TableRow) -> None:
    """The table's thread and its lobby, seats filled: the first player is the host and
    presses Start, as in any lobby."""
    thread = await table_thread(bot, t, table)
    names = {e.user_id: e.name for e in await bot.storage.entrants(t.id)}
    host = table.players[0]
    made = await bot.storage.get_game_in_channel(thread.id)
    if made is not None:  # made before a restart, not yet noted: the table's game
        await bot.storage.set_table_game(t.id, t.round, table.table_no, made.id)
        return
    lobby = await bot.service.new_lobby(
        t.guild_id, thread.id, host, names.get(host, str(host)), t.game, t.variant, {},
        bot.settings.turn_timer_seconds,
    )  # fmt: skip
    for player in table.players[1:]:
        await bot.storage.join(
            lobby.id, str(player), names.get(player, str(player)), user_id=player
        )
    rules = table_rules(t.game)
    for number in range(1, table.ai_seats + 1):
        name = rules.ai_name(AI_LEVEL, number)
        await bot.storage.join(lobby.id, f"ai{number}", name, ai_level=AI_LEVEL)
    await bot.storage.set_table_game(t.id, t.round, table.table_no, lobby.id)
    game = await bot.storage.get_game(lobby.id)
    bot.service.forget(game.id)
    async with in_server_language(bot, t.guild_id):  # public
        lobby_message = presentation(game.game).lobby_message(game)
        text = _(
            "Tournament {id}, round {round}, table {table}: {players}. <@{host}> starts the"
            " game with **Start** when everyone is here.",
            id=t.id,
            round=t.round,
            table=table.table_no,
            players=mentions(table.players, table.ai_seats),
            host=host,
        )
    sent = await thread.send(
        text, embed=lobby_message.embed, view=lobby_message.view, allowed_mentions=PLAYERS
    )
    await bot.service.set_table_message(game.id, sent.id)


async def table_thread(bot: GameBot, t: Tournament, table: TableRow) -> Any:
    """The table's thread: made now, or (after a restart) the one made before."""
    if table.thread_id is not None:
        found = bot.get_channel(table.thread_id)
        return found or await bot.fetch_channel(table.thread_id)
    channel = bot.get_channel(t.channel_id) or await bot.fetch_channel(t.channel_id)
    if not isinstance(channel, discord.TextChannel):
        raise TypeError(
            f"tournament {t.id}'s channel cannot hold threads: {type(channel).__name__}"
        )
    async with in_server_language(bot, t.guild_id):
        name = _(
            "Tournament {id} · round {round} · table {table}",
            id=t.id,
            round=t.round,
            table=table.table_no,
        )
    thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
    await bot.storage.set_table_thread(t.id, t.round, table.table_no, thread.id)
    return thread


async def post_pairings(bot: GameBot, t: Tournament, tables: list[TableRow]) -> None:
    async with in_server_language(bot, t.guild_id):  # public
        lines = [_("**{heading}: round {round} of {rounds}**", heading=heading(t), round=t.round,
                   rounds=t.rounds)]  # fmt: skip
        lines += [table_line(table) for table in tables]
    await send(bot, t, "\n".join(lines), mention=True)


def table_line(table: TableRow) -> str:
    """One table of a round as the pairings show it: a bye, a game won by forfeit because a
    player withdrew, or the table's players and thread."""
    if service.is_bye(table):
        return _("Bye (a win): <@{player}>", player=table.players[0])
    if table.thread_id is None and table.over:
        return _(
            "Won by forfeit: <@{winner}> (against <@{loser}>, who withdrew)",
            winner=(table.winners or (0,))[0],
            loser=table.forfeits[0],
        )
    return _(
        "Table {table}: {players} in <#{thread}>",
        table=table.table_no,
        players=mentions(table.players, table.ai_seats),
        thread=table.thread_id,
    )


async def send(
    bot: GameBot, t: Tournament, text: str, *, embed: Any = None, mention: bool = False
) -> None:
    channel = bot.get_partial_messageable(t.channel_id, guild_id=t.guild_id)
    try:
        await channel.send(text, embed=embed, allowed_mentions=PLAYERS if mention else NONE)
    except discord.HTTPException as exc:
        log.warning("tournament %s: could not post in channel %s: %s", t.id, t.channel_id, exc)


def standing_line(t: Tournament, s: Standing) -> str:
    sep = decimal()
    place = MEDALS[s.rank - 1] if s.rank <= len(MEDALS) and t.status == "finished" else f"{s.rank}."
    if t.format == SWISS:
        tiebreak = _("Buchholz {value}", value=shown_points(s.tiebreak, sep))
    else:
        tiebreak = _("head-to-head {value}", value=shown_points(s.tiebreak, sep))
    return _(
        "{place} <@{user}> — {points} · {tiebreak} · {wins}",
        place=place,
        user=s.user_id,
        points=n_(
            "{n} point", "{n} points", 2 if s.points != 1 else 1, n=shown_points(s.points, sep)
        ),
        tiebreak=tiebreak,
        wins=n_("{n} win", "{n} wins", s.wins),
    )


async def post_standings(bot: GameBot, over: service.RoundOver) -> None:
    t = over.tournament
    async with in_server_language(bot, t.guild_id):  # public
        if over.final:
            title = _("{heading} — final ranking", heading=heading(t))
            text = _("Tournament {id} is over. Thank you for playing!", id=t.id)
        else:
            title = _(
                "{heading} — standings after round {round}", heading=heading(t), round=over.round
            )
            text = _(
                "Round {round} is over; round {next} follows.",
                round=over.round,
                next=over.round + 1,
            )
        body = "\n".join(standing_line(t, s) for s in over.standings)
        embed = discord.Embed(title=title, description=body, color=COLOR)
    await send(bot, t, text, embed=embed)


_last_tick: dict[int, float] = {}


async def tick(bot: GameBot, *, now: float | None = None) -> int:
    """The timer's part: move every running tournament on whose round is over; returns how
    many rounds ended. At most every TICK_EVERY seconds (each move pokes the timer)."""
    clock = now if now is not None else bot.storage.clock()
    key = id(bot)
    if clock - _last_tick.get(key, -TICK_EVERY) < TICK_EVERY:
        return 0
    _last_tick[key] = clock
    ended = 0
    for t in await bot.storage.running_tournaments():
        try:
            async with lock(t.id):
                await _open_round(bot, t)  # after a restart: what was not opened yet
                over = await service.advance(bot.storage, t)
                if over is None:
                    continue
                ended += 1
                await post_standings(bot, over)
                if not over.final:
                    await _open_round(bot, over.tournament)
        except Exception:  # noqa: BLE001 - one broken tournament must not stop the others
            log.exception("tournament %s: the round could not go on", t.id)
    return ended
