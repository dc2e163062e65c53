"""Whole Adventure games played by AI hobbits, and every text a player reads along the way:
the table (embed, the text under the picture, the picture's alt text and banner), each
hobbit's pack (embed and controls, toggled steps switched on and off), the event lines for
the table and for each hobbit, the channel pings and DMs, the terminal lines, the lobby, the
leaderboard and stats, and the help topics. The locale tests read them in a locale.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import discord

from bot.games.adventure import decisions, leaderboard
from bot.games.adventure.messages import glance
from bot.games.adventure.messages.board import alt_text
from bot.games.adventure.messages.lobby import lobby_message
from bot.games.adventure.messages.pack import pack_message
from bot.games.adventure.messages.table import table_message
from bot.games.adventure.models import AdvTable
from bot.games.adventure.presenter import PRESENTATION as PRESENTER
from bot.games.adventure.rules import RULES
from bot.games.adventure.text import happenings
from bot.games.adventure.text.cards import card_text, riddle_help
from bot.games.adventure.text.labels import decision_label, status_lines
from bot.games.adventure.text.rulebook import TOPICS, rules_text
from bot.i18n import current_locale
from bot.service.boards import BoardPage
from engine.adventure import GAME
from engine.adventure.cards import HELD
from storage import Game, LeaderboardEntry, Seat, UserStats

NAMES = ("Ann", "Bob", "Cid", "Dot")
# Words that are no sentence: command values in backticks (`/adventure rules topic: turn`).
ALLOWED = frozenset({*NAMES, "adventure", "rules", "topic", *TOPICS})


# The lobby's and the table's Rules buttons are the platform's (bot/games/table_items.py).
PLATFORM_ITEMS = ("adv:lobby:", "adv:rules:")


def record(players: int, seed: int, *, status: str = "running", version: int = 0) -> Game:
    """A stored game of `players` hobbits (player ids `1`..`n`, users 101..), with a timer."""
    seats = tuple(
        Seat(seed, i, str(i + 1), 101 + i, None, NAMES[i], "unknown") for i in range(players)
    )
    return Game(
        seed,
        7,
        8,
        "adventure",
        "classic",
        {},
        status,
        None,
        version,
        None,
        101,
        90,  # type: ignore[arg-type]
        2_000_000_000.0,
        0.0,
        0.0,
        seats=seats,
    )


def embed_text(embed: discord.Embed) -> str:
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    return "\n".join(parts)


def view_text(view: discord.ui.View) -> str:
    parts = []
    for child in view.children:
        item = getattr(child, "item", child)
        if str(getattr(item, "custom_id", "")).startswith(PLATFORM_ITEMS):
            continue
        parts.append(str(getattr(item, "label", None) or ""))
        parts.append(str(getattr(item, "placeholder", None) or ""))
        for option in getattr(item, "options", None) or ():
            parts += [option.label, option.description or ""]
    return "\n".join(parts)


def content_free(said: str) -> str:
    """`said` without the card and riddle texts of `text/cards.py` (the content's own part of
    #36, translated in its own catalogue)."""
    for own in _content(current_locale()):
        said = said.replace(own, " ")
    return said


@functools.cache
def _content(locale: str) -> tuple[str, ...]:
    found = [riddle_help(c) for c in HELD if HELD[c].deck == "riddle"]
    found += [card_text(c) for c in HELD] + [card_text(c).split(" — ", 1)[-1] for c in HELD]
    return tuple(sorted(set(found), key=len, reverse=True))


def table_texts(table: AdvTable) -> Iterator[str]:
    embed, view = table_message(table)
    yield embed_text(embed)
    yield view_text(view)
    yield glance.render_short(table)
    yield alt_text(table)
    yield happenings.banner(table.view, table.names, table.move)


def pack_texts(rec: Game, state: Any, pid: str) -> Iterator[str]:
    pack = RULES.hand(rec, state, pid, None)
    masks = [0]
    if pack.kind in decisions.TOGGLED:
        count = len(decisions.items(pack.kind, pack.legal))
        masks += [1 << i for i in range(count)] + [(1 << count) - 1]
    for mask in masks:
        embed, view = pack_message(replace(pack, mask=mask), notice="!", reply=())
        yield content_free(embed_text(embed))
        yield view_text(view)
    yield "\n".join(status_lines(pack.view, pack.names))
    yield "\n".join(decision_label(d, pack.view) for d in pack.legal)
    yield PRESENTER.ping_text(rec, state, pid) or ""
    yield PRESENTER.turn_text(rec, state, pid)


def game_texts(players: int, seed: int, level: str = "novice") -> Iterator[str]:
    """Every text of one whole game of AI hobbits (ends with the results)."""
    rng = random.Random(seed)
    pids = [str(i + 1) for i in range(players)]
    state = GAME.create("classic", pids, {}, rng)
    rec = record(players, seed, version=1)
    events: list[Any] = []
    for version in range(1, 5000):
        rec = replace(rec, version=version)
        table = RULES.table(rec, state, None, events)
        yield from table_texts(table)
        for viewer in (None, *pids):
            seen = [e for e in events if e.audience is None or viewer in e.audience]
            yield "\n".join(PRESENTER.event_lines(seen, rec, viewer))
        if state.over:
            for pid in pids:
                yield from pack_texts(rec, state, pid)
            return
        for pid in pids:
            yield from pack_texts(rec, state, pid)
        pid = state.pending.player
        legal = GAME.legal(state, pid)
        decision = GAME.choose(level, GAME.view(state, pid), legal, rng)
        state, events = GAME.apply(state, pid, decision)
    raise AssertionError("the game did not end")


def other_texts() -> Iterator[str]:
    """The lobby, the leaderboards, the stats, the DM lines and the help topics."""
    for status in ("lobby", "running", "abandoned", "finished"):
        embed, view = lobby_message(record(3, 1, status=status))
        yield embed_text(embed)
    rec = record(2, 1)
    yield PRESENTER.mention_text(101)
    yield PRESENTER.dm_place(rec)
    for order in leaderboard.ORDERS:
        for entries in ((), (LeaderboardEntry(1, 101, {order: 3, "games_played": 4}),)):
            page = BoardPage(7, "adventure", None, order, 0, 2, len(entries), entries)
            board = leaderboard.render_board(page)
            yield "\n".join((board["title"], board["description"], board["footer"]["text"]))
            yield view_text(leaderboard.board_view(page))
    stats = UserStats(7, 101, "adventure", {"classic": {"games_played": 3, "dragons_defeated": 1}})
    for fastest in (None, 12):
        yield leaderboard.render_stats(stats, fastest)["description"]
    yield leaderboard.render_stats(UserStats(7, 101, "adventure", {}))["description"]
    yield rules_text(None)
    for topic in TOPICS:
        yield rules_text(topic)
