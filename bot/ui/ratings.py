"""Skill ratings in words, the same for every game: a leaderboard row's rating, the AI levels'
line, and a player's rating and its trend in `stats`.

The number shown is the conservative one (storage/skill.py: 1000 + 40 x (mu - 3 sigma)), so a
newcomer starts at 0 games' worth of certainty and climbs as games confirm their skill; the
± beside it is one sigma on the same scale.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.i18n import _, n_
from bot.i18n.shown import CHOICE_NAME, shown_text
from bot.service.boards import RATING, BoardPage, UserRating
from storage import LeaderboardEntry
from storage.skill import MIN_GAMES, Rating, shown

TREND_GAMES = 10  # the trend in `stats` compares now with this many rated games ago


def rating_text(rating: Rating) -> str:
    """`rating 1123 ±80 (12 rated games)`."""
    return n_(
        "rating {shown} ±{spread} ({n} rated game)",
        "rating {shown} ±{spread} ({n} rated games)",
        rating.games,
        shown=rating.shown,
        spread=rating.spread,
    )


def ai_line(levels: Mapping[str, Rating]) -> str | None:
    """The AI levels rated here, so players see where they stand against them (each level
    named as the reader picks it in `addbot`)."""
    if not levels:
        return None
    ratings = " · ".join(
        f"{shown_text(level, CHOICE_NAME)} {r.shown} ±{r.spread}" for level, r in levels.items()
    )
    return _("AI levels: {ratings}", ratings=ratings)


def trend(trail: Sequence[tuple[float, float]]) -> int | None:
    """The change of the shown rating over the last TREND_GAMES games (None: too few)."""
    if len(trail) < 2:
        return None
    before = trail[-TREND_GAMES - 1] if len(trail) > TREND_GAMES else trail[0]
    return shown(*trail[-1]) - shown(*before)


def stats_text(rating: Rating | None, trail: Sequence[tuple[float, float]]) -> str:
    """The rating, where the player stands on the leaderboard, and its trend."""
    if rating is None:
        return _("Not rated yet: finish a game to get a rating.")
    text = rating_text(rating)
    text = text[:1].upper() + text[1:] + "."  # only its first letter: German nouns keep theirs
    if rating.games < MIN_GAMES:
        text += " " + n_(
            "On the leaderboard after {n} rated game.",
            "On the leaderboard after {n} rated games.",
            MIN_GAMES,
        )
    change = trend(trail)
    if change is not None:
        games = min(len(trail) - 1, TREND_GAMES)
        arrow = "▲" if change > 0 else "▼" if change < 0 else "="
        signed = f"{change:+d}"
        text += " " + n_(
            "{arrow} {change} over the last {n} rated game.",
            "{arrow} {change} over the last {n} rated games.",
            games,
            arrow=arrow,
            change=signed,
        )
    return text


def board_line(page: BoardPage, entry: LeaderboardEntry, tallies: str) -> str:
    """A leaderboard row: the tallies with the player's rating after them once they have one
    to show; on the rating board (order RATING) the rating alone."""
    rating = page.ratings.get(entry.user_id)
    head = f"**{entry.rank}.** <@{entry.user_id}> — "
    if page.order == RATING:
        return head + (rating_text(rating) if rating else "")
    return head + tallies + (f" · {rating_text(rating)}" if rating else "")


def with_ai_line(lines: list[str], levels: Mapping[str, Rating]) -> list[str]:
    line = ai_line(levels)
    return lines if line is None else [*lines, "", line]


def stats_reply(embed: dict[str, Any], rating: UserRating, name: str) -> dict[str, Any]:
    """send_message's arguments: the stats embed with a Rating field, and the rating chart
    attached (and shown in the embed) once there is a rated game to draw."""
    fields = [
        *embed.get("fields", ()),
        {"name": _("Rating"), "value": stats_text(rating.rating, rating.trail), "inline": False},
    ]
    embed = {**embed, "fields": fields[:25]}
    from bot.ui.rating_chart import FILENAME, chart_file  # Pillow: at the first `stats` only

    reply: dict[str, Any] = {"allowed_mentions": discord.AllowedMentions.none()}
    picture = chart_file(name, rating.trail)
    if picture is not None:
        embed["image"] = {"url": f"attachment://{FILENAME}"}
        reply["file"] = picture
    reply["embed"] = discord.Embed.from_dict(embed)
    return reply
