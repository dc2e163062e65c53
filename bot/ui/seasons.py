"""Seasons in Discord: a season's table (running or final, with its podium) as an embed,
the status line, and posting a final table in the channel where its season was started,
whether a manager ended it or its length ran out (`end_due_seasons`, from the timer).

Public messages are in the server's language; Discord's own timestamps (<t:...>) show each
reader the dates in theirs.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import _, n_
from bot.platform.registry import table_rules
from bot.service.errors import GameError
from bot.service.seasons import PODIUM, SeasonBoard, due_season_ends, season_board
from bot.ui.locales import in_server_language
from bot.ui.ratings import rating_text
from storage.seasons import Season, Standing

if TYPE_CHECKING:  # an import cycle at run time: the client builds this
    from bot.runtime.client import GameBot

log = logging.getLogger(__name__)
COLOR = 0xC9A227
MAX_SEASON = 1_000_000  # the largest season number `leaderboard season:` takes
MEDALS = ("🥇", "🥈", "🥉")


def season_title(season: Season) -> str:
    title = table_rules(season.game).title()
    if season.ended_at is None:
        return _("Season {number} — {game}", number=season.number, game=title)
    return _("Season {number} — {game} — final table", number=season.number, game=title)


def when(season: Season) -> str:
    """From when to when (or until when, or for good) it runs or ran."""
    start = f"<t:{int(season.started_at)}:d>"
    if season.ended_at is not None:
        return _("{start} to {end}", start=start, end=f"<t:{int(season.ended_at)}:d>")
    if season.ends_at is not None:
        return _("since {start}, ends <t:{end}:R>", start=start, end=int(season.ends_at))
    return _("since {start}, until a manager ends it", start=start)


def played_text(standing: Standing) -> str:
    return n_(
        "{n} game, {wins} won",
        "{n} games, {wins} won",
        standing.rating.games,
        wins=standing.wins,
    )


def with_season(
    embed: dict[str, Any], running: tuple[Season, Standing | None] | None
) -> dict[str, Any]:
    """The stats embed with a field for the running season, if one runs here."""
    if running is None:
        return embed
    season, standing = running
    value = (
        _("No game in this season yet.")
        if standing is None
        else f"{rating_text(standing.rating)} · {played_text(standing)}"
    )
    field = {"name": _("Season {number}", number=season.number), "value": value, "inline": False}
    return {**embed, "fields": [*embed.get("fields", ()), field][:25]}


def season_embed(board: SeasonBoard) -> dict[str, Any]:
    lines = []
    for rank, standing in enumerate(board.standings, 1):
        mark = MEDALS[rank - 1] if rank <= PODIUM else f"**{rank}.**"
        played = played_text(standing)
        lines.append(f"{mark} <@{standing.user_id}> — {rating_text(standing.rating)} · {played}")
    if not lines:
        lines = [_("Nobody has finished a game in this season.")]
    head = [when(board.season)]
    if board.season.ended_at is not None and board.podium:
        podium = " ".join(f"{m} <@{s.user_id}>" for m, s in zip(MEDALS, board.podium, strict=False))
        head.append(_("The podium: {podium}", podium=podium))
    return {
        "title": season_title(board.season),
        "description": "\n".join([*head, "", *lines])[:4000],
        "color": COLOR,
        "footer": {  # Discord shows no <t:...> dates in a footer: they are in the text
            "text": n_(
                "{n} game · {players}",
                "{n} games · {players}",
                board.games,
                players=n_("{n} player", "{n} players", board.players),
            )
        },
    }


async def post_final_table(bot: GameBot, board: SeasonBoard) -> None:
    """The ended season's final table, in the channel where it was started (a channel gone
    or closed to the bot is logged: the season is ended and kept all the same)."""
    season = board.season
    async with in_server_language(bot, season.guild_id):
        embed = discord.Embed.from_dict(season_embed(board))
        text = _(
            "Season {number} is over. Thank you for playing!",
            number=season.number,
        )
    channel = bot.get_partial_messageable(season.channel_id, guild_id=season.guild_id)
    try:
        await channel.send(text, embed=embed, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning(
            "could not post the final table of season %s of %s in channel %s",
            season.number,
            season.game,
            season.channel_id,
        )


async def end_due_seasons(bot: GameBot) -> int:
    """The timer's part: end the seasons whose length ran out and post their final tables."""
    ended = await due_season_ends(bot.storage)
    for board in ended:
        await post_final_table(bot, board)
    return len(ended)


async def show_season_board(
    bot: GameBot, interaction: discord.Interaction, game: str, number: int
) -> None:
    """`leaderboard season:` — season ``number``'s table (0: the running or last one), public
    like the leaderboard; GameError (the caller's refusal) for a season there is not."""
    if interaction.guild_id is None:
        raise GameError(_("Leaderboards belong to a server; use this in a server channel."))
    board = await season_board(bot.storage, interaction.guild_id, game, number)
    async with in_server_language(bot, interaction.guild_id):  # public
        embed = discord.Embed.from_dict(season_embed(board))
    await interaction.response.send_message(
        embed=embed, allowed_mentions=discord.AllowedMentions.none()
    )
