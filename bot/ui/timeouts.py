"""What the channel and the table say when a player's time ran out: whose, what the AI played
for them (every public line of a turn of several steps), and whether an AI keeps the seat."""

from __future__ import annotations

from bot.i18n import _, n_
from bot.platform.presentation import presentation
from bot.service.autoplay import TimedOut

NEXT_TURN = "turn_began"  # the turn after theirs: not something the AI played for them
MAX_LINES = 12  # a channel message stays short; the table's recent lines hold the rest


def timeout_head(result: TimedOut) -> str:
    """The one line the table shows: whose time ran out, and what happens to their seat."""
    name = result.name
    if not result.own:
        head = _(
            "⏰ {name}'s time for their decision out of turn ran out: the AI decided it.",
            name=name,
        )
    elif result.whole:
        head = _("⏰ {name}'s time ran out: the AI played the rest of their turn:", name=name)
    else:
        head = _("⏰ {name}'s time ran out: the AI played their turn.", name=name)
    if result.takeover and result.whole:
        head += " " + _(
            "That was two whole turns in a row, so an AI plays for {name} for the rest of the"
            " game (a win still counts for them).",
            name=name,
        )
    elif result.takeover:
        head += " " + _(
            "That was twice in a row, so an AI plays for {name} for the rest of the game"
            " (their tallies still count for them).",
            name=name,
        )
    return head


def timeout_notice(result: TimedOut) -> str:
    """The channel message: the head, then what the AI played, as everyone may read it."""
    head = timeout_head(result)
    if not result.whole:
        return head
    game = result.outcome.game
    public = [
        e
        for e in result.outcome.events
        if e.audience is None and e.to_dict().get("type") != NEXT_TURN
    ]
    lines = presentation(game.game).event_lines(public, game, None)
    if len(lines) > MAX_LINES:
        lines = [
            *lines[: MAX_LINES - 1],
            n_(
                "… and {n} more (see the table).",
                "… and {n} more (see the table).",
                len(lines) - MAX_LINES + 1,
            ),
        ]
    body = "\n".join(f"• {line}" for line in lines)
    return f"{head}\n{body}"[:2000] if lines else head
