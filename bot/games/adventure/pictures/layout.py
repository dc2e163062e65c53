"""Where everything fixed on the board picture sits, as boxes on the sent picture.

The picture is read about 400 px wide on a phone, so every text on it is at least
`MIN_TEXT` px tall at its native `WIDTH` (8 px at 400). Each place has its symbol, its name
on one side of the symbol (`SIDE`: s, n, e, w; long names on two lines) and, for the places
that start with talismans, a row of talisman marks on the side left free; the place kinds'
key sits in the map's empty bottom-left corner. These boxes are what tokens must never
cover; `reserved()` lists them all.
The geography is only loosely Tolkien's; the roads and distances are the engine's.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from bot.games.adventure.pictures.cached import per_locale
from bot.i18n import N_, _
from bot.ui.fonts import font
from engine.adventure import board as B

WIDTH: Final = 800
MAP_HEIGHT: Final = 880
MIN_TEXT: Final = 8 * WIDTH / 400
"""The least ink height of any text at native size: 8 px once shown 400 px wide."""
ZOOM: Final = 2
"""The background is drawn this much larger and shrunk once (smooth shapes and text)."""

NAME_SIZE: Final = 23
NAME_WEIGHT: Final = 700
LINE: Final = 25  # a two-line name's line pitch
R: Final = 13  # a place symbol's radius
RING: Final = 21  # the reach ring's outer radius around a place's centre
MARK: Final = 9  # a talisman mark's half height (18 px tall)
MARK_STEP: Final = 16  # talisman marks' spacing
GAP: Final = 3
HALF_TOKEN: Final = 18  # a token's box half size (its state ring included)
TOKEN_R: Final = 15  # a token disc's radius
LABEL_SIZE: Final = 24  # a token's letter


class Box(NamedTuple):
    """A rectangle: left, top, right, bottom (native pixels)."""

    left: float
    top: float
    right: float
    bottom: float

    def meets(self, other: Box) -> bool:
        return (
            self.left < other.right
            and other.left < self.right
            and self.top < other.bottom
            and other.top < self.bottom
        )

    @property
    def height(self) -> float:
        return self.bottom - self.top


POS: Final[dict[str, tuple[int, int]]] = {
    "grey_havens": (34, 418),
    "ered_luin": (70, 237),
    "hobbiton": (150, 363),
    "old_forest": (190, 501),
    "barrow_downs": (95, 616),
    "bree": (255, 616),
    "north_downs": (210, 237),
    "weathertop": (315, 462),
    "carn_dum": (215, 55),
    "mount_gram": (345, 226),
    "trollshaws": (355, 616),
    "ettenmoors": (430, 352),
    "rivendell": (470, 495),
    "high_pass": (550, 374),
    "hollin": (390, 748),
    "moria": (480, 814),
    "lorien": (600, 770),
    "gladden_fields": (540, 632),
    "carrock": (610, 473),
    "brown_lands": (700, 853),
    "rhosgobel": (670, 625),
    "dol_guldur": (760, 726),
    "forest_road": (645, 345),
    "mirkwood": (765, 545),
    "long_marshes": (600, 245),
    "thranduil_s_halls": (765, 415),
    "lake_town": (765, 265),
    "dale": (640, 150),
    "erebor": (765, 120),
    "iron_hills": (680, 35),
    "withered_heath": (525, 95),
    "grey_mountains": (500, 209),
    "gundabad": (370, 66),
}
"""Every place's centre, by place id (x east, y south)."""

SIDE: Final[dict[str, str]] = {
    "grey_havens": "s",
    "ered_luin": "s",
    "hobbiton": "s",
    "old_forest": "s",
    "barrow_downs": "s",
    "bree": "s",
    "north_downs": "s",
    "weathertop": "s",
    "carn_dum": "s",
    "mount_gram": "s",
    "trollshaws": "s",
    "ettenmoors": "s",
    "rivendell": "s",
    "high_pass": "s",
    "hollin": "s",
    "moria": "s",
    "lorien": "s",
    "gladden_fields": "s",
    "carrock": "s",
    "brown_lands": "w",
    "rhosgobel": "s",
    "dol_guldur": "s",
    "forest_road": "s",
    "mirkwood": "s",
    "long_marshes": "s",
    "thranduil_s_halls": "s",
    "lake_town": "n",
    "dale": "s",
    "erebor": "s",
    "iron_hills": "s",
    "withered_heath": "s",
    "grey_mountains": "s",
    "gundabad": "s",
}
"""Which side of its symbol a place's name is written on."""

