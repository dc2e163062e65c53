"""The panel under the map: a banner line (what happens now), the player strip (each hobbit's
token, name, LP, GP, talismans and state) and the legend. Geometry only: where each text,
token and mark goes, so tests can check sizes without drawing.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, NamedTuple

from bot.games.adventure.picture.facts import BoardFacts, HobbitFacts
from bot.games.adventure.picture.layout import MAP_HEIGHT, WIDTH, Text
from bot.i18n import N_, _
from bot.ui.fonts import font

SIZE: Final = 23  # every panel text; its capital letters are MIN_TEXT tall or more
BANNER: Final = 40
ROW: Final = 40
LEGEND_ROW: Final = 34
MARGIN: Final = 12
STATUS = {
    "fight": N_("Fighting"),
    "duel": N_("Riddle duel"),
    "winner": N_("Winner"),
}


def height(seats: int) -> int:
    """The whole picture's height for `seats` hobbits."""
    return MAP_HEIGHT + BANNER + seats * ROW + 8 + len(LEGEND) * LEGEND_ROW + 8


@lru_cache(maxsize=1024)
def fit(text: str, width: float, size: int = SIZE, weight: int = 700) -> str:
    """`text`, shortened with an ellipsis until it is at most `width` px wide."""
    f = font(size * 2, weight)
    if f.getlength(text) / 2 <= width:
        return text
    while text and f.getlength(text + "…") / 2 > width:
        text = text[:-1]
    return text.rstrip() + "…"


def banner(facts: BoardFacts) -> Text:
    y = MAP_HEIGHT + 28
    return Text(fit(facts.banner, WIDTH - 2 * MARGIN, SIZE, 600), MARGIN, y, SIZE, 600)


class Row(NamedTuple):
    """One hobbit's line of the strip."""

    token: tuple[float, float]
    texts: tuple[Text, ...]
    marks: tuple[tuple[float, float, str], ...]


def status(h: HobbitFacts) -> str:
    """What the hobbit is in now, in the reader's language ("" for nothing)."""
    if h.token.out:
        return _("Out")
    if h.mark in STATUS:
        return _(STATUS[h.mark])
    return _("To move") if h.token.active else ""


def row(i: int, h: HobbitFacts) -> Row:
    top = MAP_HEIGHT + BANNER + i * ROW
    base, mid = top + 29, top + ROW / 2
    texts = [
        Text(fit(h.name, 230), 50, base, SIZE),
        Text(_("LP {n}", n=h.lp), 300, base, SIZE, 600),
        Text(_("GP {n}", n=h.gp), 385, base, SIZE, 600),
    ]
    state = status(h)
    if state:
        texts.append(Text(state, 560, base, SIZE))
    marks = tuple((480 + k * 18, mid, c) for k, c in enumerate(h.talismans[:4]))
    return Row((26, mid), tuple(texts), marks)


class Item(NamedTuple):
    """One legend entry: its icon (what to draw), the icon's centre and its words."""

    icon: str
    x: float
    y: float
    text: Text


LEGEND: Final = (
    (("ring", N_("Can travel there")), ("talismans", N_("Talismans")), ("arrow", N_("Last move"))),
    (
        ("active", N_("To move")),
        ("fight", N_("Fight")),
        ("duel", N_("Riddle duel")),
        ("out", N_("Out")),
        ("winner", N_("Winner")),
    ),
)
"""The legend's rows: each icon and its words (written in the reader's language)."""
ICON: Final = {
    "talismans": 40,
    "arrow": 44,
    "ring": 46,
    "active": 40,
    "fight": 40,
    "duel": 40,
    "out": 40,
    "winner": 40,
}
"""Icon widths other than the default 30."""


def legend(seats: int) -> tuple[Item, ...]:
    """The legend's items, row by row, left to right."""
    top = height(seats) - 8 - len(LEGEND) * LEGEND_ROW
    out = []
    f = font(SIZE * 2, 500)
    for r, entries in enumerate(LEGEND):
        x: float = MARGIN
        mid = top + r * LEGEND_ROW + LEGEND_ROW / 2
        for icon, english in entries:
            words = _(english)
            w = ICON.get(icon.split(":")[0], 30)
            out.append(Item(icon, x + w / 2, mid, Text(words, x + w + 4, mid + 8, SIZE, 500)))
            x += w + 4 + f.getlength(words) / 2 + 18
    return tuple(out)


def texts(facts: BoardFacts) -> tuple[Text, ...]:
    """Every text the panel draws for these facts (the legend's included)."""
    out = [banner(facts)] if facts.banner else []
    for i, h in enumerate(facts.hobbits):
        out += row(i, h).texts
    out += [item.text for item in legend(len(facts.hobbits))]
    return tuple(out)
