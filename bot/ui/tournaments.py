"""Tournaments in Discord: the sign-up message with its buttons (Sign up, Withdraw, Start)
in the channel where the tournament was opened, and what `/tabletop tournament status` shows.

The rounds themselves (each table's thread with its lobby, the pairings, the standings after
each round and the final ranking, the timer's `tick` that moves a tournament on) are
bot/ui/tournament_rounds.py's; Start opens the first one there. The sign-up's buttons keep
their state in their custom_id, so they work after a restart.
Public messages are in the server's language; answers in the clicker's.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import _, n_
from bot.service import GameError
from bot.service.tournaments import service
from bot.service.tournaments.standings import SWISS
from bot.ui.delivery import post_public, respond
from bot.ui.history import game_bot
from bot.ui.locales import in_clickers_language, in_server_language
from bot.ui.tournament_rounds import (
    COLOR,
    NONE,
    heading,
    open_round,
    standing_line,
    table_line,
)
from storage.tournaments import Tournament

if TYPE_CHECKING:
    from bot.runtime.client import GameBot

log = logging.getLogger(__name__)


def format_name(fmt: str) -> str:
    return _("Swiss") if fmt == SWISS else _("round-robin")


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
