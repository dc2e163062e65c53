"""The table picture read where players read it: about 400 px wide on a phone (issue 34).

Every text is at least 8 px tall once the picture is shown 400 px wide, the picture is
landscape with two columns of seats from five players on, every discard's value shows even
in a crowded pile, and the last move is marked. Read from the layout's geometry (every text
is recorded with its size and box as it is drawn), not by looking at pixels. The geometry
holds in German too, whose words are longer (issue 36).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.games.loveletter.models import piles_after
from bot.games.loveletter.pictures import public_table
from bot.games.loveletter.pictures.faces import SMALL, SMALL_NAME, VALUE_STRIP, small_texts
from bot.games.loveletter.pictures.ink import Written
from bot.games.loveletter.pictures.parts import panel_colour, tally
from bot.games.loveletter.pictures.tablelayout import MIN_TEXT, Drawn, W, lay_out
from bot.i18n import LOCALES, use_locale
from engine.loveletter import EDITIONS, player_view
from tests.bot.games.loveletter.pictures.scenes import (
    LONG_NAMES,
    NAMES,
    midway,
    pegasus_five,
    round_end,
)
from tests.engine.loveletter.stacking import mv, run_moves, stacked_state

GAMES = [("hobbit", 2), ("hobbit", 4), ("l5r", 2), ("l5r", 4)]
GAMES += [("pegasus", n) for n in (2, 3, 4, 5, 6, 7, 8)]
IN_EACH_LANGUAGE = pytest.mark.parametrize("locale", LOCALES)


def _mid(edition: str, players: int) -> Drawn:
    view = player_view(midway(edition, players, seed=players, moves=3 * players), None)
    return lay_out(public_table(view, names=LONG_NAMES))


def _end(edition: str, players: int) -> Drawn:
    view, result, piles, ending = round_end(edition, players, seed=players)
    return lay_out(public_table(view, result, names=LONG_NAMES, discards=piles, ending=ending))


def _inside(w: Written, drawn: Drawn) -> bool:
    left, top, right, bottom = w.box
    width, height = drawn.image.size
    return left >= 0 and right <= width and top >= 0 and bottom <= height


def _meet(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _at_400(size: float) -> float:
    return size * 400 / W


@IN_EACH_LANGUAGE
@pytest.mark.parametrize("when", [_mid, _end], ids=["mid-round", "round end"])
@pytest.mark.parametrize(("edition", "players"), GAMES)
def test_every_text_is_at_least_8_px_tall_at_400_px_wide(edition, players, when, locale) -> None:  # type: ignore[no-untyped-def]
    with use_locale(locale):
        drawn = when(edition, players)
    assert drawn.image.width == W and drawn.image.height < W, "landscape"
    roles = {w.role for w in drawn.texts}
    assert {"player", "tally", "value", "heading"} <= roles
    for w in drawn.texts:
        assert _at_400(w.size) >= 8, f"{w.text!r} ({w.role}) is {_at_400(w.size):.1f} px at 400"
        assert _inside(w, drawn), f"{w.text!r} lies outside the picture"
    for i, a in enumerate(drawn.texts):
        for b in drawn.texts[i + 1 :]:
            assert not _meet(a.box, b.box), f"{a.text!r} and {b.text!r} overlap"
    assert MIN_TEXT == 16 and W == 800


@IN_EACH_LANGUAGE
@pytest.mark.parametrize(("edition", "players"), GAMES)
def test_every_player_mark_and_discard_value_is_on_the_picture(edition, players, locale) -> None:  # type: ignore[no-untyped-def]
    """... and with short names no word on it is cut short: the words fit in German too."""
    view = player_view(midway(edition, players, seed=players, moves=3 * players), None)
    with use_locale(locale):
        table = public_table(view, names=NAMES)
        drawn = lay_out(table)
    cut = [w.text for w in drawn.texts if w.text.endswith("…") and w.role != "news"]
    assert cut == []  # the last move's line may be cut where the face-up cards take its room
    players_shown = [w.text for w in drawn.texts if w.role == "player"]
    assert players_shown == [s.name for s in table.seats]
    in_panels = [w for w in drawn.texts if any(_within(w.box, p) for p in drawn.panels)]
    values = [w.text for w in in_panels if w.role == "value"]
    want = [str(EDITIONS[edition].card(c).value) for s in table.seats for c in s.discards]
    assert values == want
    badges = [w.text for w in in_panels if w.role == "badge"]
    assert badges == [b.text for s in table.seats for b in s.badges]


@IN_EACH_LANGUAGE
def test_three_to_eight_players_sit_in_two_columns_of_panels(locale: str) -> None:
    """Two columns from three players on, and a header band two lines high: the picture is
    at least 4:3 at every player count (Discord fits an embed's image in about 400 x 300, so
    it shows all 400 px wide)."""
    for players in range(2, 9):
        with use_locale(locale):
            drawn = _mid("pegasus", players)
        lefts = sorted({box[0] for box in drawn.panels})
        assert len(lefts) == (2 if players >= 3 else 1), players
        assert len(drawn.panels) == players
        width, height = drawn.image.size
        assert width / height >= 4 / 3, players


def test_a_crowded_pile_still_shows_every_value_it_has_room_for_and_counts_the_rest() -> None:
    st = stacked_state("pegasus", {"ann": "guardswoman", "bob": "priest"}, ["priest"])
    st, _ = run_moves(st, [mv("ann", "guardswoman", "bob", 4)])
    view = player_view(st, None)
    for n in (5, 14, 30):
        crowded = replace(view, seats=(replace(view.seats[0], discards=("guardswoman",) * n),))
        drawn = lay_out(public_table(crowded))
        (panel,) = drawn.panels
        values = [w for w in drawn.texts if w.role == "value" and w.box[1] > panel[1]]
        more = [w.text for w in drawn.texts if w.role == "more"]
        assert len(values) + sum(int(t[1:]) for t in more) == n
        inside = [w for w in drawn.texts if w.box[1] > panel[1]]
        assert all(_within(w.box, panel) for w in inside), "the pile spills out of its panel"
        assert [w.text for w in inside if w.role == "card name"][-2:] == [
            "Guardswoman",
            "Wächterin",
        ]
        xs = sorted(w.box[0] for w in values)
        assert all(b - a >= VALUE_STRIP - 1 for a, b in zip(xs, xs[1:], strict=False))


@IN_EACH_LANGUAGE
def test_small_cards_show_the_editions_names_whole_and_big_enough(locale: str) -> None:
    """Pegasus small cards name the card in English and German as the full faces do (in
    German: the German name alone); no name is hyphenated or cut; names are 8 px tall at
    400 px (the picture is pasted 1:1)."""
    assert [w.text for w in small_texts("pegasus", "baron")] == ["3", "Baron"]
    assert [w.text for w in small_texts("l5r", "manipulator")] == ["6", "Manipulator"]
    with use_locale(locale):
        guardswoman = [w.text for w in small_texts("pegasus", "guardswoman")]
        cards = [(e.id, c.id, small_texts(e.id, c.id)) for e in EDITIONS.values() for c in e.cards]
    want = {"en": ["1", "Guardswoman", "Wächterin"], "de": ["1", "Wächterin"]}
    assert guardswoman == want[locale]
    for edition_id, card_id, texts in cards:
        for w in texts:
            assert not w.text.endswith(("-", "…")), (edition_id, card_id, w.text)
            assert w.size >= MIN_TEXT and w.box[0] >= 3 and w.box[2] <= SMALL[0] - 3
            if w.role == "value":
                assert w.box[2] <= VALUE_STRIP  # shows on a covered card's strip
    assert SMALL_NAME >= MIN_TEXT


def _news(drawn: Drawn) -> list[str]:
    return [w.text for w in drawn.texts if w.role == "news"]


def test_the_card_just_played_is_marked_with_whom_it_chose_and_what_it_named() -> None:
    hands = {"ann": "guard", "bob": "courtier", "cid": "diplomat"}
    st = stacked_state("l5r", hands, ["sensei", "shugenja"])
    st, _ = run_moves(st, [mv("ann", "guard", "bob", "hatamoto")])
    drawn = lay_out(public_table(player_view(st, None), names=NAMES))
    assert _news(drawn) == ["Ann played Guard", "Bob, guessed Hatamoto"]
    assert drawn.last is not None
    assert _within(drawn.last, drawn.panels[0])  # in Ann's panel, her only card: the Guard
    (value,) = [w for w in drawn.texts if w.role == "value" and _within(w.box, drawn.last)]
    assert value.text == "1"


def _within(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def test_a_round_ending_guess_is_marked_on_the_finished_round() -> None:
    st = stacked_state("l5r", {"ann": "guard", "bob": "princess"}, ["courtier"])
    end, happened = run_moves(st, [mv("ann", "guard", "bob", "princess")])
    piles = piles_after(player_view(st, None), happened)
    view, result = player_view(end, None), end.history[-1]
    drawn = lay_out(public_table(view, result, names=NAMES, discards=piles, ending=happened))
    assert _news(drawn) == ["Ann played Guard", "Bob, guessed Princess · Bob is out"]
    assert drawn.last is not None and _within(drawn.last, drawn.panels[0])
    plain = lay_out(public_table(view, result, names=NAMES, discards=piles))
    assert plain.last is None and not _news(plain)  # nothing marked without the move


def test_the_jester_mark_says_whose_jester_it_is() -> None:
    drawn = lay_out(public_table(player_view(pegasus_five(), None), names=NAMES))
    badges = [w.text for w in drawn.texts if w.role == "badge"]
    assert "JESTER · Ann" in badges


def test_a_revealed_hand_shows_the_counts_plus_one() -> None:
    """Dan's Countess counts 7, +1 for the Count in his discards: 8, shown as such."""
    pegasus = EDITIONS["pegasus"]

    def count_bonus(r) -> bool:  # type: ignore[no-untyped-def]
        return any(v != pegasus.card(c).value for c, v in r.reveal.values())

    view, result, piles, ending = round_end("pegasus", 6, 0, count_bonus)
    drawn = lay_out(public_table(view, result, names=NAMES, discards=piles, ending=ending))
    hands = [w.text for w in drawn.texts if w.role == "hand"]
    assert "Countess 7 +1 = 8" in hands and "Hand: Cardinal 2" in hands  # "Hand:" if room


def _contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The WCAG contrast ratio of two colours."""

    def lum(c: tuple[int, ...]) -> float:
        ch = [v / 255 for v in c[:3]]
        ch = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_a_tally_still_to_win_stands_out_from_its_panel(edition: str) -> None:
    """At least 3:1 against the panel (WCAG's contrast for marks that carry meaning)."""
    icon = tally(edition, False)
    solid = [px for px in icon.get_flattened_data() if px[3] == 255]
    assert solid, "the icon has a solid outline"
    for out in (False, True):
        assert max(_contrast(px, panel_colour(edition, out)) for px in solid) >= 3
