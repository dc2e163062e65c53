"""Stacked tables and hands drawn and compared with the committed reference PNGs."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from bot.games.loveletter.pictures import hand_png, table_png
from bot.i18n import use_locale
from engine.loveletter import EDITIONS, player_view
from tests.bot.games.loveletter.pictures.references import check, differing_share
from tests.bot.games.loveletter.pictures.scenes import (
    LONG_NAMES,
    NAMES,
    deck_runs_out,
    guard_ends_round,
    hobbit_two,
    midway,
    pegasus_five,
    round_end,
)
from tests.engine.loveletter.stacking import stacked_state


def test_two_player_table_with_face_up_cards_and_protection() -> None:
    check("table_hobbit_2p", table_png(player_view(hobbit_two(), None), names=NAMES))


def test_five_player_table_with_jester_mark_and_a_player_out() -> None:
    check("table_pegasus_5p", table_png(player_view(pegasus_five(), None), names=NAMES))


@pytest.mark.parametrize(
    ("edition", "players"),
    [("hobbit", 4), ("l5r", 2), ("l5r", 4), ("pegasus", 2), ("pegasus", 4), ("pegasus", 6)]
    + [("pegasus", 8)],
)
def test_tables_of_2_4_6_and_8_players_in_each_edition(edition: str, players: int) -> None:
    """Seeded random positions a few moves into the first round, the last move marked."""
    view = player_view(midway(edition, players, seed=players, moves=3 * players), None)
    check(f"table_{edition}_{players}p", table_png(view, names=LONG_NAMES))


@pytest.mark.parametrize("players", [4, 8])
def test_german_pegasus_tables_of_4_and_8_players(players: int) -> None:
    """As a German server sees them: German names, marks, heading, goal and last move."""
    view = player_view(midway("pegasus", players, seed=players, moves=3 * players), None)
    with use_locale("de"):
        check(f"table_pegasus_{players}p_de", table_png(view, names=LONG_NAMES))


def test_german_hand_marks_the_forced_countess() -> None:
    st = stacked_state("pegasus", {"ann": "countess", "bob": "baron"}, ["prince"])
    with use_locale("de"):
        check("hand_pegasus_forced_de", hand_png(player_view(st, "ann")))


def test_eight_player_round_end_shows_the_counts_plus_one() -> None:
    def count_bonus(r) -> bool:  # type: ignore[no-untyped-def]
        return any(v != EDITIONS["pegasus"].card(c).value for c, v in r.reveal.values())

    view, result, piles, ending = round_end("pegasus", 8, 0, count_bonus)
    png = table_png(view, result, names=LONG_NAMES, discards=piles, ending=ending)
    check("table_pegasus_8p_round_end", png)


def test_round_end_table_shows_winner_and_piles() -> None:
    view, result, piles = guard_ends_round()
    check("table_l5r_round_end", table_png(view, result, names=NAMES, discards=piles))


def test_round_end_table_shows_revealed_hands() -> None:
    view, result, piles = deck_runs_out()
    check("table_pegasus_reveal", table_png(view, result, names=NAMES, discards=piles))


def test_hand_without_marks() -> None:
    check("hand_hobbit_plain", hand_png(player_view(hobbit_two(), "bob")))


def test_peg_4_hand_marks_the_forced_countess() -> None:
    st = stacked_state("pegasus", {"ann": "countess", "bob": "baron"}, ["prince"])
    check("hand_pegasus_forced", hand_png(player_view(st, "ann")))


def test_l5r_3_hand_marks_the_princess_as_knocking_you_out() -> None:
    st = stacked_state("l5r", {"ann": "princess", "bob": "diplomat"}, ["guard"])
    check("hand_l5r_princess", hand_png(player_view(st, "ann")))


def test_the_comparison_fails_on_a_changed_picture() -> None:
    """The tolerance lets antialiasing through but not a changed mark or card."""
    st = stacked_state("pegasus", {"ann": "countess", "bob": "baron"}, ["prince"])
    img = Image.open(io.BytesIO(hand_png(player_view(st, "ann")))).convert("RGB")
    changed = img.copy()
    ImageDraw.Draw(changed).rectangle((20, 60, 120, 120), fill=(255, 0, 0))
    assert differing_share(img, img) == 0
    assert differing_share(img, changed) > 0.005
