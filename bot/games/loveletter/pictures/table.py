"""The table picture, drawn only from the spectators' view and public round results (C-10).

`table_png` refuses a player's view, so no hand can reach it: what it draws is each seat's
tally and discard pile in order, who is out, protected, marked by someone's Jester or bound
by the Flatterer, whose turn it is, the draw-pile count, the face-up cards of a 2-player
round and the last card played (from public events only). Given a finished round's result
(public once it is over, C-7) it shows that round instead: winners, revealed hands with
their round-end values (the Count's +1 shown), the set-aside card. Every word is written
in the current locale (the server's language for the public table) when the table is built.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.games.loveletter.pictures.lastmove import (
    LastMove,
    from_last_play,
    last_move,
    move_words,
)
from bot.games.loveletter.pictures.source import Kind, PlayerView, RoundResult, edition
from bot.games.loveletter.pictures.tablelayout import draw_table
from bot.games.loveletter.pictures.tablewords import Mark, goal, mark
from bot.i18n import _


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat as the table picture shows it."""

    id: str
    name: str
    tokens: int
    discards: tuple[str, ...]
    badges: tuple[Mark, ...]  # TURN, OUT, PROTECTED, "JESTER · Ann", ... in the order drawn
    turn: bool
    out: bool  # knocked out (or sitting out a deciding round): drawn greyed
    reveal: Reveal | None  # the hand shown at round end
    last: int | None = None  # the pile index of the card just played, if this seat played it


@dataclass(frozen=True, slots=True)
class Reveal:
    """A hand shown at the round end: the card, what it counts alone, and the total."""

    card: str
    base: int
    value: int  # base plus the Count's +1 for each Count in the discards (PEG-15)


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
    news: tuple[str, ...] = ()  # the last move: ("Bob played Guard", "Cid, guessed Priest")


def table_png(
    view: PlayerView,
    result: RoundResult | None = None,
    *,
    names: Mapping[str, str] | None = None,
    discards: Mapping[str, Sequence[str]] | None = None,
    ending: Iterable[Any] = (),
) -> bytes:
    """The table as PNG bytes. `view` must be `player_view(state, None)`. `result` shows a
    finished round (the break after it); `discards` are that round's piles, if known, and
    `ending` the public events of the move that ended it (its last card is marked)."""
    return draw_table(public_table(view, result, names=names, discards=discards, ending=ending))


def picture_view(view: PlayerView) -> PlayerView:
    """`view` with only what `table_png` reads of the past: the last move's events and the
    last round's result (the rest of the round's log and the earlier rounds are the text's).
    A running table's picture is pickled to the drawing worker with every move, and there
    the whole log cost more to send and unpickle than the table's header to draw."""
    return replace(view, log=from_last_play(view.log), history=view.history[-1:])


def public_table(
    view: PlayerView,
    result: RoundResult | None = None,
    *,
    names: Mapping[str, str] | None = None,
    discards: Mapping[str, Sequence[str]] | None = None,
    ending: Iterable[Any] = (),
) -> Table:
    """What the picture shows, worked out from the public view (and a public result)."""
    if view.me is not None or view.hand:
        raise ValueError("the table picture is drawn from the spectators' view only")
    names = {s.id: (names or {}).get(s.id, s.name) for s in view.seats}
    if result is None and view.game_over and view.history:
        result = view.history[-1]  # the game ended with this round: its piles are on show
        discards = discards or {s.id: s.discards for s in view.seats}
        ending = view.log  # nothing was dealt after the game's last move
    if result is not None:
        piles = discards or {}
        return _marked(_finished(view, result, names, piles), last_move(ending, piles), names)
    jester, jester_owner = (view.jester[1], view.jester[0]) if view.jester else (None, "")
    seats = []
    for s in view.seats:
        badges = []
        turn = s.id == view.actor
        if turn:
            badges.append(mark("TO DECIDE" if view.pending else "TURN"))
        if not s.playing:
            badges.append(mark("SITS OUT"))
        elif not s.in_round:
            badges.append(mark("OUT"))
        if s.protected:
            badges.append(mark("PROTECTED"))
        if s.id == jester:
            badges.append(mark("JESTER", name=names.get(jester_owner, jester_owner)))
        if s.id == view.bound:
            badges.append(mark("FLATTERED"))
        out = not (s.playing and s.in_round)
        seats.append(Seat(s.id, names[s.id], s.tokens, s.discards, tuple(badges), turn, out, None))
    heading = _("Deciding round") if view.deciding else _("Round {n}", n=view.round)
    table = Table(
        view.edition, view.options, heading, goal(view.edition, view.target), view.target,
        view.draw_pile, view.face_up, None, tuple(seats),
    )  # fmt: skip
    piles = {s.id: s.discards for s in view.seats}
    return _marked(table, last_move(view.log, piles), names)


def _marked(table: Table, last: LastMove | None, names: Mapping[str, str]) -> Table:
    """The table with the last card played marked on its pile and told in words."""
    if last is None:
        return table
    seats = tuple(replace(s, last=last.index) if s.id == last.player else s for s in table.seats)
    return replace(table, seats=seats, news=move_words(last, table.edition, names))


def _alone(edition_id: str, card_id: str) -> int:
    """What the card counts at the round end by itself (The One Ring counts 7, HOB-12)."""
    c = edition(edition_id).card(card_id)
    return 7 if c.kind is Kind.RING else c.value


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
            badges.append(mark("WON"))
        if s.id not in r.players:
            badges.append(mark("SAT OUT"))
        elif s.id in r.knocked_out:
            badges.append(mark("OUT"))
        out = s.id not in r.players or s.id in r.knocked_out
        pile = tuple(discards.get(s.id, ()))
        shown = r.reveal.get(s.id)
        reveal = Reveal(shown[0], _alone(view.edition, shown[0]), shown[1]) if shown else None
        seats.append(Seat(s.id, names[s.id], s.tokens, pile, tuple(badges), False, out, reveal))
    heading = _("Game over") if view.game_over else _("Round {n} is over", n=r.number)
    if r.deciding and not view.game_over:
        heading = _("The deciding round is over")
    sub = goal(view.edition, view.target)
    if view.game_over and view.winner:
        winner = names.get(view.winner, view.seat(view.winner).name)
        sub = _("{name} wins the game", name=winner)
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
