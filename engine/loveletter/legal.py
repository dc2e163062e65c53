"""Every complete legal move (C-3, C-5, C-6, PEG-16), and why a submitted move is not one.

Legal moves depend only on the seating, the deck size (2-4 or 5-8 players), the actor's seat
and hand, who can be chosen and the Flatterer's binding, so they are memoised on exactly
that (per seating and deck: `fixed.Seating.legal`): the benchmark and the AIs call this in a
loop. `set_memo_budget` bounds the memo for long-running processes.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations

from engine.loveletter import events as E
from engine.loveletter.cards import CHOOSE_ANY, CHOOSE_MANY, CHOOSE_OTHER, Kind
from engine.loveletter.editions import KINDS, Edition, edition
from engine.loveletter.effects import Action, action
from engine.loveletter.fixed import MEMO_HELD, Seating, clear_legal_memos
from engine.loveletter.flyweights import Shared
from engine.loveletter.flyweights import set_limit as set_shared_limit
from engine.loveletter.moves import Decide, Move, Play
from engine.loveletter.state import GameState

NAMES_A_GUESS = frozenset({Kind.GUESS, Kind.BISHOP})
FORCE_PARTNERS = frozenset({Kind.TRADE, Kind.DISCARD_DRAW})

# The legal moves are those of at most two cards in hand, each card's with an `Action` per
# move (membership test and dispatch in one look-up): (first card's moves, their actions,
# second card's moves, their actions). Kept apart rather than merged, so a hand's set costs
# one small tuple and the per-card sets are shared.
Actions = dict[Move, Action]
LegalSet = tuple[tuple[Move, ...], Actions, tuple[Move, ...], Actions]
_NONE: Actions = {}  # the empty second part; never changed
__all__ = [
    "CHOOSE_ANY",
    "CHOOSE_MANY",
    "CHOOSE_OTHER",
    "LegalSet",
    "legal_moves",
    "legal_set",
    "memo_budget",
    "memo_stats",
    "moves_of",
    "set_memo_budget",
]
_CACHE_LIMIT = 200_000  # the default budget: best for a benchmark, see set_memo_budget


_GUESSES: dict[tuple[str, bool], tuple[str | int, ...]] = {}


def guesses(ed: Edition, players: int) -> tuple[str | int, ...]:
    """What a Smaug/Guard/Guardswoman/Bishop may name (HOB-11, L5R-10, PEG-10, PEG-11)."""
    key = (ed.id, players >= 5)  # the deck only depends on this (PEG-1)
    known = _GUESSES.get(key)
    if known is not None:
        return known
    deck = ed.deck(players)
    if ed.guess_by_value:
        found: tuple[str | int, ...] = tuple(sorted({ed.card(c).value for c in deck} - {1}))
    else:
        seen: dict[str, None] = {}
        for c in deck:
            if ed.card(c).kind is not Kind.GUESS:
                seen.setdefault(c)
        found = tuple(seen)
    _GUESSES[key] = found
    return found


def forced_card(ed: Edition, hand: list[str]) -> str | None:
    """The card a player must play (HOB-4, L5R-4, PEG-4), or None."""
    kind_of = KINDS[ed.id]
    kinds = [kind_of[c] for c in hand]
    for c, k in zip(hand, kinds, strict=True):
        if k is Kind.FORCED and any(o in FORCE_PARTNERS for o in kinds):
            return c
    return None


def choosable(state: GameState) -> tuple[str, ...]:
    """Other players the active player's card may choose: in the round, not protected."""
    return _others(state.game.ids, state.alive & ~state.shield & ~(1 << state.active))


def _others(ids: tuple[str, ...], mask: int) -> tuple[str, ...]:
    return tuple([p for i, p in enumerate(ids) if mask >> i & 1])


_budget = _CACHE_LIMIT  # legal-set memo entries allowed before all memos start over
_made = 0  # legal-set memo entries made in all (= misses), for memo_stats


def set_memo_budget(entries: int, shared: int | None = None) -> None:
    """Bound the legal-move memos of all seatings to `entries` hands in all, and each shared
    event table (`flyweights`, keyed by player ids too) to `shared` entries (default:
    `entries`); start them all over.

    A long-running process trades a few misses for less memory and cheaper garbage
    collections; results never depend on the budget (the memo only holds pure values).
    """
    global _budget
    if entries < 1:
        raise ValueError(f"the legal-move memo budget must be at least 1 entry, not {entries}")
    set_shared_limit(entries if shared is None else shared)  # refuses below 1 first
    _budget = entries
    _clear_all()


