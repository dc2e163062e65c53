"""The board picture's geometry, read where players read it (about 400 px wide on a phone):
no token covers a place's name, symbol or talismans; hobbits sharing a place fan out without
overlapping; token labels are unique within a game; every text is at least 8 px tall once the
picture is shown 400 px wide. Computed from the layout, not by looking at pixels; in English
and in German (whose names are longer), every test once per language."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest

from bot.bench.pictures_adventure import positions
from bot.games.adventure.pictures import panel
from bot.games.adventure.pictures.board import creatures, token_text
from bot.games.adventure.pictures.facts import HobbitFacts
from bot.games.adventure.pictures.from_table import facts
from bot.games.adventure.pictures.layout import (
    MAP_HEIGHT,
    MARK,
    MIN_TEXT,
    POS,
    WIDTH,
    Box,
    cap_height,
    key,
    key_boxes,
    name_boxes,
    place_names,
    reserved,
    symbol_box,
    talisman_box,
)
from bot.games.adventure.pictures.tokens import Token, box_at, place_tokens, token_labels
from bot.i18n import use_locale
from engine.adventure import board as B
from tests.bot.games.adventure.picture_tables import NAMES, after_roll, duel, fight, table, won


@pytest.fixture(autouse=True, params=["en", "de"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """Every geometry test in each language the picture is drawn in."""
    with use_locale(request.param) as locale:
        yield locale


def _check_tokens(placed: list[tuple[Token, float, float]]) -> None:
    boxes = [box_at(x, y) for _, x, y in placed]
    for (t, x, y), b in zip(placed, boxes, strict=True):
        assert not any(b.meets(r) for r in reserved()), f"a token at {t.place} covers a name"
        assert b.left >= 0 and b.right <= WIDTH and b.top >= 0 and b.bottom <= MAP_HEIGHT
        nearest = min(POS, key=lambda p: math.dist(POS[p], (x, y)))
        assert nearest == t.place, f"a token of {t.place} stands nearer {nearest}"
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not a.meets(b), "two tokens overlap"


@pytest.mark.parametrize("pid", sorted(B.PLACES))
def test_four_hobbits_and_a_creature_fan_out_at_every_place(pid: str) -> None:
    """The worst crowd at one place: four hobbits and the creature one of them fights."""
    tokens = [Token(str(i), "#000000", pid) for i in range(4)] + [Token("", "#000000", pid)]
    placed = place_tokens(tokens)
    assert len(placed) == 5
    _check_tokens(placed)


def test_tokens_of_real_games_never_cover_a_name_or_each_other() -> None:
    for f in positions(150, seed=7):
        placed = place_tokens((*f.tokens, *creatures(f)))
        assert len(placed) == len(f.tokens) + len(creatures(f))
        _check_tokens(placed)


def test_names_symbols_talismans_and_the_key_never_overlap() -> None:
    owned: list[tuple[str, Box]] = [("the key", b) for b in key_boxes()]
    for pid in B.PLACES:
        owned += [(pid, b) for b in name_boxes(pid)]
        owned.append((pid, symbol_box(pid)))
        t = talisman_box(pid)
        if t is not None:
            owned.append((pid, t))
    for i, (p, a) in enumerate(owned):
        assert a.left >= 0 and a.right <= WIDTH and a.top >= 0 and a.bottom <= MAP_HEIGHT, p
        for q, b in owned[i + 1 :]:
            assert p == q or not a.meets(b), f"{p} and {q} overlap"


def test_the_key_and_the_legend_keep_their_words_apart() -> None:
    """German words are longer: no word of the key or the legend runs into the next entry."""
    boxes = list(key_boxes())
    for item in panel.legend(4):
        half = panel.ICON.get(item.icon, 30) / 2
        boxes += [Box(item.x - half, item.y - 15, item.x + half, item.y + 15), item.text.box()]
    for i, a in enumerate(boxes):
        assert a.right <= WIDTH
        assert not any(a.meets(b) for b in boxes[i + 1 :]), f"{a} meets another entry"


def test_the_strip_keeps_gold_talismans_and_state_apart() -> None:
    """A rich hobbit holding every talisman, in a duel: "Gold 123" (German) is wider than
    "GP 123", and the talismans and the state move right instead of running into it."""
    colours = ("blue", "green", "red", "yellow")
    rich = HobbitFacts(Token("A", "#000000", "bree"), "Ann", 12, 123, colours, "duel")
    r = panel.row(0, rich)
    boxes = [t.box() for t in r.texts]
    boxes += [Box(x - MARK, y - MARK, x + MARK, y + MARK) for x, y, _colour in r.marks]
    assert len(boxes) == 8
    for i, a in enumerate(boxes):
        assert a.right <= WIDTH
        assert not any(a.meets(b) for b in boxes[i + 1 :]), f"{a} meets another"


def test_token_labels_are_unique_within_a_game() -> None:
    """Two AI hobbits were both "S"; now every hobbit's token differs."""
    labels = [h.token.label for h in facts(table(after_roll())).hobbits]
    assert len(set(labels)) == len(labels) == 4
    assert token_labels(["Ann", "Bob", "Cid"]) == ("A", "B", "C")
    assert token_labels(NAMES) == ("1", "2", "3", "4")
    assert token_labels(["🐉 Smaug", "bob"]) == ("S", "B")
    assert token_labels(["🐉", "bob"]) == ("1", "2")
    assert token_labels(["éowyn", "bob"]) == ("É", "B")


@pytest.mark.parametrize("state", [after_roll, fight, duel, won])
def test_every_text_is_at_least_8_px_tall_at_400_px(state) -> None:  # noqa: ANN001
    """A text's height is its capital letters' height at its size (a name all in lower case,
    like "ann", is as legible as any word of that size); token letters are measured as drawn."""
    f = facts(table(state()))
    placed = place_tokens(f.tokens)
    tokens = [token_text(t, x, y) for t, x, y in placed]
    texts = [*place_names(), *(k.text for k in key()), *panel.texts(f), *tokens]
    assert MIN_TEXT == 16 and WIDTH == 800
    height = panel.height(len(f.hobbits))
    for t in texts:
        tall = cap_height(t.size, t.weight)
        assert tall >= MIN_TEXT, f"{t.text!r} is {tall * 400 / WIDTH:.1f} px at 400"
        b = t.box()
        assert b.left >= 0 and b.right <= WIDTH and b.top >= 0 and b.bottom <= height, t.text
    for t in tokens:
        assert t.box().height >= MIN_TEXT
    panel_boxes = [t.box() for t in panel.texts(f)]
    for i, a in enumerate(panel_boxes):
        assert not any(a.meets(b) for b in panel_boxes[i + 1 :]), "panel texts overlap"


def test_talisman_marks_and_tokens_are_as_tall_as_text_at_400_px() -> None:
    t = talisman_box("dol_guldur")
    assert t is not None and t.height >= MIN_TEXT
    assert box_at(0, 0).height >= MIN_TEXT
