"""Choosing a move step by step (hand buttons and selects) or by name (`/loveletter play`).

Both paths end in `GameService.play`, which re-validates under the game's lock: what is shown
here is a convenience, never the authority.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import engine.loveletter as engine
from bot.games.loveletter.choices import Step, card_options, entries, plays, step
from bot.games.loveletter.render.cards import label, name, value_text
from bot.games.loveletter.snapshots import HandInfo
from bot.i18n import N_, _
from bot.platform.decisions import DecisionRef
from bot.service import errors
from bot.service.games import GameService, Outcome
from engine.loveletter.editions import edition as get_edition
from engine.loveletter.moves import Decide, Play
from engine.loveletter.state import GameState


@dataclass(frozen=True, slots=True)
class PickRef(DecisionRef):
    """Where a hand button or select points: the platform's decision reference (the game, the
    state version the hand was drawn from, the fingerprint of its legal-move list) with a
    representative entry and how many fields are fixed. Parsed once from a custom_id, passed
    whole from there on."""

    index: int
    depth: int

    def custom_id(self, kind: str) -> str:
        """`ll:<kind>:<game>:<version>:<fp>:<index>:<depth>` (kind: pick or sel)."""
        return f"ll:{kind}:{self.game_id}:{self.version}:{self.fp}:{self.index}:{self.depth}"


@dataclass(frozen=True, slots=True)
class Prompt:
    """The move is not complete yet: show `step` (a select) under the hand."""

    hand: HandInfo
    step: Step
    chosen: int  # index of the chosen card's button


NAMED_FIELDS = ("target", "targets", "guess", "look")  # what `/loveletter play` may leave open
# The options of `/loveletter play` as the player reads them (German: "Ziel", "Tipp").
FIELD_NAMES = {
    "target": N_("target"),
    "targets": N_("targets"),
    "guess": N_("guess"),
    "look": N_("look"),
}


def _card_button(moves: Sequence[Any], index: int) -> int:
    card = entries(moves)[index][1][0]
    return next(o.index for o in card_options(moves) if o.value == card)


async def pick(
    service: GameService, player_id: str, ref: PickRef, values: list[str] | None
) -> Prompt | Outcome:
    """A card button (values None) or a select (values) from a hand drawn at `ref.version`."""
    game_id, version = ref.game_id, ref.version
    game, state, moves = await service.click(ref, player_id)  # seat, version, turn, fp
    try:
        current = step(moves, ref.index, ref.depth)
        if values is not None:
            current = _apply_values(moves, current, ref.index, values)
    except (IndexError, ValueError):
        raise errors.Rejected(_("That choice is not possible now.")) from None
    if current.move is not None:
        return await service.play(game_id, player_id, current.move, version)
    rep = current.options[0].index
    return Prompt(service.hand(game, state, player_id), current, _card_button(moves, rep))


def _apply_values(moves: Sequence[Any], current: Step, index: int, values: list[str]) -> Step:
    """One value of a select: the index of an entry among the offered options."""
    if current.field is None or len(values) != 1:
        raise ValueError("choose exactly one option")
    chosen = int(values[0])
    if chosen not in {o.index for o in current.options}:
        raise ValueError("not an offered option")
    return step(moves, chosen, current.depth + 1)


def _parse_guess(raw: str | None) -> str | int | None:
    if raw is None or raw == "":
        return None
    return int(raw) if raw.lstrip("-").isdigit() else raw


async def play_named(
    service: GameService,
    game_id: int,
    player_id: str,
    card: str,
    target: str | None,
    guess: str | None,
) -> Outcome:
    """`/loveletter play`: complete the move from the legal ones, or let the engine say why not."""
    game, state, _legal = await service.click(DecisionRef(game_id, None, None), player_id)
    g = _parse_guess(guess)
    matches = [
        m
        for m in plays(engine.legal_moves(state))
        if m.card == card
        and (target is None or m.target == target or target in m.targets)
        and (g is None or m.guess == g)
    ]
    if len(matches) == 1:
        return await service.play(game_id, player_id, matches[0], game.version)
    if len(matches) > 1:
        open_fields = [f for f in NAMED_FIELDS if len({getattr(m, f) for m in matches}) > 1]
        need = ", ".join(_(FIELD_NAMES[f]) for f in open_fields)
        raise errors.Rejected(
            _(
                "{card} needs more choices ({need}); give them as options or use My hand.",
                card=label(game.variant, card),
                need=need,
            )
        )
    move = Play(player=player_id, card=card, target=target, guess=g)
    return await service.play(game_id, player_id, move, game.version)


def autocomplete(
    state: GameState,
    edition_id: str,
    names: dict[str, str],
    player_id: str,
    field: str,
    card: str | None,
    target: str | None,
) -> list[tuple[str, str]]:
    """(label, value) pairs for one `/loveletter play` option, from the legal moves only."""
    if state.actor != player_id:
        return []
    legal = [m for m in engine.legal_moves(state) if not isinstance(m, Decide)]
    if field == "card":
        return [(label(edition_id, o.value), str(o.value)) for o in card_options(legal)]
    legal = [m for m in plays(legal) if card is None or m.card == card]
    if field == "target":
        seen = dict.fromkeys(t for m in legal for t in ((m.target,) if m.target else m.targets))
        return [(name(names, t), t) for t in seen]
    if field == "guess":
        legal = [m for m in legal if target is None or m.target == target]
        by_value = get_edition(edition_id).guess_by_value
        seen_g = dict.fromkeys(m.guess for m in legal if m.guess is not None)
        return [
            (value_text(gv) if by_value else label(edition_id, str(gv)), str(gv)) for gv in seen_g
        ]
    return []