def memo_budget() -> int:
    """The current budget of legal-set memo entries (see `set_memo_budget`)."""
    return _budget


def memo_stats() -> tuple[int, int]:
    """(entries held now, entries made since start-up): made is the number of memo misses."""
    return MEMO_HELD.entries, _made


def _clear_all() -> None:
    clear_legal_memos()
    _by_card.clear()  # per-card parts are only reached from the hand memos: same budget
    MEMO_HELD.entries = 0


def _memo_entry() -> None:
    """Count a new memo entry; past the budget, clear every seating's memo (bounded memory
    however many tables the process has seen)."""
    global _made
    MEMO_HELD.entries += 1
    _made += 1
    if MEMO_HELD.entries > _budget:
        _clear_all()
        MEMO_HELD.entries = 1


def legal_set(state: GameState, keep: bool = True) -> LegalSet:
    """Every legal move for `state.actor`, in a stable order, with a set for look-ups.

    `keep=False`: a set the memo does not keep (nor its per-card parts): it goes with the
    state. A service's click, whose player ids rarely meet the same hand again, makes one a
    move; kept, each would stay until the memo's budget runs out, every one of them more
    objects for the garbage collector's walks (issue 44); a search keeps them (the default).
    """
    memo = state.legal
    if memo is not None:
        return memo  # type: ignore[no-any-return]
    if state.over:
        return (), _NONE, (), _NONE
    if state.pending is not None:
        state.legal = _DECISIONS[state.pending.player]
        return state.legal  # type: ignore[no-any-return]
    # The key: the seat, the binding, who is in and unprotected, the hand. The active
    # player's own bit is in the mask too: it is always set, and costs nothing to keep.
    # Keep in step with `legal_moves` and `rules.apply`, which build it too (inlined: a
    # function of its own cost 2% of a move's instructions).
    active = state.active
    table = state.rd.legal
    key = (active, state.bound, state.alive & ~state.shield, *state.hands[active])
    hit = table.get(key)
    if hit is None:
        mask = state.alive & ~state.shield & ~(1 << active)  # choosable(state), as a bit mask
        if keep:
            _memo_entry()
            hit = table[key] = _legal_for(state, len(state.rd.round_seats), mask, _by_card)
        else:
            hit = _legal_for(state, len(state.rd.round_seats), mask, _UNKEPT)
    state.legal = hit
    return hit


def _decisions(who: str) -> LegalSet:
    moves: tuple[Move, ...] = (Decide(who, "keep"), Decide(who, "redraw"))
    actions: Actions = {m: (E.DecisionMade(who, m.choice), None, None) for m in moves}  # type: ignore[union-attr]
    return moves, actions, (), _NONE


_DECISIONS: Shared[str, LegalSet] = Shared(_decisions)


def legal_moves(state: GameState, keep: bool = True) -> list[Move]:
    """Every complete legal move of the player who must act now (empty once the game is over);
    `keep=False`: not kept in the memo (see `legal_set`)."""
    memo = state.legal
    if memo is None and state.pending is None and not state.over:  # legal_set's hit, inlined:
        active = state.active  # the same key: keep in step with `legal_set` and `rules.apply`
        key = (active, state.bound, state.alive & ~state.shield, *state.hands[active])
        memo = state.legal = state.rd.legal.get(key)
    if memo is None:
        memo = legal_set(state, keep)
    return [*memo[0], *memo[2]]


def moves_of(legal: LegalSet) -> tuple[Move, ...]:
    """All moves of a legal set, in order."""
    return (*legal[0], *legal[2])


def _legal_for(state: GameState, dealt: int, mask: int, by_card: CardSets) -> LegalSet:
    g, active, bound = state.game, state.active, state.bound
    cards = _PLAYABLE[g.edition, tuple(state.hands[active])]
    big = dealt >= 5
    if len(cards) == 1:
        return by_card[g.edition, big, g.seating, active, cards[0], mask, bound]
    if len(cards) == 2:
        first = by_card[g.edition, big, g.seating, active, cards[0], mask, bound]
        second = by_card[g.edition, big, g.seating, active, cards[1], mask, bound]
        return first[0], first[1], second[0], second[1]
    parts = [by_card[g.edition, big, g.seating, active, c, mask, bound] for c in cards]
    moves = tuple(m for part in parts for m in part[0])  # more than two cards: not in play
    return moves, {m: a for part in parts for m, a in part[1].items()}, (), _NONE


