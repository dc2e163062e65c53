"""The dice (ADV-1): scripted results first (scenario format), then the game's own generator.

The generator is a 64-bit splitmix kept in the state as one integer, so a state saved to JSON
rolls on exactly as the live one would, and `apply` needs no random.Random of its own.
"""

from __future__ import annotations

from typing import Final

from engine.adventure.state import State
from engine.api import Refused

MOVEMENT_FACES: Final[tuple[int | str, ...]] = (1, 1, 2, 2, 3, "eagle")
COMBAT_FACES: Final = ("d1", "d2", "d3", "p1", "p2", "p3")
_MASK: Final = (1 << 64) - 1


class NoDice(Refused):
    """A die was needed but its script is empty and the game has no seed."""


def _next(s: State, n: int, die: str) -> int:
    if s.rng is None:
        raise NoDice(f"The {die} die has no scripted result left and the scenario has no seed.")
    z = s.rng = (s.rng + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) % n


def draw_index(s: State, n: int) -> int:
    """A uniform index below n from the game's generator (for AI sampling on a copy)."""
    return _next(s, n, "green")


def movement(s: State) -> int | str:
    queue = s.dice.get("movement")
    if queue:
        return queue.pop(0)  # type: ignore[no-any-return]
    return MOVEMENT_FACES[_next(s, 6, "movement")]


def green(s: State) -> int:
    queue = s.dice.get("green")
    if queue:
        return int(queue.pop(0))
    return _next(s, 6, "green") + 1


def combat(s: State) -> str:
    queue = s.dice.get("combat")
    if queue:
        return str(queue.pop(0))
    return COMBAT_FACES[_next(s, 6, "combat")]


def combat_roll(s: State) -> list[str]:
    """The three combat dice of a roll (ADV-6 step 4), in one call. With scripted dice each die
    is taken as `combat` takes it, so a script running out mid-roll goes on with the generator
    just as three single dice would; without (every game not scripted) the three faces come
    straight from the generator, with no look-up of the script for each."""
    if s.dice.get("combat"):
        return [combat(s), combat(s), combat(s)]
    return [COMBAT_FACES[_next(s, 6, "combat")] for _ in range(3)]


FACE_VALUE: Final = {f: int(f[1]) if f[0] == "d" else -int(f[1]) for f in COMBAT_FACES}
"""A combat face as a signed number: digits count up, pips count down."""


def combat_result(faces: list[str] | tuple[str, ...]) -> int:
    """|digits - pips| (ADV-6 step 4): [d2][p1][d3] = 4, [d3][d3][d3] = 9."""
    total = 0
    for face in faces:  # a loop: cheaper than sum(map(...)) over three dice
        total += FACE_VALUE[face]
    return abs(total)
