"""The plain reference playout `bench engine` measures the Love Letter engine against.

Random games of the Hobbit edition (rules common.md C-1 to C-9 and hobbit.md), written the
plain way: lists and ints, no events, no views, no memos. It does the work the engine's
benchmark does per move: every complete legal move listed (targets and named cards included),
one picked at random, carried out in full, and the round's end, its crowns and the game's end
(deciding rounds too). The engine does more per move (events for every reader, a state that
is never changed in place); the ratio of the two rates says what that costs.
"""

from __future__ import annotations

import random
import time

VALUE = {
    "arkenstone": 8,
    "bilbo": 7,
    "thorin": 6,
    "kili_fili": 5,
    "gandalf": 4,
    "tauriel": 3,
    "legolas": 3,
    "bard": 2,
    "smaug": 1,
    "one_ring": 0,
}
COPIES = {"kili_fili": 2, "gandalf": 2, "bard": 2, "smaug": 5}
DECK = [card for card in VALUE for _ in range(COPIES.get(card, 1))]  # HOB-1: 17 cards
NAMES = [card for card in VALUE if card != "smaug"]  # HOB-11: what Smaug may name
CROWNS = {2: 5, 3: 4, 4: 3}  # HOB-2
CHOOSES_OTHER = ("thorin", "tauriel", "legolas", "bard")
Move = tuple[str, int | None, str | None]  # (card, target seat, named card)


def legal_moves(hand: list[str], me: int, alive: list[bool], shielded: list[bool]) -> list[Move]:
    """Every (card, target, named card) the active player may play (C-3, C-5, HOB-4, HOB-13)."""
    if "bilbo" in hand and ("thorin" in hand or "kili_fili" in hand):
        return [("bilbo", None, None)]  # HOB-4: forced
    others = [i for i in range(len(alive)) if i != me and alive[i] and not shielded[i]]
    moves: list[Move] = []
    for card in dict.fromkeys(hand):  # each distinct card once, in hand order
        if card in CHOOSES_OTHER:
            moves += [(card, t, None) for t in others] or [(card, None, None)]
        elif card == "smaug":
            moves += [(card, t, n) for t in others for n in NAMES] or [(card, None, None)]
        elif card == "kili_fili":
            moves += [(card, t, None) for t in [*others, me]]
        else:
            moves.append((card, None, None))
    return moves


def play_round(players: int, first: int, rng: random.Random) -> tuple[list[int], int]:
    """One round of random moves; the winning seats and the number of moves."""
    deck = DECK[:]
    rng.shuffle(deck)
    aside = deck.pop()  # C-1
    if players == 2:
        del deck[-3:]  # face up, out of the round
    hands = [[deck.pop()] for _ in range(players)]
    discards: list[list[str]] = [[] for _ in range(players)]
    alive, shielded = [True] * players, [False] * players

    def knock_out(seat: int) -> None:
        alive[seat] = False
        discards[seat] += hands[seat]
        hands[seat] = []

    me, moves = first, 0
    while True:
        shielded[me] = False  # C-3.1
        hands[me].append(deck.pop())
        legal = legal_moves(hands[me], me, alive, shielded)
        card, target, named = legal[int(rng.random() * len(legal))]
        moves += 1
        hands[me].remove(card)
        discards[me].append(card)
        if card == "arkenstone":
            knock_out(me)  # HOB-3
        elif card == "gandalf":
            shielded[me] = True
        elif target is not None and card == "thorin":
            hands[me], hands[target] = hands[target], hands[me]
        elif target is not None and card in ("legolas", "tauriel"):
            mine, theirs = VALUE[hands[me][0]], VALUE[hands[target][0]]
            if mine != theirs:
                lower = me if mine < theirs else target
                knock_out(lower if card == "legolas" else me + target - lower)
        elif target is not None and card == "smaug" and hands[target][0] == named:
            knock_out(target)
        elif card == "kili_fili":
            assert target is not None
            dropped = hands[target].pop()
            discards[target].append(dropped)
            if dropped == "arkenstone":
                knock_out(target)
            else:
                hands[target].append(deck.pop() if deck else aside)
        if alive.count(True) == 1:
            return [alive.index(True)], moves
        if not deck:  # C-7: the highest hand wins, the One Ring counting 7 (HOB-12)
            value = [VALUE[h[0]] if h[0] != "one_ring" else 7 for h in hands if h]
            best = max(value)
            seats = [s for s in range(players) if alive[s]]
            return [s for s, v in zip(seats, value, strict=True) if v == best], moves
        me = (me + 1) % players
        while not alive[me]:
            me = (me + 1) % players


def play_game(players: int, rng: random.Random) -> tuple[int, int]:
    """A whole game (C-2, C-8, C-9); its rounds and moves."""
    crowns = [0] * players
    in_round = list(range(players))  # the seats of this round (fewer in a deciding round)
    first = rng.randrange(players)
    rounds = moves = 0
    while True:
        won, made = play_round(len(in_round), in_round.index(first), rng)
        rounds, moves = rounds + 1, moves + made
        winners = [in_round[w] for w in won]
        deciding = len(in_round) < players
        for w in winners:
            crowns[w] += 1
        if deciding and len(winners) == 1:
            return rounds, moves
        if not deciding:
            most = max(crowns)
            leaders = [p for p in range(players) if crowns[p] == most]
            if most >= CROWNS[players]:
                if len(leaders) == 1:
                    return rounds, moves
                winners = leaders
        if deciding or most >= CROWNS[players]:
            in_round = winners  # C-9: a deciding round for those tied
        first = rng.choice(winners)  # C-2
        if first not in in_round:
            first = next((p for p in in_round if p > first), in_round[0])


def play_rounds(players: int, rounds: int, seed: int) -> tuple[int, int, float]:
    """Whole games until `rounds` rounds were played: (rounds, moves, seconds)."""
    rng = random.Random(seed)
    done = moves = 0
    start = time.process_time()
    while done < rounds:
        r, m = play_game(players, rng)
        done, moves = done + r, moves + m
    return done, moves, time.process_time() - start
