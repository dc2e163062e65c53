"""The project's board of Middle-earth (ADV-2): 33 places, 46 roads, distances computed once.

Places are data, keyed by their scenario id (adventure-scenario-format.md, "Ids"): the name in
lower case, accents dropped, other runs of characters turned into one `_`. The distance between
two places is the fewest roads between them; every pair is worked out once at import.
"""

from __future__ import annotations

import unicodedata
from collections import deque
from dataclasses import dataclass
from functools import cache
from typing import Final

HAVEN: Final = "haven"
VILLAGE: Final = "village"
ADVENTURE: Final = "adventure"
PERIL: Final = "peril"
DANGER: Final = "danger"
LAIR: Final = "lair"
KINDS: Final = (HAVEN, VILLAGE, ADVENTURE, PERIL, DANGER, LAIR)
"""Place kinds, in the order ADV-2 lists them."""

KIND_SYMBOLS: Final = {
    HAVEN: "★",
    VILLAGE: "⬟",
    ADVENTURE: "●",
    PERIL: "◆",
    DANGER: "⬢",
    LAIR: "⌂",
}

HOBBITS: Final = "hobbits"
DWARVES: Final = "dwarves"
MEN: Final = "men"
PEOPLES: Final = (HOBBITS, DWARVES, MEN)
"""The peoples a Village is keyed to (which goods it sells, ADV-5)."""


