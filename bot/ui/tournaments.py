"""Tournaments in Discord: the sign-up message with its buttons (Sign up, Withdraw, Start),
each table's thread with its lobby, the round's pairings, the standings after each round and
the final ranking, all in the channel where the tournament was opened.

The bot's timer (bot/ui/timers.py) calls `tick`: for every running tournament it reads the
outcomes of the round's games, and once every table is over posts the standings and opens
the next round's tables. Nothing is kept in memory, so after a restart the next tick goes on
where the round was (a table whose thread or lobby was not made yet is made then).
Public messages are in the server's language; answers in the clicker's.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import GERMAN, _, current_locale, n_
from bot.platform.presentation import presentation
from bot.platform.registry import table_rules
from bot.service import GameError
from bot.service.tournaments import service
from bot.service.tournaments.standings import SWISS, Standing, shown_points
from bot.ui.delivery import post_public, respond
from bot.ui.history import game_bot
from bot.ui.locales import in_clickers_language, in_server_language
from storage.tournaments import TableRow, Tournament

if TYPE_CHECKING:
    from bot.runtime.client import GameBot

log = logging.getLogger(__name__)
COLOR = 0x2E86AB
TICK_EVERY = 5.0  # seconds between two looks at the running tournaments (each move pokes)
AI_LEVEL = "standard"
MEDALS = ("🥇", "🥈", "🥉")
NONE = discord.AllowedMentions.none()
PLAYERS = discord.AllowedMentions(users=True, everyone=False, roles=False)


def format_name(fmt: str) -> str:
    return _("Swiss") if fmt == SWISS else _("round-robin")


def heading(t: Tournament) -> str:
    return _("Tournament {id} — {game}", id=t.id, game=table_rules(t.game).title())


def describe(t: Tournament) -> str:
    rounds = (
        n_("{n} round", "{n} rounds", t.rounds)
        if t.rounds
        else _("rounds: as many as the players need")
    )
    ai = _("AI seats fill the tables") if t.ai else _("no AI seats")
    return _(
        "{format}, {seats} players a table, {rounds}; {ai}. Organised by <@{organiser}>.",
        format=format_name(t.format),
        seats=t.seats,
        rounds=rounds,
        ai=ai,
        organiser=t.organiser_id,
    )


def decimal() -> str:
    """The decimal mark of the language being written (2,5 in German)."""
    return "," if current_locale() == GERMAN else "."


def signup_embed(t: Tournament, players: list[tuple[int, str]]) -> discord.Embed:
    lines = [describe(t), ""]
    if t.status == "signup":
        lines.append(_("Press **Sign up** to play; the organiser starts it."))
    elif t.status == "cancelled":
        lines.append(_("This tournament was cancelled."))
    else:
        lines.append(_("Sign-up is over: the rounds are played in this channel's threads."))
    lines.append("")
    lines.append(n_("{n} player signed up:", "{n} players signed up:", len(players)))
    lines += [f"{i}. <@{user}>" for i, (user, _name) in enumerate(players, start=1)]
    return discord.Embed(title=heading(t), description="\n".join(lines), color=COLOR)


class TourneyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tourney:(?P<action>join|leave|start):(?P<id>\d+)",
):
    """A sign-up message's button; its state is in its custom_id (works after a restart)."""

    def __init__(self, action: str, tournament_id: int, label: str = "") -> None:
        style = discord.ButtonStyle.success if action == "join" else discord.ButtonStyle.secondary
        if action == "start":
            style = discord.ButtonStyle.primary
        super().__init__(
            discord.ui.Button(
                label=label or action, style=style, custom_id=f"tourney:{action}:{tournament_id}"
            )
        )
        self.action, self.tournament_id = action, tournament_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TourneyButton:
        return cls(match["action"], int(match["id"]), getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = game_bot(interaction)
        await clicked(bot, interaction, self.action, self.tournament_id)


def signup_view(t: Tournament) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if t.status == "signup":
        view.add_item(TourneyButton("join", t.id, _("Sign up")))
        view.add_item(TourneyButton("leave", t.id, _("Withdraw")))
        view.add_item(TourneyButton("start", t.id, _("Start")))
    return view


async def signup_message(bot: GameBot, t: Tournament) -> tuple[discord.Embed, discord.ui.View]:
    players = [(e.user_id, e.name) for e in await bot.storage.entrants(t.id)]
    async with in_server_language(bot, t.guild_id):  # public
        return signup_embed(t, players), signup_view(t)


async def post_signup(bot: GameBot, interaction: discord.Interaction, t: Tournament) -> None:
    embed, view = await signup_message(bot, t)
    message_id = await post_public(interaction, embed=embed, view=view, allowed_mentions=NONE)
    await bot.storage.set_tournament_message(t.id, message_id)


async def refresh_signup(bot: GameBot, t: Tournament) -> None:
    if t.message_id is None:
        return
    embed, view = await signup_message(bot, t)
    channel = bot.get_partial_messageable(t.channel_id, guild_id=t.guild_id)
    try:
        await channel.get_partial_message(t.message_id).edit(embed=embed, view=view)
    except discord.HTTPException as exc:
        log.warning("tournament %s: the sign-up message edit failed: %s", t.id, exc)


def can_manage(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)


async def clicked(bot: GameBot, interaction: discord.Interaction, action: str, tid: int) -> None:
    """A sign-up button: join, leave (withdraw) or start."""
    async with in_clickers_language(bot, interaction):
        try:
            t = await service.find(bot.storage, interaction.guild_id or 0, tid)
            if action == "join":
                user = interaction.user
                await service.sign_up(bot.storage, t, user.id, user.display_name)
                text = _("You are signed up for tournament {id}.", id=t.id)
            elif action == "leave":
                text = withdrawn_text(
                    t, await service.withdraw(bot.storage, t, interaction.user.id)
                )
            else:
                await start(bot, interaction, t)
                return
        except GameError as refused:
            await respond(interaction, str(refused), ephemeral=True)
            return
    await respond(interaction, text, ephemeral=True)
    await refresh_signup(bot, t)


def withdrawn_text(t: Tournament, running: bool) -> str:
    if running:
        return _(
            "You have withdrawn from tournament {id}: from the next round on you are not"
            " paired (round-robin: your games are lost by forfeit).",
            id=t.id,
        )
    return _("You are no longer signed up for tournament {id}.", id=t.id)


async def start(bot: GameBot, interaction: discord.Interaction, t: Tournament) -> None:
    """The organiser starts it: round 1 is paired, its tables opened."""
    started = await service.start(bot.storage, t, interaction.user.id, can_manage(interaction))
    await respond(
        interaction,
        _("Tournament {id} has started: round 1 is being set up.", id=t.id),
        ephemeral=True,
    )
    await refresh_signup(bot, started)
    await open_round(bot, started)


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


async def status_embed(bot: GameBot, t: Tournament) -> discord.Embed:
    """What stands: the sign-ups, or the round being played and the standings so far."""
    if t.status == "signup":
        return (await signup_message(bot, t))[0]
    ranked, _names = await service.table_standings(bot.storage, t)
    lines = [describe(t), ""]
    if t.status == "running":
        lines.append(
            _("Round {round} of {rounds} is being played:", round=t.round, rounds=t.rounds)
        )
        for table in await bot.storage.tables(t.id, t.round):
            state = _("over") if table.over else _("playing")
            lines.append(f"{table_line(table)} ({state})")
        lines.append("")
    elif t.status == "cancelled":
        lines.append(_("This tournament was cancelled."))
    lines += [standing_line(t, s) for s in ranked]
    return discord.Embed(title=heading(t), description="\n".join(lines), color=COLOR)
