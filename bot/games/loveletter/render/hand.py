"""A player's private hand view: cards, private log, what to do now.

Between rounds it shows no cards: the next round is dealt out when the break ends (that is
also when the round-start DMs go out), so the hand, the DMs and the table agree on when the
new round begins.
"""

from __future__ import annotations

from typing import Any

from bot.games.loveletter.reasontext import reason_text
from bot.games.loveletter.render.cards import labels, name
from bot.games.loveletter.render.events import render_event
from bot.games.loveletter.render.rounds import next_round_name, result_text
from bot.games.loveletter.snapshots import BreakInfo, HandInfo
from bot.i18n import _

LOG_LINES = 10


def render_hand(
    h: HandInfo, *, notice: str | None = None, reply: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Embed dict for the ephemeral hand; `reply` are the results of the move just made."""
    lines: list[str] = []
    if notice:
        lines.append(f"**{notice}**")
    if reply:
        lines.extend(f"• {line}" for line in reply)
        lines.append("")
    if h.round_break is not None:
        return _between_rounds(h, h.round_break, lines)
    if h.over:
        lines.append(_("The game is over."))
    elif not h.in_round:
        lines.append(_("You are out of this round."))
    lines.append(_("**Your hand:** {cards}", cards=labels(h.edition, h.hand)))
    if h.my_turn and not h.over:
        if any(getattr(m, "choice", None) for m in h.moves):
            lines.append(_("You must decide: keep your card or discard it and redraw."))
        else:
            lines.append(_("**It's your turn** — choose a card to play."))
        if h.forced_reason:
            lines.append(f"_{reason_text(h.forced_reason)}_")
    private = [
        line
        for line in (render_event(e, h.edition, h.names, h.player_id) for e in h.private_log)
        if line
    ]
    fields = []
    if private:
        text = "\n".join(private[-LOG_LINES:])
        known = _("What you know this round")
        fields.append({"name": known, "value": text[:1024], "inline": False})
    return _embed(h, lines, fields)


def _embed(h: HandInfo, lines: list[str], fields: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "title": _("Your hand — {name}", name=name(h.names, h.player_id)),
        "description": "\n".join(lines)[:4000],
        "color": 0x8E44AD,
        "fields": fields,
        "footer": {"text": _("Game {game} · move {move}", game=h.game_id, move=h.version)},
    }


def _between_rounds(h: HandInfo, b: BreakInfo, lines: list[str]) -> dict[str, Any]:
    """The break: the round's result and when the next one starts; no cards yet."""
    upcoming = next_round_name(b)
    lines.append(_("**Round {round} is over.**", round=b.result.number))
    lines.append(
        _(
            "{next} starts in {seconds} s — or press **Next round**."
            " You get your new card when it starts.",
            next=upcoming,
            seconds=b.seconds_left,
        )
    )
    result = result_text(h.edition, h.names, b.result, h.player_id)
    head = _("Round {round} result", round=b.result.number)
    return _embed(h, lines, [{"name": head, "value": result[:1024], "inline": False}])
