"""The table picture's header: a band two lines high, so the seats below keep the height.

First line: the round, the edition and the goal on the left, the draw pile on the right.
Second line: the last move in words (after a LAST mark in the colour of the ring round its
card) on the left, the face-up or set-aside cards as chips (value and name) on the right.
The first line changes only with the round (its words) and the draw pile's count: each of
its two pieces is drawn once per language and pasted after; the second line is drawn anew.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.loveletter.pictures.draw import badge, fit, length
from bot.games.loveletter.pictures.faces import CHIP, back, chip
from bot.games.loveletter.pictures.fonts import font, serif
from bot.games.loveletter.pictures.ink import Drawn, Written
from bot.games.loveletter.pictures.theme import Scheme, edition_short
from bot.i18n import _, current_locale, n_
from bot.ui.lru import SizedLru

if TYPE_CHECKING:
    from bot.games.loveletter.pictures.table import Table

LINE2 = 44  # the second line's top, from the picture's top margin
HEAD = LINE2 + CHIP  # the band's height
LABEL, BADGE = 16, 16  # captions and the LAST mark (8 px once shown 400 px wide)
MINI_BACK = (30, 40)  # the draw pile's card back
LAST_MOVE = (255, 214, 92)  # the ring round the card just played, and the word LAST
# The first line's pieces (titles by round and goal, the draw pile by count), in each language.
PIECES: SizedLru[tuple[Image.Image, tuple[Written, ...]]] = SizedLru(4 * 2**20)


def header(out: Drawn, t: Table, s: Scheme, width: int, margin: int) -> None:
    right = width - margin
    split = right if t.draw_pile is None else _pile_left(t, right)
    locale, band = current_locale(), margin + LINE2
    if t.draw_pile is not None:  # pieces that change by round or by card: drawn once each
        key: tuple[object, ...] = (locale, t.edition, "pile", t.draw_pile, width, margin)
        draw = partial(_draw_pile, t=t, s=s, right=right - split, top=margin)
        _place(out, key, s, (split, width - split, band), draw)
    plan = _titles_plan(t, s, margin, split - 16)  # its piece ends a little after its words
    key = (locale, t.edition, "titles", plan, margin)
    _place(
        out,
        key,
        s,
        (0, min(split, plan[-1] + 8), band),
        partial(_titles, plan=plan, s=s, left=margin),
    )
    x, y = right, margin + LINE2
    for caption, ids in (
        (_("SET ASIDE"), [t.set_aside] if t.set_aside else []),
        (_("FACE UP"), t.face_up),
    ):
        if ids:
            x = _chips(out, t, s, caption, list(ids), x, y) - 20
    _news(out, t, s, margin, x, y)


def _place(
    out: Drawn,
    key: tuple[object, ...],
    s: Scheme,
    at: tuple[int, int, int],
    draw: Callable[[Drawn], object],
) -> None:
    """Paste the piece of the first line kept under `key` (drawn first if need be) at
    `at` = (left, width, height): the table's colour with what `draw` writes on it."""
    x, w, h = at
    piece = PIECES.get(key)
    if piece is None:
        drawn = Drawn(Image.new("RGB", (w, h), s.table))
        draw(drawn)
        piece = (drawn.image, tuple(drawn.written))
        PIECES.put(key, piece, w * h * 3 + 200 * len(piece[1]))
    out.image.im.paste(piece[0].im, (x, 0, x + w, h))
    out.placed.append((x, 0, piece[1]))


def _pile_left(t: Table, right: int) -> int:
    """Where the draw pile (a card back and the count, ending at `right`) begins."""
    assert t.draw_pile is not None
    count, word = str(t.draw_pile), n_("card", "cards", t.draw_pile)
    return int(right - length(word, font(LABEL)) - 6 - length(count, serif(28)) - 8 - MINI_BACK[0])


def _draw_pile(out: Drawn, *, t: Table, s: Scheme, right: int, top: int) -> None:
    """A card back and the count, ending at `right`."""
    assert t.draw_pile is not None
    count, word, number = str(t.draw_pile), n_("card", "cards", t.draw_pile), serif(28)
    x = _pile_left(t, right)
    card = back(t.edition, MINI_BACK)
    out.image.paste(card, (x, top), card)
    at = x + MINI_BACK[0] + 8
    out.text((at, top + MINI_BACK[1] / 2), count, number, s.table_ink, "count", "lm")
    at += int(length(count, number)) + 6
    out.text((at, top + MINI_BACK[1] / 2 + 2), word, font(LABEL), s.table_ink, "caption", "lm")


