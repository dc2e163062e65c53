"""The table picture, drawn only from the spectators' view and public round results (C-10).

`table_png` refuses a player's view, so no hand can reach it: what it draws is each seat's
tally and discard pile in order, who is out, protected, marked by the Jester or bound by
the Flatterer, whose turn it is, the draw-pile count and the face-up cards of a 2-player
round. Given a finished round's result (public once it is over, C-7) it shows that round
instead: winners, revealed hands with their round-end values, the set-aside card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.loveletter.pictures.source import PlayerView, RoundResult, edition
from bot.games.loveletter.pictures.tablelayout import draw_table


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat as the table picture shows it."""

    name: str
    tokens: int
    discards: tuple[str, ...]
    badges: tuple[str, ...]  # TURN, OUT, PROTECTED, ... in the order drawn
    turn: bool
    out: bool  # knocked out (or sitting out a deciding round): drawn greyed
    reveal: tuple[str, int] | None  # the hand shown at round end: (card, round-end value)


@dataclass(frozen=True, slots=True)
class Table:
    """Everything the table picture draws; built from public data only."""

    edition: str
    options: Mapping[str, str]  # the game's options (the Hobbit's elves change two faces)
    heading: str  # "Round 3", "Deciding round", "Round 3 is over", "Game over"
    subheading: str  # the goal ("First to 5 crowns wins"), or who won the game
    target: int
    draw_pile: int | None  # None once the round is over
    face_up: tuple[str, ...]
    set_aside: str | None  # shown once the round is over
    seats: tuple[Seat, ...]


def table_png(
    view: PlayerView,
    result: RoundResult | None = None,
    *,
    names: Mapping[str, str] | None = None,
    discards: Mapping[str, Sequence[str]] | None = None,
) -> bytes:
    """The table as PNG bytes. `view` must be `player_view(state, None)`. `result` shows a
    finished round (the break after it); `discards` are that round's piles, if known."""
    return draw_table(public_table(view, result, names=names, discards=discards))


def piles_after(before: PlayerView, happened: Iterable[Any]) -> dict[str, tuple[str, ...]]:
    """Each discard pile as the round ended: the public piles before the last move plus
    the public events of that move (a card played, discarded, or shown on going out). The
    engine deals the next round in the same move, so the view after it has new piles."""
    piles = {s.id: list(s.discards) for s in before.seats}
    for e in happened:
        if getattr(e, "audience", None) is not None:
            continue  # a private event: never on the table
        kind = getattr(e, "type", "")
        if kind in ("card_played", "discarded"):
            piles[e.player].append(e.card)
        elif kind == "knocked_out":
            piles[e.player].extend(e.discarded)
        elif kind == "round_ended":
            break  # what follows belongs to the next round
    return {p: tuple(cards) for p, cards in piles.items()}


def public_table(
    view: PlayerView,
    result: RoundResult | None = None,
    *,
    names: Mapping[str, str] | None = None,
    discards: Mapping[str, Sequence[str]] | None = None,
) -> Table:
    """What the picture shows, worked out from the public view (and a public result)."""
    if view.me is not None or view.hand:
        raise ValueError("the table picture is drawn from the spectators' view only")
    names = names or {}
    if result is None and view.game_over and view.history:
        result = view.history[-1]  # the game ended with this round: its piles are on show
        discards = discards or {s.id: s.discards for s in view.seats}
    if result is not None:
        return _finished(view, result, names, discards or {})
    jester = view.jester[1] if view.jester else None
    seats = []
    for s in view.seats:
        badges = []
        turn = s.id == view.actor
        if turn:
            badges.append("TO DECIDE" if view.pending else "TURN")
        if not s.playing:
            badges.append("SITS OUT")
        elif not s.in_round:
            badges.append("OUT")
        if s.protected:
            badges.append("PROTECTED")
        if s.id == jester:
            badges.append("JESTER")
        if s.id == view.bound:
            badges.append("FLATTERED")
        out = not (s.playing and s.in_round)
        seats.append(
            Seat(names.get(s.id, s.name), s.tokens, s.discards, tuple(badges), turn, out, None)
        )
    heading = "Deciding round" if view.deciding else f"Round {view.round}"
    return Table(
        view.edition, view.options, heading, _goal(view), view.target,
        view.draw_pile, view.face_up, None, tuple(seats),
    )  # fmt: skip


def _goal(view: PlayerView) -> str:
    ed = edition(view.edition)
    return f"First to {view.target} {ed.tally if view.target == 1 else ed.tallies} wins"


def _finished(
    view: PlayerView,
    r: RoundResult,
    names: Mapping[str, str],
    discards: Mapping[str, Sequence[str]],
) -> Table:
    """A finished round: who won it, who was out, every revealed hand (C-7)."""
    seats = []
    for s in view.seats:
        badges = []
        if s.id in r.winners:
            badges.append("WON")
        if s.id not in r.players:
            badges.append("SAT OUT")
        elif s.id in r.knocked_out:
            badges.append("OUT")
        out = s.id not in r.players or s.id in r.knocked_out
        pile = tuple(discards.get(s.id, ()))
        reveal = r.reveal.get(s.id)
        seats.append(
            Seat(names.get(s.id, s.name), s.tokens, pile, tuple(badges), False, out, reveal)
        )
    heading = "Game over" if view.game_over else f"Round {r.number} is over"
    if r.deciding and not view.game_over:
        heading = "The deciding round is over"
    sub = _goal(view)
    if view.game_over and view.winner:
        sub = f"{names.get(view.winner, view.seat(view.winner).name)} wins the game"
    return Table(
        view.edition,
        view.options,
        heading,
        sub,
        view.target,
        None,
        (),
        r.set_aside or None,
        tuple(seats),
    )
