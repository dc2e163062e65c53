"""The lobby message: edition, options, seats, what the host does next."""

from __future__ import annotations

from typing import Any

from engine.loveletter.editions import edition as get_edition
from storage import Game


def _timer(seconds: int) -> str:
    if seconds <= 0:
        return "none"
    minutes, rest = divmod(seconds, 60)
    return f"{minutes} min" + (f" {rest} s" if rest else "") if minutes else f"{rest} s"


def render_lobby(game: Game) -> dict[str, Any]:
    ed = get_edition(game.variant)
    seats = "\n".join(f"{i + 1}. {s.display_name}" for i, s in enumerate(game.seats)) or "—"
    opts = ", ".join(f"{k}: {v}" for k, v in sorted(game.options.items())) or "default rules"
    status = {
        "lobby": f"Join with the button; the host (<@{game.host_id}>) starts "
        f"with {ed.min_players}–{ed.max_players} players.",
        "running": "The game has started — see the table below.",
        "abandoned": "This game was ended.",
        "finished": "This game is over.",
    }[game.status]
    return {
        "title": f"Love Letter lobby — {ed.title}"[:256],
        "description": f"{status}\nOptions: {opts}\nTurn timer: {_timer(game.timer_seconds)}",
        "color": 0x2980B9,
        "fields": [
            {"name": f"Players ({len(game.seats)}/{ed.max_players})", "value": seats[:1024]}
        ],
        "footer": {"text": f"Game {game.id}"},
    }
