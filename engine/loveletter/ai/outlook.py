"""A playout's worth: the chance of winning the game from the tokens each player holds.

Counting a round by tokens alone treats every token alike, yet a token that wins the game
is worth everything and one for a player far ahead is worth little. Here every future round
is taken to go to any player in it alike, and the chance that the viewer reaches the target
first is computed exactly from the tokens each still needs. Players who reach the target
together with the same count play a deciding round (C-9), a fair draw among them too.
"""

from __future__ import annotations

from functools import lru_cache


def win_chance(tokens: list[int], me: int, target: int) -> float:
    """Chance that seat `me` is the first to `target` tokens, every round a fair draw."""
    best = max(tokens)
    if best >= target:  # the game is decided, or goes to a deciding round among the leaders
        return 1.0 / tokens.count(best) if tokens[me] == best else 0.0
    others = tuple(sorted(target - t for i, t in enumerate(tokens) if i != me))
    return _chance(target - tokens[me], others)


@lru_cache(maxsize=4096)
def _chance(mine: int, others: tuple[int, ...]) -> float:
    """Needing `mine` more tokens against players needing `others`: the chance I get there first."""
    if mine == 0:
        return 1.0
    if not others:
        return 1.0
    if others[0] == 0:  # someone else got there first
        return 0.0
    total = _chance(mine - 1, others)
    for i, need in enumerate(others):
        rest = tuple(sorted(others[:i] + (need - 1,) + others[i + 1 :]))
        total += _chance(mine, rest)
    return total / (len(others) + 1)
