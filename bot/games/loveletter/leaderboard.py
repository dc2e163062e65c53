"""The leaderboard and stats as players read them: the columns (metrics), their words, and the
page buttons under a board (`items.BoardButton`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.games.loveletter.items import BoardButton
from bot.games.loveletter.text.cards import counted, edition_title, tally
from bot.i18n import N_, _, n_
from bot.service.boards import RATING, BoardPage, Columns
from bot.ui.ratings import board_line, with_ai_line
from engine.loveletter.editions import EDITIONS
from engine.loveletter.game import ROUNDS_WON, TALLY_METRIC
from storage import UserStats

COLOR = 0x8E44AD
ORDERS = ("tally", "games_won", "rounds_won", "games_played")
EDITION_TALLY = {ed: f"tally_{ed}" for ed in TALLY_METRIC}  # one column per edition's own
COLUMNS = Columns(
    sums={
        "tally": tuple(TALLY_METRIC.values()),  # each edition's own, summed over all editions
        "games_won": ("games_won",),
        "rounds_won": (ROUNDS_WON,),
        "games_played": ("games_played",),
        **{column: (TALLY_METRIC[ed],) for ed, column in EDITION_TALLY.items()},
    },
    tie_break=("tally", "games_won", "rounds_won"),
)


TALLY_NAMES = {"hobbit": N_("crowns"), "l5r": N_("tokens of affection"), "pegasus": N_("hearts")}


def tally_name(edition_id: str | None) -> str:
    """What the tally is called: "crowns", or all three names for the all-editions board."""
    if edition_id is None:
        names = [_(TALLY_NAMES[ed]) for ed in EDITIONS]
        return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])
    return _(TALLY_NAMES[edition_id])


def _tallies(values: Mapping[str, int], edition_id: str | None) -> str:
    """`3 crowns`; on the all-editions board each edition's own: `2 crowns, 1 heart`."""
    if edition_id is not None:
        return tally(edition_id, values.get("tally", 0))
    named = [
        tally(ed, values.get(column, 0))
        for ed, column in EDITION_TALLY.items()
        if values.get(column, 0)
    ]
    if named:
        return ", ".join(named)
    names = [_(TALLY_NAMES[ed]) for ed in EDITIONS]
    return _("no {names} or {last}", names=", ".join(names[:-1]), last=names[-1])


def order_name(order: str, edition_id: str | None) -> str:
    if order == "tally":
        return tally_name(edition_id)
    return _(ORDER_NAMES[order])


ORDER_NAMES = {
    "games_won": N_("games won"),
    "rounds_won": N_("rounds won"),
    "games_played": N_("games played"),
    RATING: N_("rating (all editions share one)"),
}


def _row(values: Mapping[str, int], edition_id: str | None) -> str:
    """One player's line: `values` by leaderboard column."""
    won, played = values.get("games_won", 0), values.get("games_played", 0)
    games = n_("{won} of {n} game won", "{won} of {n} games won", played, won=won)
    rounds = n_("{n} round won", "{n} rounds won", values.get("rounds_won", 0))
    return f"{_tallies(values, edition_id)} · {games} · {rounds}"


def _columns(metrics: Mapping[str, int], edition_id: str) -> dict[str, int]:
    """An edition's metrics as the leaderboard's columns."""
    return {
        "tally": metrics.get(TALLY_METRIC[edition_id], 0),
        "games_won": metrics.get("games_won", 0),
        "rounds_won": metrics.get(ROUNDS_WON, 0),
        "games_played": metrics.get("games_played", 0),
    }


def render_board(page: BoardPage) -> dict[str, Any]:
    where = edition_title(page.variant) if page.variant else _("all editions")
    lines = [board_line(page, e, _row(e.values, page.variant)) for e in page.entries]
    if not lines:
        lines = [_("Nobody has finished a game on this server yet.")]
    lines = with_ai_line(lines, page.ai_ratings)
    footer = _(
        "By {order} · page {page}/{pages} · {players}",
        order=order_name(page.order, page.variant),
        page=page.page + 1,
        pages=page.pages,
        players=n_("{n} player", "{n} players", page.size),
    )
    return {
        "title": _("Leaderboard — {where}", where=where)[:256],
        "description": "\n".join(lines)[:4000],
        "color": COLOR,
        "footer": {"text": footer},
    }


def render_stats(stats: UserStats) -> dict[str, Any]:
    per_edition = {ed: _columns(metrics, ed) for ed, metrics in sorted(stats.per_variant.items())}
    fields = [
        {"name": edition_title(ed)[:256], "value": _row(row, ed), "inline": False}
        for ed, row in per_edition.items()
        if ed in EDITIONS
    ]
    t = {k: sum(row[k] for row in per_edition.values()) for k in ORDERS}
    if fields:
        summary = _(
            "{games} played, {won} won, {rounds} won.",
            games=counted(t["games_played"], "game"),
            won=t["games_won"],
            rounds=counted(t["rounds_won"], "round"),
        )
    else:
        summary = _("No finished games on this server yet.")
    return {
        "title": _("Love Letter stats"),
        "description": f"<@{stats.user_id}>: {summary}",
        "color": COLOR,
        "fields": fields[:25],
    }


def board_view(page: BoardPage) -> discord.ui.View:
    """Previous / Next when the board has more than one page (none otherwise)."""
    view = discord.ui.View(timeout=None)
    if page.pages <= 1:
        return view
    ed = page.variant or "all"
    if page.page > 0:
        view.add_item(
            BoardButton(page.guild_id, ed, page.order, page.page - 1, label=_("◀ Previous"))
        )
    if page.page < page.pages - 1:
        view.add_item(BoardButton(page.guild_id, ed, page.order, page.page + 1, label=_("Next ▶")))
    return view
