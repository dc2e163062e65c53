"""Read models handed to rendering: the public table and one player's private hand.

`public_table` copies only what rule C-10 makes public out of the engine state (no hands, no
draw pile order, no set-aside card), so the table renderer cannot leak what it never receives.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.i18n import _
from bot.service import errors
from bot.service.games import GameService, player_id_for
from engine.loveletter import player_view
from engine.loveletter.odds import Odds, odds
from engine.loveletter.state import RoundResult
from engine.loveletter.views import PlayerView
from storage import Game


def names_of(game: Game) -> dict[str, str]:
    """Display names by player id, as every snapshot carries them."""
    return {s.player_id: s.display_name for s in game.seats}


@dataclass(frozen=True, slots=True)
class BreakInfo:
    """The pause after a round: its result stays on show until `until` or a Next round click."""

    until: float  # epoch seconds when the next round starts by itself
    seconds_left: int
    result: RoundResult  # the round that just ended; public once it is over (C-7)
    next_round: int
    deciding: bool  # the next round is a deciding round (C-9)

    @property
    def notice(self) -> str:
        """The answer to a click that would play before the round starts."""
        return _(
            "The next round starts in {seconds} s — or press **Next round** on the table.",
            seconds=self.seconds_left,
        )


@dataclass(frozen=True, slots=True)
class PublicSeat:
    player_id: str
    name: str
    tokens: int
    in_round: bool
    protected: bool
    discards: tuple[str, ...]
    jester: bool  # the Jester's marked player (PEG-19)
    bound: bool  # the Flatterer's chosen player (PEG-16)


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


@dataclass(frozen=True, slots=True)
class PublicTable:
    game_id: int
    version: int
    edition: str
    round_no: int
    deciding: bool
    actor: str | None
    pending: str | None  # who owes a keep/redraw decision
    draw_pile: int
    face_up: tuple[str, ...]
    seats: tuple[PublicSeat, ...]
    target: int
    recent: tuple[dict[str, Any], ...]  # public events of this round, newest last
    last_round: RoundResult | None
    over: bool
    winner: str | None
    names: dict[str, str]
    notice: str | None = None  # a note about the last move nobody clicked (a turn timeout)
    round_break: BreakInfo | None = None  # set between rounds: show the result, not the new round
    view: PlayerView | None = None  # the spectators' view (`player_view(state, None)`): the picture
    piles: dict[str, tuple[str, ...]] | None = None  # a break's: the piles as the round ended

    @property
    def paused(self) -> bool:
        return self.round_break is not None


@dataclass(frozen=True, slots=True)
class HandInfo:
    """Everything one player may see privately, plus their legal moves when it is their turn."""

    game_id: int
    version: int
    edition: str
    player_id: str
    hand: tuple[str, ...]
    private_log: tuple[dict[str, Any], ...]  # this round's events addressed to this player
    my_turn: bool
    moves: tuple[Any, ...]  # engine Play/Decide for this player, in legal_moves order
    forced_reason: str | None  # why some hand card cannot be played
    in_round: bool
    names: dict[str, str]
    over: bool
    round_break: BreakInfo | None = None  # between rounds the new hand is not dealt out yet
    view: PlayerView | None = None  # this player's own view, for the hand picture (not in a break)


def public_table(
    game_id: int,
    version: int,
    view: PlayerView,
    names: dict[str, str],
    round_break: BreakInfo | None = None,
) -> PublicTable:
    """Built from the engine's spectator view (`player_view(state, None)`): public facts only."""
    jester_mark = view.jester[1] if view.jester else None
    seats = tuple(
        PublicSeat(
            player_id=s.id,
            name=names.get(s.id, s.name),
            tokens=s.tokens,
            in_round=s.in_round,
            protected=s.protected,
            discards=tuple(s.discards),
            jester=s.id == jester_mark,
            bound=s.id == view.bound,
        )
        for s in view.seats
    )
    return PublicTable(
        game_id=game_id,
        version=version,
        edition=view.edition,
        round_no=view.round,
        deciding=view.deciding,
        actor=view.actor,
        pending=view.pending[0] if view.pending else None,
        draw_pile=view.draw_pile,
        face_up=tuple(view.face_up),
        seats=seats,
        target=view.target,
        # In a break the log already belongs to the next round (its deal, its face-up cards),
        # which must not show before the break ends; `BreakOps.with_last_move` fills this in.
        recent=() if round_break is not None else tuple(e.to_dict() for e in view.log),
        last_round=view.history[-1] if view.history else None,
        over=view.game_over,
        winner=view.winner,
        names=names,
        round_break=round_break,
        view=view,
    )


async def player_odds(service: GameService, game_id: int, user_id: int) -> tuple[str, Odds]:
    """(edition, odds) for this user's seat, from their own view only (C-10)."""
    game, state = await service.running(game_id)
    player = player_id_for(user_id)
    if game.seat_of(player) is None:
        raise errors.NotAPlayer()
    service.refuse_in_pause(game, state)  # the next round's cards are not dealt out yet
    return game.variant, odds(player_view(state, player))
