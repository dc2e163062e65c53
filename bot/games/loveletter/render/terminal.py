"""Plain-text rendering for the terminal game: events, the table and move descriptions.

Event lines reuse the Discord renderer (`render.events`) with its Markdown stripped, so
both front ends describe the game in the same words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from bot.games.loveletter.render.cards import guess_text, label, labels, name
from bot.games.loveletter.render.events import render_event
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
        line = render_event(event.to_dict(), edition, names, viewer)
        if line:
            out.append(plain(line))
    return out


def describe_move(move: Move, edition: str, names: Mapping[str, str], me: str) -> str:
    """A legal move as an option the human can pick."""
    if isinstance(move, Decide):
        if move.choice == "keep":
            return "Keep your card"
        return "Discard your card and draw a new one"
    text = f"Play {label(edition, move.card)}"
    chosen = move.targets or ((move.target,) if move.target else ())
    if chosen:
        who = [("yourself" if p == me else name(names, p)) for p in chosen]
        text += " on " + " and ".join(who)
    if move.guess is not None:
        text += f", naming {guess_text(edition, move.guess)}"
    if move.look is not None:
        whose = "your own" if move.look == me else f"{name(names, move.look)}'s"
        text += f", then look at {whose} hand"
    return text


def table_lines(view: PlayerView, names: Mapping[str, str]) -> list[str]:
    """The public table plus the viewer's own hand."""
    lines = [f"Round {view.round} · draw pile: {view.draw_pile} card(s)"]
    if view.face_up:
        lines.append(f"Face up (out of the round): {labels(view.edition, view.face_up)}")
    for seat in view.seats:
        if not seat.playing:
            state = "sitting out"
        elif not seat.in_round:
            state = "out"
        else:
            state = "protected" if seat.protected else "in"
        who = name(names, seat.id)
        if seat.id == view.me and who != "You":
            who += " (you)"
        tallies = f"{seat.tokens}/{view.target}"
        discards = labels(view.edition, seat.discards)
        lines.append(f"  {who:<24} {tallies:>5}  {state:<11} discards: {discards}")
    if view.jester:
        lines.append(f"Jester: {name(names, view.jester[0])} bet on {name(names, view.jester[1])}")
    lines.append(f"Your hand: {labels(view.edition, view.hand)}")
    return lines
