"""Card faces (data-driven, same size, every text fits) and the pictures' size limits."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.games.loveletter.pictures import card_png, hand_marks, hand_png, table_png
from bot.games.loveletter.pictures.draw import fitted_lines, png
from bot.games.loveletter.pictures.faces import FACE, SMALL, face, small
from bot.games.loveletter.pictures.fonts import SERIF
from bot.games.loveletter.pictures.tablelayout import W
from bot.games.loveletter.pictures.texts import rule_text
from bot.games.loveletter.pictures.theme import face_names
from bot.i18n import LOCALES, use_locale
from engine.loveletter import EDITIONS, player_view
from tests.engine.loveletter.stacking import mv, run_moves, stacked_state

ALL_CARDS = [(e.id, c) for e in EDITIONS.values() for c in e.cards]
LIMIT = 200_000  # bytes per picture (issue 16)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("edition", "card"), ALL_CARDS, ids=lambda x: getattr(x, "id", x))
def test_every_face_is_the_same_size_and_its_texts_fit(edition: str, card, locale: str) -> None:  # type: ignore[no-untyped-def]
    """In German too: the rule text and the names fit their boxes whole."""
    with use_locale(locale):
        assert face(edition, card.id).size == FACE and small(edition, card.id).size == SMALL
        text, (big, second) = rule_text(edition, card), face_names(edition, card.id)
    lines, f = fitted_lines(text, FACE[0] - 44, 4, range(15, 11, -1), 500)
    assert not any(line.endswith("…") for line in lines), "rule text cut"
    assert f.size >= 12
    room, rows = FACE[0] - 88, 2 if not second else 1  # as faces._names lays them out
    names, _unused = fitted_lines(big, room, rows, range(22, 13, -1), 700, SERIF)
    assert not any(line.endswith("…") for line in names), "name cut"


def test_faces_name_cards_as_the_text_does() -> None:
    """Pegasus shows the English and German names (once when equal), L5R title and name."""
    assert face_names("pegasus", "guardswoman") == ("Guardswoman", "Wächterin")
    assert face_names("pegasus", "baron") == ("Baron", "")
    assert face_names("l5r", "hatamoto") == ("Hatamoto", "Matsu Misato")
    assert face_names("hobbit", "bilbo") == ("Bilbo Baggins", "")


def test_faces_are_drawn_once_per_process() -> None:
    assert face("hobbit", "smaug") is face("hobbit", "smaug")
    assert small("l5r", "guard") is small("l5r", "guard")


def test_hob_9_german_elves_make_tauriel_a_lower_is_out_card() -> None:
    german = {"elves": "german"}
    assert "lower card is out" in rule_text("hobbit", EDITIONS["hobbit"].card("tauriel"), german)
    assert card_png("hobbit", "tauriel", german) != card_png("hobbit", "tauriel")
    assert card_png("hobbit", "legolas", german) == card_png("hobbit", "legolas")


def test_unknown_card_is_a_clear_error() -> None:
    with pytest.raises(KeyError, match="has no card"):
        card_png("hobbit", "princess")


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
def test_png_encoder_round_trips_pixels(mode: str) -> None:
    img = face("pegasus", "jester").convert(mode)
    decoded = Image.open(io.BytesIO(png(img)))
    assert decoded.mode == mode and decoded.tobytes() == img.tobytes()


def _long_table():  # type: ignore[no-untyped-def]
    """Eight players, long names, Prince plays piling up discards."""
    ids = [f"player{i}" for i in range(8)]
    hands = dict(zip(ids, ["guardswoman"] * 5 + ["guard"] * 3, strict=True))
    st = stacked_state("pegasus", hands, ["prince", "prince", "baron", "priest"])
    st, _ = run_moves(st, [mv("player0", "prince", "player1"), mv("player1", "prince", "player2")])
    names = {p: f"A very long display name {i} that does not fit" for i, p in enumerate(ids)}
    return st, names


def test_eight_player_table_stays_within_limits() -> None:
    st, names = _long_table()
    data = table_png(player_view(st, None), names=names)
    img = Image.open(io.BytesIO(data))
    assert len(data) <= LIMIT and img.width == W and img.height < img.width  # landscape


def test_peg_4_and_pegasus_3_marks_only_on_the_players_turn() -> None:
    st = stacked_state("pegasus", {"ann": "countess", "bob": "princess"}, ["king", "baron"])
    assert hand_marks(player_view(st, "ann")) == ("must", "cannot")
    assert hand_marks(player_view(st, "bob")) == ("",)  # one card, not their turn
    after, _ = run_moves(st, [mv("ann", "countess")])
    assert hand_marks(player_view(after, "bob")) == ("out", "")  # Princess, then the Baron
    for player in ("ann", "bob"):
        assert len(hand_png(player_view(after, player))) <= LIMIT


def test_a_knocked_out_player_sees_a_placeholder_hand() -> None:
    hands = {"ann": "guardswoman", "bob": "priest", "cid": "baron"}
    st = stacked_state("pegasus", hands, ["handmaid"])
    st, _ = run_moves(st, [mv("ann", "guardswoman", "bob", 2)])
    view = player_view(st, "bob")
    assert view.hand == () and not view.seat("bob").in_round
    out = Image.open(io.BytesIO(hand_png(view))).convert("RGB")
    assert out.size == (FACE[0] + 32, FACE[1] + 32)
    colours = {out.getpixel((x, y)) for x in range(40, 230, 7) for y in range(60, 110, 7)}
    assert len(colours) == 1  # no card face where a card would be: only the table colour
