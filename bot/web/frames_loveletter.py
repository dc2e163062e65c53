"""Love Letter's frames for the live table (docs/live-table.md), from its read models.

The table frame is built from `PublicTable` (the spectators' view, rule C-10), the private
frame from `HandInfo` (the player's own view and their legal moves): neither ever receives
another player's hand, so neither can send one. Texts are the game's own renderers', in the
reader's language (the caller sets it). This module belongs to the game (found by name from
`bot.web.frames`); it moves into the game's folder with the platform's next layout.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.loveletter.decisions import entries
from bot.games.loveletter.messages.rules import rule_text
from bot.games.loveletter.models import HandInfo, PublicSeat, PublicTable
from bot.games.loveletter.text.cardnames import card_name
from bot.games.loveletter.text.cards import (
    ask_text,
    choice_label,
    edition_title,
    join_names,
    label,
    tally,
)
from bot.games.loveletter.text.events import render_event
from bot.games.loveletter.text.reasons import reason_text
from bot.games.loveletter.text.rounds import next_round_name, result_text
from bot.games.loveletter.text.table import status_lines
from bot.i18n import _, n_, p_
from engine.loveletter.editions import edition as get_edition
from engine.loveletter.moves import Decide
from engine.loveletter.odds import odds
from storage import Game

RECENT = 8
"""Public lines the table frame carries."""
FIELDS = ("card", "target", "targets", "partner", "guess", "look")
"""The choice steps of a move, in the order the page asks them (`choices.FIELDS`)."""


def static(game: Game) -> dict[str, Any]:
    """What never changes in this game: every card of its deck with its rule."""
    variant = game.variant
    ed = get_edition(variant)
    deck = set(ed.deck(len(game.seats)))
    cards = [
        {
            "id": c.id,
            "name": card_name(variant, c.id),
            "label": label(variant, c.id),
            "value": c.value,
            "copies": c.copies,
            "rule": rule_text(variant, c.id),
        }
        for c in sorted(ed.cards, key=lambda c: -c.value)
        if c.id in deck
    ]
    return {"edition": variant, "title": edition_title(variant), "cards": cards}


def card(variant: str, card_id: str) -> dict[str, Any]:
    return {"id": card_id, "label": label(variant, card_id)}


def _seat(t: PublicTable, s: PublicSeat) -> dict[str, Any]:
    marks = [p_("seat", "in") if s.in_round else p_("seat", "out")]
    if s.protected:
        marks.append(_("🛡 protected"))
    if s.jester:
        marks.append(_("🃏 Jester"))
    if s.bound:
        marks.append(_("flattered"))
    return {
        "id": s.player_id,
        "name": s.name,
        "tally": s.tokens,
        "tally_text": tally(t.edition, s.tokens),
        "in_round": s.in_round,
        "protected": s.protected,
        "turn": s.player_id in (t.actor, t.pending) and not t.over and t.round_break is None,
        "marks": marks,
        "discards": [card(t.edition, c) for c in s.discards],
    }


def _plain(line: str) -> str:
    """A Discord mention `<@123> (Ann)` as the page shows it: the name alone."""
    while "<@" in line:
        start = line.index("<@")
        end = line.find(">", start)
        if end < 0:
            break
        rest = line[end + 1 :]
        if rest.startswith(" (") and ")" in rest:
            rest = rest[2:].replace(")", "", 1)
        line = line[:start] + rest
    return line.replace("🤖 ", "")


def table(t: PublicTable) -> dict[str, Any]:
    """The public table: seats, pile, whose turn, the last moves, a round's or game's end."""
    lines = [render_event(e, t.edition, t.names, None) for e in t.recent]
    out: dict[str, Any] = {
        "edition": t.edition,
        "title": edition_title(t.edition),
        "round": t.round_no,
        "deciding": t.deciding,
        "round_text": _("The deciding round")
        if t.deciding
        else _("Round {round}", round=t.round_no),
        "turn": t.pending or t.actor,
        "status": [_plain(line) for line in status_lines(t)],
        "draw_pile": t.draw_pile,
        "draw_text": n_(
            "Draw pile: {n} card · first to {tally} wins",
            "Draw pile: {n} cards · first to {tally} wins",
            t.draw_pile,
            tally=tally(t.edition, t.target),
        ),
        "face_up": [card(t.edition, c) for c in t.face_up],
        "seats": [_seat(t, s) for s in t.seats],
        "recent": [line for line in lines if line][-RECENT:],
        "over": t.over,
        "last_round": result_text(t.edition, t.names, t.last_round) if t.last_round else None,
        "notice": t.notice,
        "round_break": None,
    }
    b = t.round_break
    if b is not None:
        out["turn"] = None
        out["round_break"] = {
            "head": _(
                "**Round {round} is over** — won by {names}.",
                round=b.result.number,
                names=join_names(t.names, b.result.winners),
            ),
            "result": result_text(t.edition, t.names, b.result),
            "next": next_round_name(b),
            "seconds": b.seconds_left,
            "button": _("Next round"),
        }
    return out


def _steps(h: HandInfo, key: tuple[Any, ...]) -> list[dict[str, Any]]:
    """One play's choices as the page asks them: each set field, its answer and question."""
    steps = []
    for field, value in zip(FIELDS, key, strict=True):
        if value is None:
            continue
        if field == "card":
            text, ask = label(h.edition, value), _("Choose a card")
        else:
            text = choice_label(h.edition, h.names, h.player_id, field, value)
            ask = ask_text(h.edition, field)
        steps.append({"key": f"{field}:{value}", "label": text, "ask": ask})
    return steps


