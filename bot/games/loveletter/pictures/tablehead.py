"""The table picture's header: a band two lines high, so the seats below keep the height.

First line: the round, the edition and the goal on the left, the draw pile on the right.
Second line: the last move in words (after a LAST mark in the colour of the ring round its
card) on the left, the face-up or set-aside cards as chips (value and name) on the right.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import ImageDraw

from bot.games.loveletter.pictures.draw import badge, fit, length
from bot.games.loveletter.pictures.faces import CHIP, back, chip
from bot.games.loveletter.pictures.fonts import font, serif
from bot.games.loveletter.pictures.ink import Drawn, Written
from bot.games.loveletter.pictures.theme import Scheme, edition_short
from bot.i18n import _, n_

if TYPE_CHECKING:
    from bot.games.loveletter.pictures.table import Table

LINE2 = 44  # the second line's top, from the picture's top margin
HEAD = LINE2 + CHIP  # the band's height
LABEL, BADGE = 16, 16  # captions and the LAST mark (8 px once shown 400 px wide)
MINI_BACK = (30, 40)  # the draw pile's card back
LAST_MOVE = (255, 214, 92)  # the ring round the card just played, and the word LAST


def header(out: Drawn, t: Table, s: Scheme, width: int, margin: int) -> None:
    right = _draw_pile(out, t, s, width - margin, margin)
    _titles(out, t, s, margin, right - 16)
    x, y = width - margin, margin + LINE2
    for caption, ids in (
        (_("SET ASIDE"), [t.set_aside] if t.set_aside else []),
        (_("FACE UP"), t.face_up),
    ):
        if ids:
            x = _chips(out, t, s, caption, list(ids), x, y) - 20
    _news(out, t, s, margin, x, y)


def _draw_pile(out: Drawn, t: Table, s: Scheme, right: int, top: int) -> int:
    """A card back and the count, ending at `right`; the left edge of what it took."""
    if t.draw_pile is None:
        return right
    count, word, number = str(t.draw_pile), n_("card", "cards", t.draw_pile), serif(28)
    x = int(right - length(word, font(LABEL)) - 6 - length(count, number) - 8 - MINI_BACK[0])
    card = back(t.edition, MINI_BACK)
    out.image.paste(card, (x, top), card)
    at = x + MINI_BACK[0] + 8
    out.text((at, top + MINI_BACK[1] / 2), count, number, s.table_ink, "count", "lm")
    at += int(length(count, number)) + 6
    out.text((at, top + MINI_BACK[1] / 2 + 2), word, font(LABEL), s.table_ink, "caption", "lm")
    return x


def _titles(out: Drawn, t: Table, s: Scheme, left: int, right: int) -> None:
    """The heading, then the game and edition over the goal beside it, within `right`."""
    heading = serif(30, 700)
    text = fit(t.heading, right - left, heading)
    out.text((left, left - 4), text, heading, s.table_ink, "heading")
    x = left + int(length(text, heading)) + 18
    room = right - x
    brand, edition, game = font(LABEL, 800), font(LABEL, 500), _("LOVE LETTER")
    short = edition_short(s)
    if length(f"{game} · {short}", edition) + 20 <= room:
        out.text((x, left), game, brand, s.gold, "edition")
        at = x + length(f"{game} ", brand)
        out.text((at, left), f"· {short}", edition, s.table_ink, "edition")
    else:  # a narrow room: the edition says which game it is
        out.text((x, left), fit(short, room, brand), brand, s.gold, "edition")
    goal = font(LABEL, 500)
    out.text((x, left + 21), fit(t.subheading, room, goal), goal, s.table_ink, "goal")


def _chips(
    out: Drawn, t: Table, s: Scheme, caption: str, ids: list[str], right: int, top: int
) -> int:
    """Card chips ending at `right`, a caption before them; the left edge of it all."""
    images = [chip(t.edition, c, t.options) for c in ids]
    x = right - sum(im.width + 6 for im, _ in images) + 6
    start = x
    for im, texts in images:
        out.image.paste(im, (x, top), im)
        out.texts.extend(w.moved(x, top) for w in texts)
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
    out.texts.append(Written(last, BADGE, box, "badge"))
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
