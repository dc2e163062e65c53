"""Rounds: the deal (C-1), turns (C-3), the round end (C-7, HOB-12, L5R-11, PEG-13),
tokens, the next starting player (C-2) and the end of the game (C-8, C-9, PEG-21).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from engine import events as E
from engine.cards import Kind
from engine.editions import edition
from engine.state import GameState, Player, RoundResult

Events = list[E.Event]


@dataclass(frozen=True, slots=True)
class Deal:
    """A round's cards: hands per player id, the draw pile with its top card first."""

    set_aside: str
    face_up: tuple[str, ...]
    hands: dict[str, str]
    draw_pile: tuple[str, ...]


def entropy(st: GameState, cards: int) -> int:
    """Random bits for this round's deal, derived from the game's seed (C-11).

    A hash rather than a seeded `random.Random`: it is the same on every machine and
    Python version, and far cheaper than seeding a Mersenne Twister every round. A shuffle
    of n cards uses log2(n!) bits (48 for 17 cards, 118 for 32); the digest leaves more
    than 64 spare bits so the last swaps are as fair as the first.
    """
    size = 16 if cards <= 17 else 32
    digest = hashlib.blake2b(f"{st.seed}/{st.round_no}".encode(), digest_size=size).digest()
    return int.from_bytes(digest, "big")


_DECKS: dict[tuple[str, int], tuple[str, ...]] = {}