LEFT_EDGE: Final = {"hobbiton": 96}
"""Where a name may start at the furthest west (a longer name grows east instead): Hobbiton's
keeps the room east of Grey Havens free for tokens in every language."""

LONG: Final = 150
"""A name wider than this (native px) is written on two lines where it can be broken."""

TWO_LINES: Final = {
    # TRANSLATORS: a long place name as the board picture writes it, on two lines (the name
    # of the game's texts; end the first line with "-" to break inside a word, or give one line)
    "thranduil_s_halls": N_("Thranduil's\nHalls"),
    "grey_mountains": N_("Grey\nMountains"),
    "withered_heath": N_("Withered\nHeath"),
    "gladden_fields": N_("Gladden\nFields"),
    "long_marshes": N_("Long\nMarshes"),
    "north_downs": N_("North\nDowns"),
    "grey_havens": N_("Grey\nHavens"),
    "barrow_downs": N_("Barrow-\ndowns"),
}
"""Long names and where they break, in each language (any other name wider than `LONG` breaks
at the space or hyphen nearest its middle)."""


def _spells(lines: list[str], name: str) -> bool:
    """Whether one or two lines spell `name` (a hyphen ending the first line is the name's own,
    or a break inside a word)."""
    if len(lines) == 1:
        return lines[0] == name
    if len(lines) != 2:
        return False
    first, second = lines
    if first.endswith("-"):
        return name in (first + second, first[:-1] + second)
    return name == f"{first} {second}"


def name_lines(pid: str) -> tuple[str, ...]:
    """A place's name as the reader reads it, as written on the picture: one line, or two for
    a long name."""
    name = _(B.PLACES[pid].name)
    if pid in TWO_LINES:
        lines = _(TWO_LINES[pid]).split("\n")
        if _spells(lines, name):
            return tuple(lines)
    wide = font(NAME_SIZE * ZOOM, NAME_WEIGHT).getlength(name) / ZOOM > LONG
    breaks = [i for i, ch in enumerate(name) if ch in " -"]
    if not breaks or not wide:
        return (name,)
    at = min(breaks, key=lambda i: abs(len(name) - 2 * i))
    if name[at] == " ":
        return (name[:at], name[at + 1 :])
    return (name[: at + 1], name[at + 1 :])


def cap_height(size: int, weight: int) -> float:
    """A capital letter's height at native `size`."""
    return Text("H", 0, 0, size, weight).box().height


@per_locale()
def name_baselines(pid: str) -> tuple[tuple[str, float, float], ...]:
    """Each line of a place's name with its left x and baseline y (native pixels)."""
    x, y = POS[pid]
    lines = name_lines(pid)
    widths = [font(NAME_SIZE * ZOOM, NAME_WEIGHT).getlength(t) / ZOOM for t in lines]
    cap = cap_height(NAME_SIZE, NAME_WEIGHT)
    side = SIDE[pid]
    block = cap + LINE * (len(lines) - 1)
    if side == "s":
        first = y + RING + GAP + cap
    elif side == "n":
        first = y - RING - GAP - block + cap
    else:
        first = y - block / 2 + cap
    out = []
    for i, (t, w) in enumerate(zip(lines, widths, strict=True)):
        left: float
        if side == "e":
            left = x + RING + GAP
        elif side == "w":
            left = x - RING - GAP - w
        else:
            left = x - w / 2
        left = min(max(left, LEFT_EDGE.get(pid, 2)), WIDTH - w - 2)
        out.append((t, left, first + i * LINE))
    return tuple(out)


def name_boxes(pid: str) -> tuple[Box, ...]:
    """The ink boxes of a place's name lines."""
    return tuple(
        Text(t, left, base, NAME_SIZE, NAME_WEIGHT).box() for t, left, base in name_baselines(pid)
    )


def symbol_box(pid: str) -> Box:
    """A place's symbol with its reach ring."""
    x, y = POS[pid]
    return Box(x - RING, y - RING, x + RING, y + RING)


