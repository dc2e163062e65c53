"""Leaderboard, stats, odds and settings answers as players read them (embed dicts / text)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.loveletter.render.cards import counted, label, tally
from bot.service.boards import RATING, BoardPage, Columns
from bot.ui.ratings import board_line, with_ai_line
from engine.loveletter.editions import EDITIONS
from engine.loveletter.editions import edition as get_edition
from engine.loveletter.game import ROUNDS_WON, TALLY_METRIC
from engine.loveletter.odds import Odds
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


def tally_name(edition_id: str | None) -> str:
    """What the tally is called: "crowns", or all three names for the all-editions board."""
    if edition_id is None:
        names = [ed.tallies for ed in EDITIONS.values()]
        return ", ".join(names[:-1]) + " and " + names[-1]
    return get_edition(edition_id).tallies


def _tallies(values: Mapping[str, int], edition_id: str | None) -> str:
    """`3 crowns`; on the all-editions board each edition's own: `2 crowns, 1 heart`."""
    if edition_id is not None:
        return tally(edition_id, values.get("tally", 0))
    named = [
        tally(ed, values.get(column, 0))
        for ed, column in EDITION_TALLY.items()
        if values.get(column, 0)
    ]
    return ", ".join(named) or "no " + tally_name(None).replace(" and ", " or ")


def order_name(order: str, edition_id: str | None) -> str:
    return {
        "tally": tally_name(edition_id),
        "games_won": "games won",
        "rounds_won": "rounds won",
        "games_played": "games played",
        RATING: "rating (all editions share one)",
    }[order]


def _row(values: Mapping[str, int], edition_id: str | None) -> str:
    """One player's line: `values` by leaderboard column."""
    won, played = values.get("games_won", 0), values.get("games_played", 0)
    return (
        f"{_tallies(values, edition_id)} · {won} of {counted(played, 'game')} won"
        f" · {counted(values.get('rounds_won', 0), 'round')} won"
    )


def _columns(metrics: Mapping[str, int], edition_id: str) -> dict[str, int]:
    """An edition's metrics as the leaderboard's columns."""
    return {
        "tally": metrics.get(TALLY_METRIC[edition_id], 0),
        "games_won": metrics.get("games_won", 0),
        "rounds_won": metrics.get(ROUNDS_WON, 0),
        "games_played": metrics.get("games_played", 0),
    }


def render_board(page: BoardPage) -> dict[str, Any]:
    where = get_edition(page.variant).title if page.variant else "all editions"
    lines = [board_line(page, e, _row(e.values, page.variant)) for e in page.entries]
    if not lines:
        lines = ["Nobody has finished a game on this server yet."]
    lines = with_ai_line(lines, page.ai_ratings)
    return {
        "title": f"Leaderboard — {where}"[:256],
        "description": "\n".join(lines)[:4000],
        "color": COLOR,
        "footer": {
            "text": f"By {order_name(page.order, page.variant)} · page {page.page + 1}"
            f"/{page.pages} · {page.size} players"
        },
    }


def render_stats(stats: UserStats) -> dict[str, Any]:
    per_edition = {ed: _columns(metrics, ed) for ed, metrics in sorted(stats.per_variant.items())}
    fields = [
        {"name": get_edition(ed).title[:256], "value": _row(row, ed), "inline": False}
        for ed, row in per_edition.items()
        if ed in EDITIONS
    ]
    t = {k: sum(row[k] for row in per_edition.values()) for k in ORDERS}
    if fields:
        summary = (
            f"{counted(t['games_played'], 'game')} played, {t['games_won']} won,"
            f" {counted(t['rounds_won'], 'round')} won."
        )
    else:
        summary = "No finished games on this server yet."
    return {
        "title": "Love Letter stats",
        "description": f"<@{stats.user_id}>: {summary}",
        "color": COLOR,
        "fields": fields[:25],
    }


def render_odds(edition_id: str, result: Odds) -> str:
    ed = get_edition(edition_id)
    if not result.rows:
        return "You have seen every card of this round."
    head = (
        f"**Cards you have not seen this round: {result.total}** (other hands, the draw pile"
        " and the set-aside card), counted from what you know only."
    )
    lines = [head]
    for o in result.rows:
        if result.by_value:
            names = " / ".join(ed.card(c).name for c in o.cards)
            what = f"value {o.key} ({names})"
        else:
            what = label(edition_id, str(o.key))
        lines.append(f"• {what}: {o.unseen} unseen — {o.chance:.0%}")
    return "\n".join(lines)[:2000]
