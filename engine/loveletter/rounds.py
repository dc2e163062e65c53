"""Rounds: the deal (C-1), turns (C-3), the round end (C-7, HOB-12, L5R-11, PEG-13),
tokens, the next starting player (C-2) and the end of the game (C-8, C-9, PEG-21).
"""

from __future__ import annotations

from engine.loveletter import events as E
from engine.loveletter import flyweights as S
from engine.loveletter.deals import Deal as Deal
from engine.loveletter.deals import entropy, shuffled
from engine.loveletter.editions import ROUND_END, VALUES, edition
from engine.loveletter.flyweights import CARD_DEALT
from engine.loveletter.state import GameState, RoundResult

Events = list[E.Event]
_ALL_SEATS = [tuple(range(n)) for n in range(9)]
_get = dict.__getitem__


def start_round(
    st: GameState,
    ev: Events,
    seats: tuple[int, ...],
    candidates: tuple[str, ...],
    deal: Deal | None = None,
    first: str | None = None,
    deciding: bool = False,
    *,
    own_rd: bool = False,
) -> int:
    """Deal a round to `seats` and start the first turn; `candidates` may start (C-2).

    `deciding` marks a C-9 deciding round, even one that all players are tied into.
    `own_rd`: `st.rd` is already this state's own copy (a round end made it).
    Returns where the round's events start in `ev` (its log starts there).
    """
    g = st.game
    ids = g.ids
    rd = st.rd if own_rd else st.rd.copy()
    st.rd = rd
    rd.round_no += 1
    rd.seat(g.seating, seats)  # a deciding round has its own count's deck
    rd.deciding = deciding
    rd.first_candidates = candidates
    bits = entropy(g, rd.round_no, 32 if len(seats) >= 5 else 17)
    if first is None:
        bits, pick = divmod(bits, len(candidates))
        first = candidates[pick]
    rd.first = seat = g.index[first]
    if deal is None:
        rd.set_aside, rd.face_up, dealt, pile = shuffled(g.edition, len(seats), bits)
    else:
        rd.set_aside, rd.face_up = deal.set_aside, deal.face_up
        dealt = [deal.hands[ids[i]] for i in seats]
        pile = list(reversed(deal.draw_pile))
    st.set_aside_used = False
    st.knocked_out = ()
    st.moves_in_round = 0
    st.pending = st.bound = st.jester = None
    n = len(ids)
    cut = len(ev)
    if len(seats) == n:  # everyone plays: seats are 0..n-1
        hands = [[card] for card in dealt]
        st.alive = (1 << n) - 1
        ev.append(S.ROUND_STARTED[rd.round_no, ids, first, rd.face_up, deciding])
        ev += map(_get, g.seating.dealt, dealt)  # CardDealt(ids[i], dealt[i]) for each seat
    else:
        hands = [[] for _ in ids]
        alive = 0
        for i, card in zip(seats, dealt, strict=True):
            hands[i] = [card]
            alive |= 1 << i
        st.alive = alive
        names = tuple([ids[i] for i in seats])
        ev.append(S.ROUND_STARTED[rd.round_no, names, first, rd.face_up, deciding])
        ev += [CARD_DEALT[ids[i], card] for i, card in zip(seats, dealt, strict=True)]
    st.hands, st.discards = hands, [[] for _ in ids]
    st.shield = 0
    st.active = seat  # C-3.1-2: the first player draws
    st.pile = pile
    st.left = left = len(pile) - 1 if pile else 0
    if pile:
        hands[seat] = [*hands[seat], pile[left]]
    ev.append(g.turn_started[seat])
    st.logged, st.newer = (), None  # st.log = (): the caller logs the round's events
    return cut


Reveal = tuple[tuple[str, str, int], ...]  # (player, card, round-end value)
# The same by player: the dict becomes the round's `RoundResult.reveal` (`_record`)
Shown = dict[str, tuple[str, int]]


def round_winners(st: GameState) -> tuple[tuple[str, ...], Reveal, Shown]:
    """Winners of a round that ran out of cards, and the revealed (player, card, value), as
    a tuple and by player (made in one pass: a comprehension is a call of its own).

    A hand's value: its card's, The One Ring 7 (HOB-12), +1 per discarded Count (PEG-15).
    """
    edition_id = st.game.edition
    end = ROUND_END[edition_id]  # read by name: unpacking a NamedTuple is slower than a plain
    values, count = end.values, end.count_card  # tuple's, and most rounds need only three
    reveal = []
    shown: Shown = {}
    alive, hands, discards = st.alive, st.hands, st.discards
    for i, pid in enumerate(st.game.ids):
        if alive >> i & 1:
            card = hands[i][0]
            value = values[card] + discards[i].count(count) if count else values[card]
            reveal.append((pid, card, value))
            shown[pid] = (card, value)
    cands = reveal
    bishop = end.bishop
    if bishop and end.out_if_discarded in [card for _, card, _ in reveal]:
        cands = [r for r in reveal if r[1] != bishop]  # PEG-13
    best, tied = -1, []
    for pid, _, value in cands:
        if value > best:
            best, tied = value, [pid]
        elif value == best:
            tied.append(pid)
    if len(tied) > 1 and end.tie_by_discards:  # L5R-11
        cost = VALUES[edition_id]
        sums = {pid: sum([cost[c] for c in discards[st.seat(pid)]]) for pid in tied}
        top = max(sums.values())
        tied = [pid for pid in tied if sums[pid] == top]
    return tuple(tied), tuple(reveal), shown