def talisman_centres(pid: str, count: int) -> tuple[tuple[float, float], ...]:
    """Where `count` talisman marks sit: a row beside the symbol on the side its name leaves
    free (above, or below when the name is above)."""
    x, y = POS[pid]
    cy = y + RING + GAP + MARK if SIDE[pid] == "n" else y - RING - GAP - MARK
    return tuple((x - (count - 1) * MARK_STEP / 2 + i * MARK_STEP, cy) for i in range(count))


def talisman_box(pid: str) -> Box | None:
    """The row of talisman marks a place can hold (those that start with talismans)."""
    count = len(B.START_TALISMANS.get(pid, ()))
    if not count:
        return None
    xs = [c[0] for c in talisman_centres(pid, count)]
    cy = talisman_centres(pid, count)[0][1]
    return Box(min(xs) - MARK, cy - MARK, max(xs) + MARK, cy + MARK)


KEY_LEFT: Final = 8
KEY_TOP: Final = 768
KEY_COLUMN: Final = 165
"""The second column's offset, or more when a word of the first is longer (German)."""
KEY_WORDS: Final = 34  # from a column's left edge to its words
KEY_ROW: Final = 34
KEY_SIZE: Final = 23  # capitals MIN_TEXT tall
KEY_ICON: Final = 15  # a key symbol's half size


KIND_NAMES: Final = {
    B.HAVEN: N_("Haven"),
    B.VILLAGE: N_("Village"),
    B.ADVENTURE: N_("Adventure"),
    B.PERIL: N_("Peril"),
    B.DANGER: N_("Danger"),
    B.LAIR: N_("Lair"),
}
"""The place kinds as the key names them."""


class KeyItem(NamedTuple):
    """One entry of the map's key: a place kind's symbol (its centre) and its name."""

    kind: str
    x: float
    y: float
    text: Text


@per_locale()
def key() -> tuple[KeyItem, ...]:
    """The place kinds' key, two columns in the map's empty bottom-left corner, as a printed
    map has it (it keeps the panel under the map shorter)."""
    words = [_(KIND_NAMES[kind]) for kind in B.KINDS]
    f = font(KEY_SIZE * ZOOM, 500)
    widest = max(f.getlength(w) / ZOOM for w in words[::2])
    column = max(KEY_COLUMN, KEY_WORDS + widest + 16)
    out = []
    for i, (kind, word) in enumerate(zip(B.KINDS, words, strict=True)):
        x = KEY_LEFT + (i % 2) * column
        mid = KEY_TOP + (i // 2) * KEY_ROW + KEY_ROW / 2
        text = Text(word, x + KEY_WORDS, mid + 8, KEY_SIZE, 500)
        out.append(KeyItem(kind, x + KEY_ICON, mid, text))
    return tuple(out)


def key_boxes() -> tuple[Box, ...]:
    """The key's symbols and words."""
    out: list[Box] = []
    for k in key():
        out.append(Box(k.x - KEY_ICON, k.y - KEY_ICON, k.x + KEY_ICON, k.y + KEY_ICON))
        out.append(k.text.box())
    return tuple(out)


@per_locale()
def reserved() -> tuple[Box, ...]:
    """Every place's name, symbol and talisman boxes, and the key: what a token must never
    cover."""
    out: list[Box] = list(key_boxes())
    for pid in B.PLACES:
        out += name_boxes(pid)
        out.append(symbol_box(pid))
        t = talisman_box(pid)
        if t is not None:
            out.append(t)
    return tuple(out)


class Text(NamedTuple):
    """A text on the picture: where it is anchored (Pillow anchors), its size and weight."""

    text: str
    x: float
    y: float
    size: int
    weight: int = 700
    anchor: str = "ls"

    def box(self) -> Box:
        """Its ink box at native size (measured on the zoomed font it is drawn with)."""
        f = font(self.size * ZOOM, self.weight)
        left, top, right, bottom = f.getbbox(self.text, anchor=self.anchor)
        z = ZOOM
        return Box(self.x + left / z, self.y + top / z, self.x + right / z, self.y + bottom / z)


@per_locale()
def place_names() -> tuple[Text, ...]:
    """Every place's name lines as texts."""
    return tuple(
        Text(t, left, base, NAME_SIZE, NAME_WEIGHT)
        for pid in B.PLACES
        for t, left, base in name_baselines(pid)
    )


@per_locale()
def place_name_boxes() -> tuple[tuple[Text, Box], ...]:
    """Every place's name lines with their ink boxes."""
    return tuple((t, t.box()) for t in place_names())
