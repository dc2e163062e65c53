"""The choice tree behind the hand controls: card -> target -> player(s) -> guess -> look.

`engine.legal_moves` lists every complete legal move. The UI walks it one field at a time, so it
only ever offers values that lead to a legal move. Cards that choose one or two players (Baroness,
Cardinal) are asked as two single choices, a first player then a partner given the first, so no
combination the engine refuses (a Flatterer binding, PEG-16) can ever be offered: each pair is an
*entry* in both orders. A step is identified by the index of one representative entry and how
many fields are already fixed: with the state version in the custom_id, that pins the remaining
moves exactly, and it stays short (custom_id <= 100 chars).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import engine.loveletter as engine
from bot.games.loveletter.models import HandInfo
from bot.games.loveletter.text.cards import label, name, value_text
from bot.i18n import N_, _
from bot.platform.decisions import DecisionRef
from bot.service import errors
from bot.service.games import GameService
from bot.service.outcome import Outcome
from engine.loveletter.cards import Kind
from engine.loveletter.editions import KINDS
from engine.loveletter.editions import edition as get_edition
from engine.loveletter.moves import Decide, Play
from engine.loveletter.state import GameState

FIELDS: tuple[str, ...] = ("card", "target", "targets", "partner", "guess", "look")
VERSION = "2"  # of the entry numbering; the fingerprint's salt, so older hands read as stale


def entries(moves: Sequence[Play | Decide]) -> list[tuple[int, tuple[Any, ...]]]:
    """(move index, key over FIELDS) for every way to pick each play: a pair in either order."""
    out: list[tuple[int, tuple[Any, ...]]] = []
    for i, m in enumerate(moves):
        if not isinstance(m, Play):
            continue
        pairs: list[tuple[str | None, str | None]] = [(m.targets[0] if m.targets else None, None)]
        if len(m.targets) == 2:
            pairs = [(m.targets[0], m.targets[1]), (m.targets[1], m.targets[0])]
        for first, partner in pairs:
            out.append((i, (m.card, m.target, first, partner, m.guess, m.look)))
    return out


@dataclass(frozen=True, slots=True)
class Option:
    """One value of the field being chosen; `index` is a representative legal move."""

    index: int
    value: Any


@dataclass(frozen=True, slots=True)
class Step:
    """Where a player is in choosing a move.

    `move` is set when the choices so far leave exactly one legal move (apply it). Otherwise
    `field` names what to ask next and `options` its legal values.
    """

    depth: int
    move: Play | None = None
    field: str | None = None
    options: tuple[Option, ...] = ()


def plays(moves: Sequence[Play | Decide]) -> list[Play]:
    return [m for m in moves if isinstance(m, Play)]


def card_options(moves: Sequence[Play | Decide]) -> list[Option]:
    """One option per playable card (its first entry)."""
    seen: dict[str, Option] = {}
    for index, (_move, key) in enumerate(entries(moves)):
        seen.setdefault(key[0], Option(index, key[0]))
    return list(seen.values())


def step(moves: Sequence[Play | Decide], index: int, depth: int) -> Step:
    """Advance from (representative entry `index`, `depth` fixed fields) past fields whose
    answer would not narrow the moves down.

    Raises IndexError/ValueError when the pair does not describe legal moves of this state.
    """
    table = entries(moves)
    if index < 0 or not 1 <= depth <= len(FIELDS):
        raise ValueError("not a card play")
    key = table[index][1]
    while True:
        remaining = [(j, e) for j, e in enumerate(table) if e[1][:depth] == key[:depth]]
        every = {mi for _, (mi, _k) in remaining}
        if len(every) == 1:
            move = moves[remaining[0][1][0]]
            assert isinstance(move, Play)
            return Step(depth=depth, move=move)
        if depth >= len(FIELDS):
            raise ValueError("ambiguous legal moves")
        values: dict[Any, Option] = {}
        under: dict[Any, set[int]] = {}
        for j, (mi, k) in remaining:
            values.setdefault(k[depth], Option(j, k[depth]))
            under.setdefault(k[depth], set()).add(mi)
        if under[key[depth]] == every:  # one value, or a pair whose other order is the same
            depth += 1
            continue
        return Step(depth=depth, field=FIELDS[depth], options=tuple(values.values()))


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
    game, _state, legal = await service.click(DecisionRef(game_id, None, None), player_id)
    g = _parse_guess(guess)
    matches = [
        m
        for m in plays(legal)
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
    legal = plays(engine.GAME.legal(state, player_id))
    if field == "card":
        return [(label(edition_id, o.value), str(o.value)) for o in card_options(legal)]
    legal = [m for m in legal if card is None or m.card == card]
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


def knocks_you_out(edition_id: str, hand: Sequence[str], move: Play | Decide) -> bool:
    if not isinstance(move, Play):
        return False
    kinds = KINDS[edition_id]
    kind = kinds.get(move.card)
    if kind is Kind.OUT_IF_DISCARDED:
        return True
    if kind is Kind.DISCARD_DRAW and move.target == move.player:
        rest = list(hand)
        if move.card in rest:
            rest.remove(move.card)
        return any(kinds.get(c) is Kind.OUT_IF_DISCARDED for c in rest)
    return False
