"""Why a submitted move is illegal, in words a player can read.

Only called after a move failed the legal-set look-up, so it may be slow and thorough.
"""

from __future__ import annotations

from engine.loveletter.cards import Kind
from engine.loveletter.editions import edition
from engine.loveletter.legal import (
    CHOOSE_ANY,
    CHOOSE_MANY,
    CHOOSE_OTHER,
    NAMES_A_GUESS,
    choosable,
    forced_card,
    guesses,
    legal_set,
    moves_of,
)
from engine.loveletter.moves import Decide, Move, Play
from engine.loveletter.state import GameState


def name_of(state: GameState, player: str) -> str:
    for p in state.players:
        if p.id == player:
            return p.name
    return player


def explain(state: GameState, move: Move) -> str:
    """The first rule the move breaks (C-3, C-5, C-6, PEG-16 and the card texts)."""
    if state.over:
        return "The game is over"
    if state.pending is not None:
        who = state.pending.player
        if move.player != who:
            return f"Waiting for {name_of(state, who)} to decide whether to keep their card"
        if not isinstance(move, Decide):
            return "Decide first: keep your card or discard it and draw a new one"
        return "Choose 'keep' or 'redraw'"
    if isinstance(move, Decide):
        return "There is no decision to make now"
    actor = state.players[state.active]
    if move.player != actor.id:
        if all(p.id != move.player for p in state.players):
            return f"{move.player} is not playing in this game"
        return f"It's {actor.name}'s turn"
    ed = edition(state.edition)
    if move.card not in ed.by_id or move.card not in actor.hand:
        label = ed.card(move.card).name if move.card in ed.by_id else move.card
        return f"You don't hold {label}"
    forced = forced_card(ed, actor.hand)
    if forced and move.card != forced:
        return f"You must play {ed.card(forced).name}"
    return _choice_reason(state, move)


def _choice_reason(state: GameState, move: Play) -> str:
    ed = edition(state.edition)
    card = ed.card(move.card)
    kind = card.kind
    chosen = list(move.targets) + ([move.target] if move.target else [])
    if move.look and move.look not in chosen:
        return f"{card.name} can only look at one of the two chosen players"
    for t in chosen:
        reason = _target_reason(state, move, t)
        if reason:
            return reason
    legal = [m for m in moves_of(legal_set(state)) if isinstance(m, Play) and m.card == move.card]
    if not chosen and any(m.target or m.targets for m in legal):
        return f"{card.name} needs a player to choose"
    if chosen and legal and not any(m.target or m.targets for m in legal):
        return f"{card.name} has no legal choice: play it without choosing anyone"
    if kind in NAMES_A_GUESS:
        options = guesses(ed, len(state.round_seats))
        if move.guess is None:
            return f"{card.name} needs a guess"
        if ed.guess_by_value:
            if move.guess == 1:
                return f"{card.name} cannot name 1"
            if move.guess not in options:
                return f"{move.guess!r} is not a value in this deck"
        else:
            if move.guess == move.card:
                return f"{card.name} cannot name {card.name}"
            if move.guess not in options:
                return f"{move.guess!r} is not a card in this deck"
    elif move.guess is not None:
        return f"{card.name} does not name a card"
    if kind is Kind.CARDINAL and len(chosen) != 2:
        return f"{card.name} chooses two players"
    if kind is Kind.CARDINAL and not move.look:
        return f"{card.name} needs the player whose hand to look at"
    if kind is Kind.BARONESS and not 1 <= len(chosen) <= 2:
        return f"{card.name} chooses one or two players"
    if kind not in CHOOSE_MANY and move.targets:
        return f"{card.name} chooses at most one player"
    return "That move is not legal"


def _target_reason(state: GameState, move: Play, target: str) -> str | None:
    ed = edition(state.edition)
    card = ed.card(move.card)
    kind = card.kind
    if all(p.id != target for p in state.players):
        return f"{target} is not playing in this game"
    if kind not in CHOOSE_OTHER | CHOOSE_ANY | CHOOSE_MANY:
        return f"{card.name} does not choose a player"
    tp = state.players[state.seat(target)]
    if target == move.player:
        if kind in CHOOSE_OTHER or kind is Kind.BARONESS:
            return f"{card.name} must choose another player"
    elif not tp.in_round:
        return f"{tp.name} is out of this round"
    elif target not in choosable(state):
        return f"{tp.name} is protected by {ed.protection_name()}"
    if state.bound is not None and state.bound not in [move.target, *move.targets]:
        return f"The Flatterer binds this card to {name_of(state, state.bound)}"
    if len(set(move.targets)) != len(move.targets):
        return f"{card.name} must choose two different players"
    return None
