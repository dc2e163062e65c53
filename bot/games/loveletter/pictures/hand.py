"""The hand picture: the one or two cards a player holds, drawn from their own view.

On the player's turn a forced play (HOB-4, L5R-4, PEG-4) is marked MUST PLAY on the forced
card and CAN'T PLAY on the other, and a card that knocks its player out when played
(HOB-3, L5R-3, PEG-3) is marked in red. A hand is a handful of cards, so the finished
PNG is cached by what it shows and the language it is written in.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.loveletter.pictures.draw import badge, png, wrap
from bot.games.loveletter.pictures.faces import FACE, face
from bot.games.loveletter.pictures.fonts import font
from bot.games.loveletter.pictures.source import Kind, PlayerView, edition, forced_card
from bot.games.loveletter.pictures.theme import FORCED_GOLD, MUTED, OUT_RED, scheme
from bot.i18n import N_, _, current_locale
from bot.ui.paste import paste

GAP = 16  # around and between the cards
BANNER = 36  # the row above the cards that holds the marks
MUST, CANNOT, OUT = "must", "cannot", "out"
LABELS = {MUST: N_("MUST PLAY"), CANNOT: N_("CAN'T PLAY"), OUT: N_("KNOCKS YOU OUT")}


def hand_marks(view: PlayerView) -> tuple[str, ...]:
    """Per held card: MUST, CANNOT, OUT or "" (no mark). Marks only on the player's own
    turn, when a card is about to be chosen."""
    hand = view.hand
    my_turn = view.me is not None and view.actor == view.me and view.pending is None
    if not my_turn or view.game_over or len(hand) < 2:
        return ("",) * len(hand)
    ed = edition(view.edition)
    forced = forced_card(ed, list(hand))
    if forced is not None:
        first = hand.index(forced)
        return tuple(MUST if i == first else CANNOT for i in range(len(hand)))
    return tuple(OUT if ed.card(c).kind is Kind.OUT_IF_DISCARDED else "" for c in hand)


def hand_png(view: PlayerView) -> bytes:
    """The player's hand as PNG bytes; a placeholder card when they hold none."""
    if view.me is None:
        raise ValueError("a hand picture needs a player's view, not the spectators' view")
    elves = view.options.get("elves", "") if view.edition == "hobbit" else ""
    out = not view.seat(view.me).in_round
    return _hand(view.edition, elves, view.hand, hand_marks(view), out, current_locale())


@lru_cache(maxsize=1024)
def _hand(
    edition_id: str,
    elves: str,
    cards: tuple[str, ...],
    marks: tuple[str, ...],
    out: bool,
    locale: str,
) -> bytes:
    """The hand in `locale` (the current one: `locale` is the cache's key)."""
    s = scheme(edition_id)
    w, h = FACE
    n = max(1, len(cards))
    top = GAP + (BANNER if any(marks) else 0)
    img = Image.new("RGB", (GAP + n * (w + GAP), top + h + GAP), s.table)
    if not cards:
        empty = _("You are out of this round.") if out else _("No cards in hand.")
        _placeholder(img, edition_id, empty)
        return png(img)
    options = {"elves": elves} if elves else None
    for i, (card_id, mark) in enumerate(zip(cards, marks, strict=True)):
        x = GAP + i * (w + GAP)
        card = (
            _dimmed(edition_id, card_id, elves, locale)
            if mark == CANNOT
            else face(edition_id, card_id, options)
        )
        if mark in (MUST, OUT):
            colour = FORCED_GOLD if mark == MUST else OUT_RED
            d = ImageDraw.Draw(img)  # a ring of the mark's colour, apart from the frame
            d.rounded_rectangle((x - 8, top - 8, x + w + 7, top + h + 7), 22, fill=colour)
            d.rounded_rectangle((x - 3, top - 3, x + w + 2, top + h + 2), 18, fill=s.table)
        paste(img, card, (x, top))
        if mark:
            fg, bg = _badge_colours(mark, s.table)
            pill = badge(_(LABELS[mark]), fg, bg, 16)
            img.paste(
                pill, (x + (w - pill.width) // 2, GAP + (BANNER - 6 - pill.height) // 2), pill
            )
    return png(img)


def _badge_colours(mark: str, table: tuple[int, int, int]) -> tuple[tuple[int, ...], ...]:
    if mark == MUST:
        return table, FORCED_GOLD
    if mark == OUT:
        return (255, 255, 255), OUT_RED
    return (240, 240, 240), MUTED


@lru_cache(maxsize=64)
def _dimmed(edition_id: str, card_id: str, elves: str, locale: str) -> Image.Image:
    """The card under a veil of the table colour: it cannot be played now (its face in
    `locale`, the current one)."""
    card = face(edition_id, card_id, {"elves": elves} if elves else None)
    veil = Image.new("RGBA", card.size, (*scheme(edition_id).table, 150))
    out = card.copy()
    out.alpha_composite(veil)
    out.putalpha(card.getchannel("A"))
    return out


def _placeholder(img: Image.Image, edition_id: str, text: str) -> None:
    """An empty card outline with a line of text in it."""
    s = scheme(edition_id)
    w, h = FACE
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((GAP, GAP, GAP + w, GAP + h), 16, outline=s.table_ink, width=2)
    f = font(18, 600)
    lines = wrap(text, w - 40, f)
    for i, line in enumerate(lines):
        y = GAP + h / 2 + (i - (len(lines) - 1) / 2) * (f.size + 6)
        d.text((GAP + w / 2, y), line, fill=s.table_ink, font=f, anchor="mm")