def decisions(h: HandInfo, encode: Callable[[Any], dict[str, Any]]) -> list[dict[str, Any]]:
    """Every legal decision as the page offers it; a two-player choice in both orders."""
    if not h.my_turn or h.over or h.round_break is not None:
        return []
    out = []
    for m in h.moves:
        if isinstance(m, Decide):
            text = _("Keep my card") if m.choice == "keep" else _("Discard and redraw")
            step = {"key": f"decide:{m.choice}", "label": text, "ask": ""}
            out.append({"decision": encode(m), "label": text, "steps": [step]})
    for index, key in entries(h.moves):
        steps = _steps(h, key)
        text = " → ".join(s["label"] for s in steps)
        out.append({"decision": encode(h.moves[index]), "label": text, "steps": steps})
    return out


def _odds(h: HandInfo) -> list[dict[str, Any]]:
    if h.view is None or h.view.me is None or h.round_break is not None or h.over:
        return []
    found = odds(h.view)
    rows = []
    for o in found.rows:
        if found.by_value:
            names = " / ".join(card_name(h.edition, c) for c in o.cards)
            what = _("value {value} ({cards})", value=o.key, cards=names)
        else:
            what = label(h.edition, str(o.key))
        rows.append({"what": what, "unseen": o.unseen, "chance": f"{o.chance:.0%}"})
    return rows


def private(h: HandInfo, encode: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """One player's hand, what they know this round, their odds and their legal decisions."""
    known = [render_event(e, h.edition, h.names, h.player_id) for e in h.private_log]
    prompt = None
    if h.my_turn and not h.over and h.round_break is None:
        if any(isinstance(m, Decide) for m in h.moves):
            prompt = _("You must decide: keep your card or discard it and redraw.")
        else:
            prompt = _("**It's your turn** — choose a card to play.")
    return {
        "hand": [card(h.edition, c) for c in h.hand],
        "in_round": h.in_round,
        "my_turn": h.my_turn and h.round_break is None,
        "prompt": prompt,
        "forced": reason_text(h.forced_reason) if h.forced_reason else None,
        "known": [line for line in known if line],
        "odds": _odds(h),
        "decisions": decisions(h, encode),
        "next_round": h.round_break is not None,
    }


def reason(text: str) -> str:
    """An engine refusal in the reader's words."""
    return reason_text(text)
