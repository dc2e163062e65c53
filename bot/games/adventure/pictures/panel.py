"""The panel under the map: a banner line (what happens now), the player strip (each hobbit's
token, name, LP, GP, talismans and state) and the legend. Geometry only: where each text,
token and mark goes, so tests can check sizes without drawing.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, NamedTuple

from bot.games.adventure.pictures.facts import BoardFacts, HobbitFacts
from bot.games.adventure.pictures.layout import MAP_HEIGHT, MARK, WIDTH, Text
from bot.i18n import _, p_
from bot.ui.fonts import font

SIZE: Final = 23  # every panel text; its capital letters are MIN_TEXT tall or more
BANNER: Final = 40
ROW: Final = 40
LEGEND_ROW: Final = 34
MARGIN: Final = 12
MARK_HALF: Final = MARK - 2  # a talisman mark's half width (marks.mark)


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


def words() -> dict[str, str]:
    """Each legend icon's words in the reader's language. Their context, "board picture", keeps
    these states and nouns apart from the same English words said elsewhere ("Fight" is also a
    button, a verb)."""
    return {
        "ring": p_("board picture", "Can travel there"),
        "talismans": p_("board picture", "Talismans"),
        "arrow": p_("board picture", "Last move"),
        "active": p_("board picture", "To move"),
        "fight": p_("board picture", "Fight"),
        "duel": p_("board picture", "Riddle duel"),
        "out": p_("board picture", "Out"),
        "winner": p_("board picture", "Winner"),
    }


def status(h: HobbitFacts) -> str:
    """What the hobbit is in now, in the reader's language ("" for nothing)."""
    if h.token.out:
        return words()["out"]
    if h.mark == "fight":
        return p_("board picture", "Fighting")
    if h.mark in ("duel", "winner"):
        return words()[h.mark]
    return words()["active"] if h.token.active else ""


def row(i: int, h: HobbitFacts) -> Row:
    """One hobbit's line: token, name, LP, GP, talismans, state. The talismans and the state
    move right when the gold before them is written longer ("Gold 100" in German)."""
    top = MAP_HEIGHT + BANNER + i * ROW
    base, mid = top + 29, top + ROW / 2
    gold = Text(_("GP {n}", n=h.gp), 385, base, SIZE, 600)
    texts = [
        Text(fit(h.name, 230), 50, base, SIZE),
        Text(_("LP {n}", n=h.lp), 300, base, SIZE, 600),
        gold,
    ]
    first = max(480, gold.box().right + 8 + MARK_HALF)
    marks = tuple((first + k * 18, mid, c) for k, c in enumerate(h.talismans[:4]))
    state = status(h)
    if state:
        texts.append(Text(state, max(560, first + 3 * 18 + MARK_HALF + 12), base, SIZE))
    return Row((26, mid), tuple(texts), marks)


class Item(NamedTuple):
    """One legend entry: its icon (what to draw), the icon's centre and its words."""

    icon: str
    x: float
    y: float
    text: Text


LEGEND: Final = (("ring", "talismans", "arrow"), ("active", "fight", "duel", "out", "winner"))
"""The legend's rows of icons, each with its `words()`."""
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
    said = words()
    for r, icons in enumerate(LEGEND):
        x: float = MARGIN
        mid = top + r * LEGEND_ROW + LEGEND_ROW / 2
        for icon in icons:
            w = ICON.get(icon.split(":")[0], 30)
            text = Text(said[icon], x + w + 4, mid + 8, SIZE, 500)
            out.append(Item(icon, x + w / 2, mid, text))
            x += w + 4 + f.getlength(said[icon]) / 2 + 18
    return tuple(out)


def texts(facts: BoardFacts) -> tuple[Text, ...]:
    """Every text the panel draws for these facts (the legend's included)."""
    out = [banner(facts)] if facts.banner else []
    for i, h in enumerate(facts.hobbits):
        out += row(i, h).texts
    out += [item.text for item in legend(len(facts.hobbits))]
    return tuple(out)
