"""The lobby message: edition, options, seats, what the host does next."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.loveletter.items import (
    LobbyButton,
)
from bot.games.loveletter.messages.layout import embed
from bot.games.loveletter.text.cards import (
    edition_title,
)
from bot.i18n import _, p_
from bot.platform.items import StaticView
from engine.loveletter.editions import edition as get_edition
from storage import Game


def _timer(seconds: int) -> str:
    if seconds <= 0:
        return _("none")
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return _("{seconds} s", seconds=rest)
    if rest:
        return _("{minutes} min {seconds} s", minutes=minutes, seconds=rest)
    return _("{minutes} min", minutes=minutes)


def render_lobby(game: Game) -> dict[str, Any]:
    ed = get_edition(game.variant)
    seats = "\n".join(f"{i + 1}. {s.display_name}" for i, s in enumerate(game.seats)) or "—"
    opts = ", ".join(_option(k, v) for k, v in sorted(game.options.items())) or _("default rules")
    status = {
        "lobby": lambda: _(
            "Join with the button; the host ({host}) starts with {low}–{high} players.",
            host=f"<@{game.host_id}>",
            low=ed.min_players,
            high=ed.max_players,
        ),
        "running": lambda: _("The game has started — see the table below."),
        "abandoned": lambda: _("This game was ended."),
        "finished": lambda: _("This game is over."),
    }[game.status]()
    description = "\n".join(
        [
            status,
            _("Options: {options}", options=opts),
            _("Turn timer: {timer}", timer=_timer(game.timer_seconds)),
        ]
    )
    players = _("Players ({seated}/{most})", seated=len(game.seats), most=ed.max_players)
    return {
        "title": _("Love Letter lobby — {edition}", edition=edition_title(ed.id))[:256],
        "description": description,
        "color": 0x2980B9,
        "fields": [{"name": players, "value": seats[:1024]}],
        "footer": {"text": _("Game {game}", game=game.id)},
    }


def _option(key: str, value: str) -> str:
    """`elves: german` (the Hobbit's elves option), in the reader's words."""
    if key == "elves":
        words = {"printed": p_("elves", "printed"), "german": p_("elves", "german")}
        return _("elves: {value}", value=words.get(value, value))
    return f"{key}: {value}"


def lobby_message(game: Game) -> tuple[discord.Embed, discord.ui.View]:
    view = StaticView()
    if game.status == "lobby":
        view.add_item(LobbyButton("join", game.id, style=discord.ButtonStyle.success))
        view.add_item(LobbyButton("leave", game.id))
        view.add_item(LobbyButton("start", game.id, style=discord.ButtonStyle.primary))
    return embed(render_lobby(game)), view
