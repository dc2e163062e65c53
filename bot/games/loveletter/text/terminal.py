"""Plain-text rendering for the terminal game: events, the table and move descriptions.

Event lines reuse the Discord renderer (`text.events`) with its Markdown stripped, so
both front ends describe the game in the same words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from bot.games.loveletter.text.cards import guess_text, label, labels, name
from bot.games.loveletter.text.events import render_event
from bot.i18n import _, n_, p_
from engine.loveletter.events import Event
from engine.loveletter.moves import Decide, Move
from engine.loveletter.views import PlayerView

YOU_GRAMMAR = (
    ("You is ", "You are "),
    ("You gains ", "You gain "),
    ("You has ", "You have "),
    ("You starts", "You start"),
)
# "You" (the terminal player's name) inside a sentence: not at the start, not after . ! ?
_INNER_YOU = re.compile(r"(?<![.!?])(?<!^)(?<![.!?] )\bYou\b")


def plain(text: str) -> str:
    """Drop the Discord Markdown and say "you" properly: "The guess on you was wrong",
    "You are out" (the shared renderer treats the terminal player's name "You" as a name)."""
    text = text.replace("**", "").replace("__", "")
    for wrong, right in YOU_GRAMMAR:
        text = text.replace(wrong, right)
    return _INNER_YOU.sub("you", text)


def event_lines(
    events: Iterable[Event], edition: str, names: Mapping[str, str], viewer: str
) -> list[str]:
    """One line per event `viewer` may see (C-10); private events only for their audience."""
    out = []
    for event in events:
        if not event.visible_to(viewer):
            continue
        line = render_event(event, edition, names, viewer)
        if line:
            out.append(plain(line))
    return out


def describe_move(move: Move, edition: str, names: Mapping[str, str], me: str) -> str:
    """A legal move as an option the human can pick."""
    if isinstance(move, Decide):
        if move.choice == "keep":
            return _("Keep your card")
        return _("Discard your card and draw a new one")
    text = _("Play {card}", card=label(edition, move.card))
    chosen = move.targets or ((move.target,) if move.target else ())
    if chosen:
        who = [(_("yourself") if p == me else name(names, p)) for p in chosen]
        whom = who[0] if len(who) == 1 else _("{names} and {last}", names=who[0], last=who[1])
        text = _("{play} on {whom}", play=text, whom=whom)
    if move.guess is not None:
        text = _("{play}, naming {guess}", play=text, guess=guess_text(edition, move.guess))
    if move.look is not None:
        if move.look == me:
            text = _("{play}, then look at your own hand", play=text)
        else:
            text = _("{play}, then look at {name}'s hand", play=text, name=name(names, move.look))
    return text


def _jester_line(view: PlayerView, names: Mapping[str, str]) -> str:
    """Who bet on whom with the Jester; the reader is "you" in their own words, never the
    terminal player's name "You" inside a sentence of another language."""
    better, marked = view.jester or ("", "")
    if better == view.me:
        return _("Jester: you bet on {whom}", whom=name(names, marked))
    if marked == view.me:
        return _("Jester: {name} bet on you", name=name(names, better))
    return _("Jester: {name} bet on {whom}", name=name(names, better), whom=name(names, marked))


def table_lines(view: PlayerView, names: Mapping[str, str]) -> list[str]:
    """The public table plus the viewer's own hand."""
    # English keeps its "card(s)" in both forms; German needs "Karte" or "Karten".
    pile = n_(
        "Round {round} · draw pile: {n} card(s)",
        "Round {round} · draw pile: {n} card(s)",
        view.draw_pile,
        round=view.round,
    )
    lines = [pile]
    if view.face_up:
        face_up = labels(view.edition, view.face_up)
        lines.append(_("Face up (out of the round): {cards}", cards=face_up))
    for seat in view.seats:
        if not seat.playing:
            state = p_("seat", "sitting out")
        elif not seat.in_round:
            state = p_("seat", "out")
        else:
            state = p_("seat", "protected") if seat.protected else p_("seat", "in")
        who = name(names, seat.id)
        if seat.id == view.me:
            # The terminal player unnamed is "You" to the renderers: shown in the reader's words.
            who = p_("terminal player", "You") if who == "You" else _("{name} (you)", name=who)
        tallies = f"{seat.tokens}/{view.target}"
        discards = _("discards: {cards}", cards=labels(view.edition, seat.discards))
        lines.append(f"  {who:<24} {tallies:>5}  {state:<11} {discards}")
    if view.jester:
        lines.append(_jester_line(view, names))
    lines.append(_("Your hand: {cards}", cards=labels(view.edition, view.hand)))
    return lines
