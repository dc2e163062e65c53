"""Rounds: the deal (C-1), turns (C-3), the round end (C-7, HOB-12, L5R-11, PEG-13),
tokens, the next starting player (C-2) and the end of the game (C-8, C-9, PEG-21).
"""

from __future__ import annotations

from engine import events as E
from engine.deals import Deal as Deal
from engine.deals import entropy, shuffled
from engine.editions import END_VALUES, VALUES, edition
from engine.shared import CARD_DEALT, TURN_STARTED
from engine.state import GameState, Player, RoundResult

Events = list[E.Event]


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
    players = st.players
    if deal is None:
        st.set_aside, st.face_up, hands, st.draw_pile = shuffled(st.edition, len(seats), bits)
    else:
        st.set_aside, st.face_up = deal.set_aside, deal.face_up
        hands = [deal.hands[players[i].id] for i in seats]
        st.draw_pile = list(reversed(deal.draw_pile))
    st.set_aside_used = False
    st.knocked_out = ()
    st.moves_in_round = 0
    st.pending = st.bound = st.jester = None
    st.log = ()
    for i, old in enumerate(players):
        players[i] = Player(old.id, old.name, old.tokens, [], [], False, False)
    st.fresh = (1 << len(players)) - 1
    names = tuple([players[i].id for i in seats])
    ev.append(E.RoundStarted(st.round_no, names, first, st.face_up, deciding))
    for i, card in zip(seats, hands, strict=True):
        p = players[i]
        p.hand, p.in_round = [card], True
        ev.append(CARD_DEALT[p.id, card])
    start_turn(st, ev, st.first)


def start_turn(st: GameState, ev: Events, seat: int) -> None:
    """C-3.1-2: protection ends, the active player draws."""
    st.active = seat
    p = st.mut(seat)
    p.protected = False
    card = st.draw()
    if card is not None:
        p.hand = [*p.hand, card]
    ev.append(TURN_STARTED[p.id])


def end_turn(st: GameState, ev: Events) -> None:
    """C-3.5-6: end the round if it is over, else pass the turn on."""
    if st.over:
        return
    if len(st.round_seats) - len(st.knocked_out) <= 1:
        end_round(st, ev, "last_standing")
    elif not st.draw_pile:
        end_round(st, ev, "deck_empty")
    else:  # the next seat in turn order that is still in the round
        players, seats = st.players, st.round_seats
        n = len(players)
        seat = st.active
        for _ in range(n):
            seat = seat + 1 if seat + 1 < n else 0
            if players[seat].in_round and seat in seats:
                break
        start_turn(st, ev, seat)


def round_winners(st: GameState) -> tuple[tuple[str, ...], tuple[tuple[str, str, int], ...]]:
    """Winners of a round that ran out of cards, and the revealed (player, card, value).

    A hand's value: its card's, The One Ring 7 (HOB-12), +1 per discarded Count (PEG-15).
    """
    values = END_VALUES[st.edition]
    pegasus = st.edition == "pegasus"
    reveal = []
    for p in st.players:
        if p.in_round:
            card = p.hand[0]
            value = values[card] + p.discards.count("count") if pegasus else values[card]
            reveal.append((p.id, card, value))
    cands = reveal
    if pegasus and "princess" in [card for _, card, _ in reveal]:
        cands = [r for r in reveal if r[1] != "bishop"]  # PEG-13
    best, tied = -1, []
    for pid, _, value in cands:
        if value > best:
            best, tied = value, [pid]
        elif value == best:
            tied.append(pid)
    if len(tied) > 1 and edition(st.edition).tie_by_discards:  # L5R-11
        cost = VALUES[st.edition]
        sums = {pid: sum([cost[c] for c in st.players[st.seat(pid)].discards]) for pid in tied}
        top = max(sums.values())
        tied = [pid for pid in tied if sums[pid] == top]
    return tuple(tied), tuple(reveal)


def end_round(st: GameState, ev: Events, ended_by: str) -> None:
    """C-7: winners gain a token, the Jester pays out, the set-aside card is revealed."""
    if ended_by == "last_standing":
        winners = tuple([p.id for p in st.players if p.in_round])
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
    best = max([p.tokens for p in st.players])
    if best >= target(st):
        leaders = tuple([p.id for p in st.players if p.tokens == best])
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
        tuple([st.players[i].id for i in st.round_seats]),
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
    if reason in ("bishop", "marshal") and not st.deciding and p.tokens >= target(st):
        win_mid_round(st, ev, p.id)


_TARGETS: dict[tuple[str, int], int] = {}


def target(st: GameState) -> int:
    """Tokens that win this game (memoised: it is asked at every round end)."""
    key = (st.edition, len(st.players))
    found = _TARGETS.get(key)
    if found is None:
        found = _TARGETS[key] = edition(st.edition).target(key[1])
    return found


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
