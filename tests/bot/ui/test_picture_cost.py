"""Pictures at the cost of text (issue 34): the fast paths give the same pictures.

The PNG encoder (ISA-L deflate, rows as Pillow writes them) round-trips every mode the games
draw in, the Adventure board's palette included; pasting a cached picture as an opaque core
plus blended edges matches Pillow's blend; text drawn from the font cache is the text drawn
fresh; and the caches stay within their byte budgets.
"""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from fontpkg.pil import truetype
from PIL import Image, ImageChops, ImageDraw

from bot.games.adventure.pictures.board import background
from bot.games.loveletter.pictures.draw import badge
from bot.games.loveletter.pictures.faces import face, small
from bot.games.loveletter.pictures.parts import panel, tally
from bot.ui import fonts
from bot.ui.lru import SizedLru
from bot.ui.paste import paste
from bot.ui.png import _rows, png


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L", "P"])
def test_png_round_trips_every_mode_the_games_draw(mode: str) -> None:
    img = face("pegasus", "jester").convert(mode)
    decoded = Image.open(io.BytesIO(png(img)))
    assert decoded.mode == mode and decoded.size == img.size
    assert decoded.tobytes() == img.tobytes()
    if mode == "P":
        assert decoded.getpalette() == img.getpalette()


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L", "P"])
@pytest.mark.parametrize("size", [(1, 1), (3, 500), (801, 353)])
def test_the_rows_written_in_one_go_are_pillows_rows(mode: str, size: tuple[int, int]) -> None:
    """`_rows` asks Pillow's raw encoder for every row at once: the bytes `tobytes` joins."""
    img = face("pegasus", "jester").resize(size).convert(mode)
    stride = size[0] * len(img.getbands()) + 1
    assert _rows(img, stride) == img.tobytes("raw", mode, stride)


def test_the_board_picture_keeps_its_palette_and_pixels() -> None:
    board = background().copy()
    decoded = Image.open(io.BytesIO(png(board)))
    assert decoded.mode == "P"
    assert decoded.convert("RGB").tobytes() == board.convert("RGB").tobytes()


def test_png_refuses_a_mode_it_cannot_write() -> None:
    with pytest.raises(ValueError, match="not CMYK"):
        png(Image.new("CMYK", (4, 4)))


@pytest.mark.parametrize(
    "drawn",
    [
        lambda: panel("pegasus", (788, 126), False, None),
        lambda: panel("hobbit", (788, 126), True, (201, 160, 58)),
        lambda: face("l5r", "princess"),
        lambda: small("pegasus", "guard"),
        lambda: tally("hobbit", True),
        lambda: badge("OUT", (255, 255, 255), (196, 48, 48), 15),
    ],
    ids=["panel", "ringed-panel", "face", "small-card", "tally", "badge"],
)
def test_pasting_a_cached_picture_matches_pillows_blend(drawn: Callable[[], Image.Image]) -> None:
    """(Each picture drawn by its test, not at collection: every worker collects every test.)"""
    picture = drawn()
    blank = Image.new("RGB", (900, 400), (30, 34, 62))
    want = blank.copy()
    want.paste(picture, (7, 5), picture)
    for _ in range(2):  # the first paste works out the blocks, the second reuses them
        got = blank.copy()
        paste(got, picture, (7, 5))
        diff = ImageChops.difference(want, got)
        assert all(high <= 1 for _, high in diff.getextrema())  # at most one level of colour


def test_text_from_the_font_cache_is_the_text_drawn_fresh() -> None:
    cached, fresh = fonts.font(23, 700), truetype(fonts.SANS, 23, weight=700)
    words = ["Guardswoman", "Draw pile", "Ünterbrücke", "Guardswoman"]  # one drawn twice
    for anchor, xy in (("lt", (10, 10)), ("mm", (150.5, 40.25))):
        pictures = []
        for f in (cached, fresh, cached):
            img = Image.new("RGB", (300, 80), (30, 34, 62))
            d = ImageDraw.Draw(img)
            for word in words:
                d.text(xy, word, fill=(238, 232, 244), font=f, anchor=anchor)
            pictures.append(img.tobytes())
        assert pictures[0] == pictures[1] == pictures[2]
    assert cached.getlength("Guardswoman") == fresh.getlength("Guardswoman")


def test_the_text_cache_stays_within_its_budget() -> None:
    f = fonts.font(40, 800, fonts.SERIF)
    img = Image.new("RGB", (2000, 60))
    d = ImageDraw.Draw(img)
    for n in range(400):  # more distinct texts than the budget holds (~35 KB each)
        d.text((0, 0), f"Player number {n} of a very long list", font=f, fill=(255, 255, 255))
    assert 0 < fonts._MASKS.size <= fonts.TEXT_BUDGET


def test_the_lru_drops_the_least_recently_used_to_stay_within_its_bytes() -> None:
    lru: SizedLru[str] = SizedLru(100)
    lru.put("a", "A", 40)
    lru.put("b", "B", 40)
    assert lru.get("a") == "A"  # now b is the least recently used
    lru.put("c", "C", 40)
    assert lru.get("b") is None and lru.get("a") == "A" and lru.get("c") == "C"
    assert lru.size == 80
    lru.put("huge", "H", 101)  # larger than the whole budget: not kept, nothing dropped
    assert lru.get("huge") is None and len(lru) == 2