def _titles_plan(t: Table, s: Scheme, left: int, right: int) -> tuple[str, str, str, int]:
    """What the first line says left of `right`, fitted to it: the heading, the edition
    ("" when the game's name and the edition both fit, else the edition alone, cut to fit)
    and the goal; and where their words end."""
    heading, brand, goal = serif(30, 700), font(LABEL, 800), font(LABEL, 500)
    text = fit(t.heading, right - left, heading)
    x = left + int(length(text, heading)) + 18
    room = right - x
    game, short = _("LOVE LETTER"), edition_short(s)
    wide = length(f"{game} · {short}", font(LABEL, 500)) + 20 <= room
    label = "" if wide else fit(short, room, brand)
    sub = fit(t.subheading, room, goal)
    words = length(f"{game} ", brand) + length(f"· {short}", font(LABEL, 500)) if wide else 0
    end = x + max(words, length(label, brand), length(sub, goal))
    return text, label, sub, int(end)


def _titles(out: Drawn, *, plan: tuple[str, str, str, int], s: Scheme, left: int) -> None:
    """The heading, then the game and edition over the goal beside it (`_titles_plan`)."""
    text, label, sub, _end = plan
    heading = serif(30, 700)
    out.text((left, left - 4), text, heading, s.table_ink, "heading")
    x = left + int(length(text, heading)) + 18
    brand, edition, game = font(LABEL, 800), font(LABEL, 500), _("LOVE LETTER")
    if not label:
        out.text((x, left), game, brand, s.gold, "edition")
        at = x + length(f"{game} ", brand)
        out.text((at, left), f"· {edition_short(s)}", edition, s.table_ink, "edition")
    else:  # a narrow room: the edition says which game it is
        out.text((x, left), label, brand, s.gold, "edition")
    goal = font(LABEL, 500)
    out.text((x, left + 21), sub, goal, s.table_ink, "goal")


def _chips(
    out: Drawn, t: Table, s: Scheme, caption: str, ids: list[str], right: int, top: int
) -> int:
    """Card chips ending at `right`, a caption before them; the left edge of it all."""
    images = [chip(t.edition, c, t.options) for c in ids]
    x = right - sum(im.width + 6 for im, _ in images) + 6
    start = x
    for im, texts in images:
        out.image.paste(im, (x, top), im)
        out.placed.append((x, top, texts))
        x += im.width + 6
    f = font(LABEL, 700)
    left = int(start - 8 - length(caption, f))
    out.text((left, top + CHIP / 2), caption, f, s.table_ink, "caption", "lm")
    return left


def _news(out: Drawn, t: Table, s: Scheme, left: int, right: int, top: int) -> None:
    """The last move: "Bob played Guardswoman", an arrow, "Cid, guessed 4 · Cid is out"."""
    if not t.news:
        return
    last = _("LAST")
    pill = badge(last, (30, 30, 30), LAST_MOVE, BADGE)
    y = top + (CHIP - pill.height) // 2
    out.image.paste(pill, (left, y), pill)
    box = (left + BADGE / 2, y + 5, left + pill.width - BADGE / 2, y + 5 + BADGE)
    out.written.append(Written(last, BADGE, box, "badge"))
    d = ImageDraw.Draw(out.image)
    f, mid = font(18, 600), top + CHIP // 2
    x = left + pill.width + 10
    for i, part in enumerate(t.news):
        if i:  # an arrow to whom the card chose (the fonts have no arrow glyph)
            d.line((x, mid, x + 18, mid), fill=LAST_MOVE, width=3)
            d.polygon([(x + 22, mid), (x + 13, mid - 6), (x + 13, mid + 6)], fill=LAST_MOVE)
            x += 30
        text = fit(part, right - x, f)
        out.text((x, mid), text, f, s.table_ink, "news", "lm")
        x += int(length(text, f)) + 8
