"""Moves no level makes while it has another: plain blunders its own view proves.

Every level chooses from `sensible(view, legal)` rather than from all legal moves:

- no self-elimination (HOB-3, L5R-3, PEG-3): playing the Arkenstone / Princess / Ikura, or
  discarding it to one's own discard-and-draw card or a Bishop's redraw, while another
  legal move exists;
- no guess naming a card (or, in Pegasus, a value) that cannot be in the target's hand
  because the viewer has accounted for every copy (own hand, discard piles, face-up cards,
  hands it has seen), unless every legal guess is such a card;
- no guess at a player whose card the viewer's view proves (seen with a Priest, a compare,
  a swap, a hit, and not replaced since: `knowledge`) naming anything but that card, when
  naming it is legal (HOB-11, L5R-10, PEG-10, PEG-11). The search may rate a sure miss at
  such a player, which keeps them in as a harmless decoy, above knocking them out; the AI
  may still spare them by guessing at someone else.

Only the view is read, so the filter cannot peek.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.loveletter.ai.knowledge import Knowledge, analyse
from engine.loveletter.cards import Kind
from engine.loveletter.editions import KINDS
from engine.loveletter.moves import Decide, Move, Play
from engine.loveletter.views import PlayerView


def sensible(
    view: PlayerView, legal: Sequence[Move], k: Knowledge | None = None, proven: bool = True
) -> list[Move]:
    """`legal` without the blunders above; never empty when `legal` is not.

    `proven=False` keeps the guesses at a known hand: the expert's playouts, whose rules of
    thumb never choose them (a sure hit outscores a sure miss at the same player), so their
    tie-breaking draws, and every search decision the rule does not touch, stay as before.
    """
    moves = list(legal)
    if len(moves) <= 1:
        return moves
    if k is None:
        k = analyse(view)
    if any(_fatal(k, c) for c in view.hand):  # only such a card eliminates its holder
        alive = [m for m in moves if not eliminates_self(view, k, m)]
        if alive:
            moves = alive
    guesses = [m for m in moves if isinstance(m, Play) and m.guess is not None]
    if guesses and k.known and proven:
        moves = _naming_the_known(k, moves, guesses)
        guesses = [m for m in moves if isinstance(m, Play) and m.guess is not None]
    if guesses:
        names = _unseen_names(k)
        # a name not yet all seen is possible at anyone: `_possible` only for the others
        vain = {m for m in guesses if m.guess not in names and not _possible(k, m, names)}
        if len(vain) == len(guesses):  # all pointless: at least not a card in my own hand
            vain = {m for m in guesses if _names_own(view, k, m)}
        if vain and len(vain) < len(guesses):
            moves = [m for m in moves if m not in vain]
    return moves


def eliminates_self(view: PlayerView, k: Knowledge, move: Move) -> bool:
    """Whether `move` discards the viewer's own Arkenstone / Princess / Ikura."""
    hand = list(view.hand)
    if isinstance(move, Decide):
        return move.choice == "redraw" and any(_fatal(k, c) for c in hand)
    if _fatal(k, move.card):
        return True
    if KINDS[k.ed.id][move.card] is Kind.DISCARD_DRAW and move.target == k.me:
        if move.card in hand:
            hand.remove(move.card)
        return any(_fatal(k, c) for c in hand)
    return False


def _naming_the_known(k: Knowledge, moves: list[Move], guesses: list[Play]) -> list[Move]:
    """`moves` without the guesses at a player whose card the viewer knows that name
    another card while the same card at the same player may name the known one."""
    present = set(moves)
    wrong = set()
    for m in guesses:
        card = k.known.get(m.target) if m.target is not None else None
        if card is None:
            continue
        right = m._replace(guess=k.value(card) if k.ed.guess_by_value else card)
        if right != m and right in present:
            wrong.add(m)
    return [m for m in moves if m not in wrong] if wrong else moves


def _unseen_names(k: Knowledge) -> set[str | int]:
    """Every card id and value of which the viewer has not seen all copies."""
    out: set[str | int] = set()
    for c, n in k.unseen.items():
        if n > 0:
            out.add(c)
            out.add(k.value(c))
    return out


def _possible(k: Knowledge, move: Play, names: set[str | int]) -> bool:
    """Whether the card or value `move` names may be in its target's hand, as far as the
    viewer's card count shows (`names`: see `_unseen_names`; a hand it knows counts as a
    copy it has seen)."""
    target = move.target or (move.targets[0] if move.targets else None)
    if target is None or move.guess is None:
        return True
    known = k.known.get(target)
    if known is not None and _names(k, known, move.guess):
        return True
    return move.guess in names


def _names_own(view: PlayerView, k: Knowledge, move: Play) -> bool:
    g = move.guess
    return g is not None and any(_names(k, c, g) for c in view.hand if c != move.card)


def _names(k: Knowledge, card: str, named: str | int) -> bool:
    return card == named if isinstance(named, str) else k.value(card) == named


def _fatal(k: Knowledge, card: str) -> bool:
    return KINDS[k.ed.id][card] is Kind.OUT_IF_DISCARDED
