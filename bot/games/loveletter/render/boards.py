"""Leaderboard, stats, odds and settings answers as players read them (embed dicts / text)."""

from __future__ import annotations

from typing import Any

from bot.games.loveletter.render.cards import label
from bot.service.boards import BoardPage
from engine.loveletter.editions import EDITIONS
from engine.loveletter.editions import edition as get_edition
from engine.loveletter.odds import Odds
from storage import TallyRow, UserStats

COLOR = 0x8E44AD


def tally_name(edition_id: str | None) -> str:
    """What the tally is called: "crowns", or all three names for the all-editions board."""
    if edition_id is None:
        return " / ".join(ed.tallies for ed in EDITIONS.values())
    return get_edition(edition_id).tallies


def order_name(order: str, edition_id: str | None) -> str:
    return {
        "tally": tally_name(edition_id),
        "games_won": "games won",
        "rounds_won": "rounds won",
        "games_played": "games played",
    }[order]


def _row(row: TallyRow, edition_id: str | None) -> str:
    return (
        f"{row.tally} {tally_name(edition_id)} · {row.games_won}/{row.games_played} games won"
        f" · {row.rounds_won} rounds won"
    )


def render_board(page: BoardPage) -> dict[str, Any]:
    where = get_edition(page.edition).title if page.edition else "all editions"
    lines = [
        f"**{e.rank}.** <@{e.row.user_id}> — {_row(e.row, page.edition)}" for e in page.entries
    ]
    if not lines:
        lines = ["Nobody has finished a game on this server yet."]
    return {
        "title": f"Leaderboard — {where}"[:256],
        "description": "\n".join(lines)[:4000],
        "color": COLOR,
        "footer": {
            "text": f"By {order_name(page.order, page.edition)} · page {page.page + 1}"
            f"/{page.pages} · {page.size} players"
        },
    }


def render_stats(stats: UserStats) -> dict[str, Any]:
    fields = [
        {
            "name": get_edition(ed).title[:256],
            "value": _row(row, ed),
            "inline": False,
        }
        for ed, row in stats.per_edition.items()
        if ed in EDITIONS
    ]
    t = stats.total
    if fields:
        summary = f"{t.games_played} games played, {t.games_won} won, {t.rounds_won} rounds won."
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