def end_round(st: GameState, ev: Events, ended_by: str, next_round: bool = True) -> int | None:
    """C-7: winners gain a token, the Jester pays out, the set-aside card is revealed.

    Returns where the next round's events start in `ev`, or None: the game is over (or,
    with `next_round` False, the next round, deciding or not, is left undealt).
    """
    g = st.game
    if ended_by == "last_standing":
        alive = st.alive
        winners: tuple[str, ...] = (g.ids[alive.bit_length() - 1],) if alive else ()
        reveal: Reveal = ()
        shown: Shown = {}
    else:
        winners, reveal, shown = round_winners(st)
    rd = st.rd = st.rd.copy()
    tokens = rd.tokens = [*rd.tokens]
    for w in winners:  # gain_token without its mid-round win check: not a Bishop or Marshal
        _add_token(tokens, ev, w, g.index[w], "round")
    if st.jester is not None and st.jester[1] in winners:  # PEG-19
        _add_token(tokens, ev, st.jester[0], g.index[st.jester[0]], "jester")
    _record(st, ev, ended_by, winners, reveal, shown)
    if rd.deciding:
        if len(winners) == 1:
            finish_game(st, ev, winners[0])
            return None
        return deciding_round(st, ev, winners, winners) if next_round else None
    best = max(tokens)
    if best >= target(st):
        leaders = tuple([p for p, t in zip(g.ids, tokens, strict=True) if t == best])
        if len(leaders) == 1:
            finish_game(st, ev, leaders[0])
            return None
        return deciding_round(st, ev, leaders, winners) if next_round else None
    if not next_round:
        return None
    return start_round(st, ev, _ALL_SEATS[len(tokens)], winners, own_rd=True)  # C-2: winners


def starters(st: GameState, seats: tuple[int, ...], winners: tuple[str, ...]) -> tuple[str, ...]:
    """C-2: the previous round's winners, each moved on to the next seat that plays."""
    out: dict[str, None] = {}
    ids = st.game.ids
    n = len(ids)
    for w in winners:
        seat = st.seat(w)
        for step in range(n):
            cand = (seat + step) % n
            if cand in seats:
                out.setdefault(ids[cand])
                break
    return tuple(out)


def deciding_round(
    st: GameState, ev: Events, players: tuple[str, ...], winners: tuple[str, ...]
) -> int:
    """C-9: only the tied leaders play on; the winner of that round wins the game."""
    ev.append(E.DecidingRound(players))
    seats = tuple(sorted(st.seat(p) for p in players))
    return start_round(st, ev, seats, starters(st, seats, winners), deciding=True, own_rd=True)


def _record(
    st: GameState,
    ev: Events,
    ended_by: str,
    winners: tuple[str, ...],
    reveal: Reveal,
    shown: Shown,
) -> None:
    rd = st.rd  # already a copy of its own (end_round, win_mid_round)
    drawn = st.set_aside_used
    ev.append(E.RoundEnded(rd.round_no, ended_by, winners, reveal, rd.set_aside, drawn))
    ids = st.game.ids
    result = RoundResult(
        rd.round_no,
        ids if len(rd.round_seats) == len(ids) else tuple([ids[i] for i in rd.round_seats]),
        ids[rd.first],
        ended_by,
        winners,
        st.knocked_out,
        rd.set_aside,
        shown,
        rd.deciding,
        drawn,
    )
    rd.history = (*rd.history, result)


def _add_token(tokens: list[int], ev: Events, pid: str, seat: int, reason: str) -> None:
    """One more token for `seat` in `tokens` (a fresh copy), announced."""
    tokens[seat] += 1
    ev.append(S.TOKEN_GAINED[pid, reason, tokens[seat]])


def gain_token(st: GameState, ev: Events, seat: int, reason: str) -> None:
    """A tally token; a Bishop or Marshal token that reaches the target ends the game at once."""
    rd = st.rd = st.rd.copy()
    pid = st.game.ids[seat]
    tokens = rd.tokens = rd.tokens[:]
    _add_token(tokens, ev, pid, seat, reason)
    if reason in ("bishop", "marshal") and not rd.deciding and tokens[seat] >= target(st):
        win_mid_round(st, ev, pid)


def target(st: GameState) -> int:
    """Tokens that win this game."""
    known = st.game.target
    return known if known is not None else edition(st.game.edition).target(len(st.game.ids))


def win_mid_round(st: GameState, ev: Events, winner: str) -> None:
    """PEG-11, PEG-14: a Bishop or Marshal token reached the target: the game ends now."""
    st.pending = None
    st.rd = st.rd.copy()
    _record(st, ev, "game_won", (), (), {})
    finish_game(st, ev, winner)


def finish_game(st: GameState, ev: Events, winner: str) -> None:
    st.over = True
    st.winner = winner
    st.pending = None
    ev.append(E.GameEnded(winner, tuple(zip(st.game.ids, st.rd.tokens, strict=True))))
