"""The lobby as a Discord message: the seats, the turn timer and the join, leave and start
buttons while it is open."""

from __future__ import annotations

import discord

from bot.games.adventure.items import LobbyButton
from bot.games.adventure.messages.table import COLOR
from bot.games.adventure.text.hobbits import seat_label
from bot.games.adventure.text.words import TITLE
from bot.i18n import N_, _
from bot.platform.items import StaticView
from storage import Game


def _timer(seconds: int) -> str:
    if seconds <= 0:
        return _("none")
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return _("{s} s", s=rest)
    return _("{m} min {s} s", m=minutes, s=rest) if rest else _("{m} min", m=minutes)


LOBBY_STATUS = {
    "lobby": N_("Join with the button; the host ({host}) starts with 2–4 hobbits."),
    "running": N_("The game has started — see the table below."),
    "abandoned": N_("This game was ended."),
    "finished": N_("This game is over."),
}


def lobby_message(game: Game) -> tuple[discord.Embed, discord.ui.View]:
    seats = "\n".join(f"{i + 1}. {seat_label(s)}" for i, s in enumerate(game.seats)) or "—"
    host = f"<@{game.host_id}>"
    status = _(LOBBY_STATUS[game.status], host=host)
    embed = discord.Embed(
        title=_("{title} — lobby", title=_(TITLE)),
        description=_(
            "{status}\nTurn timer: {timer}", status=status, timer=_timer(game.timer_seconds)
        ),
        color=COLOR,
    )
    embed.add_field(name=_("Hobbits ({n}/4)", n=len(game.seats)), value=seats[:1024])
    embed.set_footer(text=_("Game {id}", id=game.id))
    view = StaticView()
    if game.status == "lobby":
        view.add_item(LobbyButton("join", game.id, style=discord.ButtonStyle.success))
        view.add_item(LobbyButton("leave", game.id))
        view.add_item(LobbyButton("start", game.id, style=discord.ButtonStyle.primary))
    return embed, view