def _playable(key: tuple[str, tuple[str, ...]]) -> tuple[str, ...]:
    """The cards of a hand that may be played: the forced one, else each different one."""
    edition_id, hand = key
    forced = forced_card(edition(edition_id), list(hand))
    return (forced,) if forced else tuple(dict.fromkeys(hand))


_PLAYABLE: Shared[tuple[str, tuple[str, ...]], tuple[str, ...]] = Shared(_playable)


def moves_with_hand(
    ed: Edition, players: int, me: str, hand: list[str], others: tuple[str, ...], bound: str | None
) -> tuple[Move, ...]:
    """Every legal move with `hand` (the AI asks this of hands a player might have held)."""
    out: list[Move] = []
    for cid in _PLAYABLE[ed.id, tuple(hand)]:
        out.extend(_moves_by_card[ed.id, players >= 5, me, cid, others, bound])
    return tuple(out)


MovesKey = tuple[str, bool, str, str, tuple[str, ...], str | None]
_moves_by_card: Shared[MovesKey, tuple[Play, ...]] = Shared(
    lambda k: _card_moves(edition(k[0]), 5 if k[1] else 4, *k[2:])
)


def _card_set(key: CardKey) -> LegalSet:
    """The legal moves with one card (memoised: a hand's other card rarely changes them)."""
    edition_id, big, seating, active, cid, mask, bound = key
    found = _card_moves(
        edition(edition_id),
        5 if big else 4,
        seating.ids[active],
        cid,
        _others(seating.ids, mask),
        bound,
    )
    return found, {m: action(edition_id, m, seating.index) for m in found}, (), _NONE


CardKey = tuple[str, bool, Seating, int, str, int, str | None]
CardSets = Mapping[CardKey, LegalSet]
_by_card: Shared[CardKey, LegalSet] = Shared(_card_set)


class _Unkept(dict[CardKey, LegalSet]):
    """Per-card sets made anew at each look-up, kept nowhere (`legal_set(keep=False)`)."""

    def __missing__(self, key: CardKey) -> LegalSet:
        return _card_set(key)


_UNKEPT = _Unkept()  # never holds an entry


def _card_moves(
    ed: Edition, players: int, me: str, cid: str, others: tuple[str, ...], bound: str | None
) -> tuple[Play, ...]:
    out: list[Play] = []
    kind = ed.card(cid).kind
    if kind in CHOOSE_OTHER:
        targets = [t for t in others if bound is None or t == bound]
        if not targets:
            out.append(Play(me, cid))
        elif kind in NAMES_A_GUESS:
            names = guesses(ed, players)
            if not ed.guess_by_value:
                names = tuple(n for n in names if n != cid)
            out.extend(Play(me, cid, t, guess=g) for t in targets for g in names)
        else:
            out.extend(Play(me, cid, t) for t in targets)
    elif kind in CHOOSE_ANY:
        targets = [t for t in (*others, me) if bound is None or t == bound]
        if targets:
            out.extend(Play(me, cid, t) for t in targets)
        else:
            out.append(Play(me, cid))
    elif kind is Kind.BARONESS:
        groups = [(t,) for t in others] + list(combinations(others, 2))
        groups = [g for g in groups if bound is None or bound in g]
        out.extend(Play(me, cid, targets=g) for g in groups)
        if not groups:
            out.append(Play(me, cid))
    elif kind is Kind.CARDINAL:
        pool = (*others, me)
        pairs = [g for g in combinations(pool, 2) if bound is None or bound in g]
        out.extend(Play(me, cid, targets=g, look=lk) for g in pairs for lk in g)
        if not pairs:
            out.append(Play(me, cid))
    else:
        out.append(Play(me, cid))
    return tuple(out)


def normalise(state: GameState, move: Move) -> Move:
    """Accept equivalent spellings: a one-player Baroness as `target`, pairs in any order."""
    if not isinstance(move, Play):
        return move
    ed = edition(state.edition)
    try:
        kind = ed.card(move.card).kind
    except KeyError:
        return move
    if kind in CHOOSE_MANY:
        targets = move.targets or ((move.target,) if move.target else ())
        # Same order as `moves_with_hand`: others by seat, the active player last.
        order = {p.id: i for i, p in enumerate(state.players)}
        order[move.player] = len(order)
        ordered = tuple(sorted(targets, key=lambda t: order.get(t, -1)))
        return Play(move.player, move.card, None, ordered, move.guess, move.look)
    return move
