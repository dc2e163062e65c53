"""Why a submitted move is illegal, in words a player can read.

Only called after a move failed the legal-set look-up, so it may be slow and thorough. A
reason is English text (a `str`) that also keeps its template, its values and the ids of the
cards it names, so the bot can write it in the reader's language: the engine stays pure and
knows no catalogue (`N_` only marks the templates for it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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


def N_(msgid: str, /) -> str:
    """Marks a template for the message catalogue (the bot translates it); no-op here."""
    return msgid


class Reason(str):
    """A reason in English (the `str`), with what a translation needs: `template`, `values`
    and `cards` (placeholder -> card id of `edition`, named in the reader's language)."""

    template: str
    values: Mapping[str, object]
    cards: Mapping[str, str]
    edition: str

    def __new__(
        cls,
        template: str,
        edition_id: str = "",
        cards: Mapping[str, str] | None = None,
        **values: object,
    ) -> Reason:
        cards = dict(cards or {})
        names = {k: _english(edition_id, c) for k, c in cards.items()}
        self = super().__new__(cls, template.format(**values, **names))
        self.template, self.values, self.cards, self.edition = template, values, cards, edition_id
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (or copied) as its parts: the English text may hold a name with braces."""
        return _rebuilt, (self.template, self.edition, dict(self.cards), dict(self.values))


def _rebuilt(
    template: str, edition_id: str, cards: dict[str, str], values: dict[str, object]
) -> Reason:
    return Reason(template, edition_id, cards, **values)


def _english(edition_id: str, card_id: str) -> str:
    try:
        return edition(edition_id).card(card_id).name
    except (KeyError, ValueError):
        return card_id


def name_of(state: GameState, player: str) -> str:
    for p in state.players:
        if p.id == player:
            return p.name
    return player


def explain(state: GameState, move: Move) -> Reason:
    """The first rule the move breaks (C-3, C-5, C-6, PEG-16 and the card texts)."""
    ed_id = state.edition
    if state.over:
        return Reason(N_("The game is over"))
    if state.pending is not None:
        who = state.pending.player
        if move.player != who:
            return Reason(
                N_("Waiting for {name} to decide whether to keep their card"),
                name=name_of(state, who),
            )
        if not isinstance(move, Decide):
            return Reason(N_("Decide first: keep your card or discard it and draw a new one"))
        return Reason(N_("Choose 'keep' or 'redraw'"))
    if isinstance(move, Decide):
        return Reason(N_("There is no decision to make now"))
    actor = state.players[state.active]
    if move.player != actor.id:
        if all(p.id != move.player for p in state.players):
            return Reason(N_("{name} is not playing in this game"), name=move.player)
        return Reason(N_("It's {name}'s turn"), name=actor.name)
    ed = edition(ed_id)
    if move.card not in ed.by_id or move.card not in actor.hand:
        return Reason(N_("You don't hold {card}"), ed_id, {"card": move.card})
    forced = forced_card(ed, actor.hand)
    if forced and move.card != forced:
        return Reason(N_("You must play {card}"), ed_id, {"card": forced})
    return _choice_reason(state, move)


def _choice_reason(state: GameState, move: Play) -> Reason:
    ed = edition(state.edition)
    kind = ed.card(move.card).kind
    chosen = list(move.targets) + ([move.target] if move.target else [])

    def about(template: str, **values: object) -> Reason:
        return Reason(template, ed.id, {"card": move.card}, **values)

    if move.look and move.look not in chosen:
        return about(N_("{card} can only look at one of the two chosen players"))
    for t in chosen:
        reason = _target_reason(state, move, t)
        if reason:
            return reason
    legal = [m for m in moves_of(legal_set(state)) if isinstance(m, Play) and m.card == move.card]
    if not chosen and any(m.target or m.targets for m in legal):
        return about(N_("{card} needs a player to choose"))
    if chosen and legal and not any(m.target or m.targets for m in legal):
        return about(N_("{card} has no legal choice: play it without choosing anyone"))
    if kind in NAMES_A_GUESS:
        options = guesses(ed, len(state.round_seats))
        if move.guess is None:
            return about(N_("{card} needs a guess"))
        if ed.guess_by_value:
            if move.guess == 1:
                return about(N_("{card} cannot name 1"))
            if move.guess not in options:
                return about(N_("{guess} is not a value in this deck"), guess=repr(move.guess))
        else:
            if move.guess == move.card:
                return about(N_("{card} cannot name {card}"))
            if move.guess not in options:
                return about(N_("{guess} is not a card in this deck"), guess=repr(move.guess))
    elif move.guess is not None:
        return about(N_("{card} does not name a card"))
    if kind is Kind.CARDINAL and len(chosen) != 2:
        return about(N_("{card} chooses two players"))
    if kind is Kind.CARDINAL and not move.look:
        return about(N_("{card} needs the player whose hand to look at"))
    if kind is Kind.BARONESS and not 1 <= len(chosen) <= 2:
        return about(N_("{card} chooses one or two players"))
    if kind not in CHOOSE_MANY and move.targets:
        return about(N_("{card} chooses at most one player"))
    return Reason(N_("That move is not legal"))


def _protected(state: GameState, name: str) -> Reason:
    """ "protected by the Handmaid", "by the Shugenja", "by Gandalf the Grey"."""
    ed = edition(state.edition)
    card = next(c for c in ed.cards if c.kind is Kind.PROTECT)
    if card.title:
        return Reason(N_("{name} is protected by the Shugenja"), name=name)
    if card.german:
        return Reason(N_("{name} is protected by the Handmaid"), name=name)
    return Reason(N_("{name} is protected by {card}"), ed.id, {"card": card.id}, name=name)


def _target_reason(state: GameState, move: Play, target: str) -> Reason | None:
    ed = edition(state.edition)
    kind = ed.card(move.card).kind

    def about(template: str, **values: object) -> Reason:
        return Reason(template, ed.id, {"card": move.card}, **values)

    if all(p.id != target for p in state.players):
        return Reason(N_("{name} is not playing in this game"), name=target)
    if kind not in CHOOSE_OTHER | CHOOSE_ANY | CHOOSE_MANY:
        return about(N_("{card} does not choose a player"))
    tp = state.players[state.seat(target)]
    if target == move.player:
        if kind in CHOOSE_OTHER or kind is Kind.BARONESS:
            return about(N_("{card} must choose another player"))
    elif not tp.in_round:
        return Reason(N_("{name} is out of this round"), name=tp.name)
    elif target not in choosable(state):
        return _protected(state, tp.name)
    if state.bound is not None and state.bound not in [move.target, *move.targets]:
        return Reason(
            N_("The Flatterer binds this card to {name}"), name=name_of(state, state.bound)
        )
    if len(set(move.targets)) != len(move.targets):
        return about(N_("{card} must choose two different players"))
    return None