def random_deal(st: GameState, seats: tuple[int, ...], bits: int) -> Deal:
    """Shuffle the deck for this many players (Fisher-Yates on the round's entropy)."""
    key = (st.edition, len(seats))
    deck_ids = _DECKS.get(key)
    if deck_ids is None:
        deck_ids = _DECKS[key] = edition(st.edition).deck(len(seats))
    deck = list(deck_ids)
    for i in range(len(deck) - 1, 0, -1):
        bits, j = divmod(bits, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    set_aside = deck.pop()
    face_up = (deck.pop(), deck.pop(), deck.pop()) if len(seats) == 2 else ()
    hands = {st.players[i].id: deck.pop() for i in seats}
    deck.reverse()
    return Deal(set_aside, face_up, hands, tuple(deck))


def start_round(
    st: GameState,
    ev: Events,
    seats: tuple[int, ...],
    candidates: tuple[str, ...],
    deal: Deal | None = None,
    first: str | None = None,
    deciding: bool = False,
) -> None:
    """Deal a round to `seats` and start the first turn; `candidates` may start (C-2).

    `deciding` marks a C-9 deciding round, even one that all players are tied into.
    """
    st.round_no += 1
    st.round_seats = seats
    st.deciding = deciding
    st.first_candidates = candidates
    bits = entropy(st, 32 if len(seats) >= 5 else 17)
    if first is None:
        bits, pick = divmod(bits, len(candidates))
        first = candidates[pick]
    st.first = st.seat(first)
    deal = deal or random_deal(st, seats, bits)
    st.set_aside, st.set_aside_used = deal.set_aside, False
    st.face_up = deal.face_up
    st.draw_pile = list(reversed(deal.draw_pile))
    st.knocked_out = ()
    st.moves_in_round = 0
    st.pending, st.bound, st.jester = None, None, None
    st.log = ()
    for i, old in enumerate(st.players):
        playing = i in seats
        hand = [deal.hands[old.id]] if playing else []
        st.players[i] = Player(old.id, old.name, old.tokens, hand, [], playing, False)
    st.fresh = (1 << len(st.players)) - 1
    names = tuple(st.players[i].id for i in seats)
    ev.append(E.RoundStarted(st.round_no, names, first, deal.face_up, st.deciding))
    ev.extend(E.CardDealt(pid, deal.hands[pid]) for pid in names)
    start_turn(st, ev, st.first)


def start_turn(st: GameState, ev: Events, seat: int) -> None:
    """C-3.1-2: protection ends, the active player draws."""
    st.active = seat
    p = st.mut(seat)
    p.protected = False
    pile = st.draw_pile
    if pile:
        p.hand = [*p.hand, pile[-1]]
        st.draw_pile = pile[:-1]
    ev.append(E.TurnStarted(p.id))


def end_turn(st: GameState, ev: Events) -> None:
    """C-3.5-6: end the round if it is over, else pass the turn on."""
    if st.over:
        return
    if len(st.round_seats) - len(st.knocked_out) <= 1:
        end_round(st, ev, "last_standing")
    elif not st.draw_pile:
        end_round(st, ev, "deck_empty")
    else:
        start_turn(st, ev, next_seat(st, st.active))


def next_seat(st: GameState, seat: int) -> int:
    """The next seat after `seat` in turn order that is still in the round."""
    seats = st.round_seats
    n = len(st.players)
    for step in range(1, n + 1):
        cand = (seat + step) % n
        if cand in seats and st.players[cand].in_round:
            return cand
    return seat


def round_end_value(st: GameState, seat: int) -> int:
    """The hand's value at the round-end comparison: One Ring 7 (HOB-12), +1 per Count."""
    ed = edition(st.edition)
    p = st.players[seat]
    card = ed.card(p.hand[0])
    value = 7 if card.kind is Kind.RING else card.value
    return value + p.discards.count("count") if st.edition == "pegasus" else value


def round_winners(st: GameState) -> tuple[tuple[str, ...], tuple[tuple[str, str, int], ...]]:
    """Winners of a round that ran out of cards, and the revealed (player, card, value)."""
    ed = edition(st.edition)
    alive = [p for p in st.players if p.in_round]
    values = {p.id: round_end_value(st, st.seat(p.id)) for p in alive}
    reveal = tuple((p.id, p.hand[0], values[p.id]) for p in alive)
    cands = alive
    if st.edition == "pegasus" and any(p.hand[0] == "princess" for p in alive):
        cands = [p for p in alive if p.hand[0] != "bishop"]  # PEG-13
    best = max(values[p.id] for p in cands)
    tied = [p for p in cands if values[p.id] == best]
    if ed.tie_by_discards and len(tied) > 1:  # L5R-11
        sums = {p.id: sum(ed.card(c).value for c in p.discards) for p in tied}
        top = max(sums.values())
        tied = [p for p in tied if sums[p.id] == top]
    return tuple(p.id for p in tied), reveal


def end_round(st: GameState, ev: Events, ended_by: str) -> None:
    """C-7: winners gain a token, the Jester pays out, the set-aside card is revealed."""
    if ended_by == "last_standing":
        winners = tuple(p.id for p in st.players if p.in_round)
        reveal: tuple[tuple[str, str, int], ...] = ()
    else:
        winners, reveal = round_winners(st)
    for w in winners:
        gain_token(st, ev, st.seat(w), "round")
    if st.jester is not None and st.jester[1] in winners:  # PEG-19
        gain_token(st, ev, st.seat(st.jester[0]), "jester")
    _record(st, ev, ended_by, winners, reveal)
    if st.deciding:
        if len(winners) == 1:
            finish_game(st, ev, winners[0])
        else:
            deciding_round(st, ev, winners, winners)
        return
    target = edition(st.edition).target(len(st.players))
    best = max(p.tokens for p in st.players)
    if best >= target:
        leaders = tuple(p.id for p in st.players if p.tokens == best)
        if len(leaders) == 1:
            finish_game(st, ev, leaders[0])
        else:
            deciding_round(st, ev, leaders, winners)
        return
    seats = tuple(range(len(st.players)))
    start_round(st, ev, seats, starters(st, seats, winners))


def starters(st: GameState, seats: tuple[int, ...], winners: tuple[str, ...]) -> tuple[str, ...]:
    """C-2: the previous round's winners, each moved on to the next seat that plays."""
    out: dict[str, None] = {}
    n = len(st.players)
    for w in winners:
        seat = st.seat(w)
        for step in range(n):
            cand = (seat + step) % n
            if cand in seats:
                out.setdefault(st.players[cand].id)
                break
    return tuple(out)


def deciding_round(
    st: GameState, ev: Events, players: tuple[str, ...], winners: tuple[str, ...]
) -> None:
    """C-9: only the tied leaders play on; the winner of that round wins the game."""
    ev.append(E.DecidingRound(players))
    seats = tuple(sorted(st.seat(p) for p in players))
    start_round(st, ev, seats, starters(st, seats, winners), deciding=True)


def _record(
    st: GameState,
    ev: Events,
    ended_by: str,
    winners: tuple[str, ...],
    reveal: tuple[tuple[str, str, int], ...],
) -> None:
    ev.append(E.RoundEnded(st.round_no, ended_by, winners, reveal, st.set_aside))
    result = RoundResult(
        st.round_no,
        tuple(st.players[i].id for i in st.round_seats),
        st.players[st.first].id,
        ended_by,
        winners,
        st.knocked_out,
        st.set_aside,
        {pid: (card, value) for pid, card, value in reveal},
        st.deciding,
    )
    st.history = (*st.history, result)


def gain_token(st: GameState, ev: Events, seat: int, reason: str) -> None:
    """A tally token; a Bishop or Marshal token that reaches the target ends the game at once."""
    p = st.mut(seat)
    p.tokens += 1
    ev.append(E.TokenGained(p.id, reason, p.tokens))
    if reason in ("bishop", "marshal") and not st.deciding:
        target = edition(st.edition).target(len(st.players))
        if p.tokens >= target:
            win_mid_round(st, ev, p.id)


def win_mid_round(st: GameState, ev: Events, winner: str) -> None:
    """PEG-11, PEG-14: a Bishop or Marshal token reached the target: the game ends now."""
    st.pending = None
    _record(st, ev, "game_won", (), ())
    finish_game(st, ev, winner)


def finish_game(st: GameState, ev: Events, winner: str) -> None:
    st.over = True
    st.winner = winner
    st.pending = None
    ev.append(E.GameEnded(winner, tuple((p.id, p.tokens) for p in st.players)))