def to_id(name: str) -> str:
    """The scenario id of a place or card name: `Thranduil's Halls` -> `thranduil_s_halls`."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    out: list[str] = []
    for ch in plain:
        if "a" <= ch <= "z" or "0" <= ch <= "9":
            out.append(ch)
        elif not out or out[-1] != "_":
            out.append("_")
    return "".join(out).strip("_")


@dataclass(frozen=True, slots=True)
class Place:
    """One place of the board: its id, printed name, kind and (Villages only) people."""

    id: str
    name: str
    kind: str
    people: str | None = None

    @property
    def symbol(self) -> str:
        return KIND_SYMBOLS[self.kind]


def _place(name: str, kind: str, people: str | None = None) -> Place:
    return Place(to_id(name), name, kind, people)


_PLACE_LIST: Final = (
    _place("Grey Havens", HAVEN),
    _place("Rivendell", HAVEN),
    _place("Lórien", HAVEN),
    _place("Thranduil's Halls", HAVEN),
    _place("Rhosgobel", HAVEN),
    _place("Hobbiton", VILLAGE, HOBBITS),
    _place("Ered Luin", VILLAGE, DWARVES),
    _place("Bree", VILLAGE, MEN),
    _place("Lake-town", VILLAGE, MEN),
    _place("Dale", VILLAGE, MEN),
    _place("Erebor", VILLAGE, DWARVES),
    _place("Iron Hills", VILLAGE, DWARVES),
    _place("Old Forest", ADVENTURE),
    _place("Weathertop", ADVENTURE),
    _place("North Downs", ADVENTURE),
    _place("Trollshaws", ADVENTURE),
    _place("Hollin", ADVENTURE),
    _place("Carrock", ADVENTURE),
    _place("Gladden Fields", ADVENTURE),
    _place("Forest Road", ADVENTURE),
    _place("Brown Lands", ADVENTURE),
    _place("Long Marshes", ADVENTURE),
    _place("Gundabad", ADVENTURE),
    _place("Barrow-downs", PERIL),
    _place("Mount Gram", PERIL),
    _place("Ettenmoors", PERIL),
    _place("High Pass", PERIL),
    _place("Mirkwood", PERIL),
    _place("Withered Heath", PERIL),
    _place("Grey Mountains", PERIL),
    _place("Moria", DANGER),
    _place("Dol Guldur", DANGER),
    _place("Carn Dûm", LAIR),
)

PLACES: Final[dict[str, Place]] = {p.id: p for p in _PLACE_LIST}
"""Every place by id, in the order ADV-2 lists them."""

_ROAD_NAMES: Final = (
    ("Grey Havens", "Ered Luin"),
    ("Grey Havens", "Hobbiton"),
    ("Ered Luin", "Hobbiton"),
    ("Hobbiton", "Old Forest"),
    ("Old Forest", "Barrow-downs"),
    ("Old Forest", "Bree"),
    ("Barrow-downs", "Bree"),
    ("Bree", "Weathertop"),
    ("Bree", "North Downs"),
    ("North Downs", "Carn Dûm"),
    ("Weathertop", "Trollshaws"),
    ("Weathertop", "Mount Gram"),
    ("Mount Gram", "Carn Dûm"),
    ("Mount Gram", "Ettenmoors"),
    ("Trollshaws", "Rivendell"),
    ("Trollshaws", "Ettenmoors"),
    ("Ettenmoors", "Carn Dûm"),
    ("Ettenmoors", "Rivendell"),
    ("Rivendell", "High Pass"),
    ("Rivendell", "Hollin"),
    ("Hollin", "Moria"),
    ("Moria", "Lórien"),
    ("Lórien", "Gladden Fields"),
    ("Lórien", "Brown Lands"),
    ("High Pass", "Carrock"),
    ("Carrock", "Gladden Fields"),
    ("Carrock", "Forest Road"),
    ("Gladden Fields", "Rhosgobel"),
    ("Rhosgobel", "Dol Guldur"),
    ("Rhosgobel", "Forest Road"),
    ("Dol Guldur", "Brown Lands"),
    ("Dol Guldur", "Mirkwood"),
    ("Forest Road", "Mirkwood"),
    ("Forest Road", "Long Marshes"),
    ("Mirkwood", "Thranduil's Halls"),
    ("Thranduil's Halls", "Lake-town"),
    ("Thranduil's Halls", "Grey Mountains"),
    ("Lake-town", "Long Marshes"),
    ("Lake-town", "Dale"),
    ("Dale", "Erebor"),
    ("Erebor", "Iron Hills"),
    ("Erebor", "Withered Heath"),
    ("Iron Hills", "Withered Heath"),
    ("Withered Heath", "Grey Mountains"),
    ("Grey Mountains", "Gundabad"),
    ("Gundabad", "Carn Dûm"),
)

ROADS: Final[tuple[tuple[str, str], ...]] = tuple((to_id(a), to_id(b)) for a, b in _ROAD_NAMES)
"""The 46 roads as pairs of place ids; each may be travelled both ways."""


def _neighbours() -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {pid: [] for pid in PLACES}
    for a, b in ROADS:
        found[a].append(b)
        found[b].append(a)
    return {pid: tuple(ns) for pid, ns in found.items()}


NEIGHBOURS: Final[dict[str, tuple[str, ...]]] = _neighbours()
"""For each place id, the places one road away."""


def _distances() -> dict[str, dict[str, int]]:
    table: dict[str, dict[str, int]] = {}
    for start in PLACES:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in NEIGHBOURS[here]:
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        table[start] = seen
    return table


DISTANCES: Final[dict[str, dict[str, int]]] = _distances()
"""DISTANCES[a][b]: the fewest roads between a and b (0 for a place and itself)."""


def neighbours(place: str) -> tuple[str, ...]:
    """The places one road from `place`."""
    return NEIGHBOURS[place]


def distance(a: str, b: str) -> int:
    """The fewest roads between two places."""
    return DISTANCES[a][b]


@cache
def within(place: str, reach: int) -> tuple[str, ...]:
    """Every place at distance 1..reach from `place`, in board order (worked out once)."""
    row = DISTANCES[place]
    return tuple(pid for pid in PLACES if 0 < row[pid] <= reach)


def of_kind(kind: str) -> tuple[str, ...]:
    """Every place of one kind, in board order."""
    return tuple(p.id for p in _PLACE_LIST if p.kind == kind)


START: Final = "hobbiton"
LAIR_PLACE: Final = "carn_dum"

TALISMAN_HAVENS: Final = ("grey_havens", "rivendell", "lorien", "thranduil_s_halls")
"""The Havens holding a blue and a green talisman at setup, in ADV-1 order."""

START_TALISMANS: Final[dict[str, tuple[str, ...]]] = {
    **dict.fromkeys(TALISMAN_HAVENS, ("blue", "green")),
    "dol_guldur": ("red",) * 4,
    "moria": ("yellow",) * 4,
}
"""What lies at each place at setup (ADV-1)."""

HEAL_HAVENS: Final = ("rivendell", "lorien")
MAGIC_HAVENS: Final = ("grey_havens", "rhosgobel", "thranduil_s_halls")
