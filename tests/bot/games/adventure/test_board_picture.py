"""The board picture: positions against their committed reference PNGs (a drawing regression
fails here), public facts only (ADV-12), what happens drawn (the last move, a fight, a riddle
duel, hobbits out, the winner), and the alt text naming places as players read them."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import pytest
from PIL import Image

from bot.games.adventure.messages.board import board_picture
from bot.games.adventure.pictures import panel
from bot.games.adventure.pictures.board import render
from bot.games.adventure.pictures.from_table import facts
from bot.games.adventure.pictures.layout import POS, WIDTH
from bot.games.adventure.text.happenings import last_move
from engine.adventure import GAME
from engine.adventure import board as B
from tests.bot.games.adventure.picture_tables import (
    PLAYERS,
    STACKED,
    after_roll,
    duel,
    fight,
    table,
    won,
)
from tests.bot.games.loveletter.pictures.references import SHARE, differing_share

REFERENCE_DIR = Path(__file__).with_name("reference")


def _check(name: str, png: bytes) -> None:
    """Compare with reference/<name>.png (REGENERATE_PICTURES=1 rewrites it: look at it)."""
    path = REFERENCE_DIR / f"{name}.png"
    if os.environ.get("REGENERATE_PICTURES") == "1":
        path.write_bytes(png)
        pytest.skip(f"rewrote {path.name}")
    got, want = Image.open(io.BytesIO(png)), Image.open(path)
    assert got.size == want.size
    assert differing_share(got, want) <= SHARE


def _moved() -> tuple:  # noqa: ANN202
    """Ann, having rolled 3 at Rivendell, travels to Carrock: the table after that move."""
    state = after_roll()
    state, events = GAME.apply(
        state, "ann", next(d for d in GAME.legal(state, "ann") if d.to == "carrock")
    )
    return state, last_move(events, GAME.view(state, None), None)


def test_the_board_for_a_stacked_position_matches_its_reference() -> None:
    _check("board_stacked", render(facts(table(after_roll()))))


def test_a_fight_with_a_hobbit_out_matches_its_reference() -> None:
    _check("board_fight", render(facts(table(fight()))))


def test_a_riddle_duel_after_a_move_matches_its_reference() -> None:
    state, move = _moved()
    duelling = duel()
    duelling.hobbits["ann"].place = state.hobbits["ann"].place
    _check("board_duel", render(facts(table(duelling, move))))


def test_the_winner_at_the_end_matches_its_reference() -> None:
    _check("board_won", render(facts(table(won()))))


def test_the_picture_is_sized_for_its_hobbits() -> None:
    png = render(facts(table(after_roll())))
    img = Image.open(io.BytesIO(png))
    assert img.size == (WIDTH, panel.height(4))
    assert len(png) < 300_000


def test_the_last_move_comes_from_the_public_move_and_is_drawn() -> None:
    state, move = _moved()
    assert move == ("ann", "rivendell", "carrock")
    f = facts(table(state, move))
    assert f.move == ("rivendell", "carrock")
    assert f.banner == "Last move: Ann, Rivendell to Carrock"
    assert render(f) != render(facts(table(state, None)))


def test_a_fight_a_duel_hobbits_out_and_the_winner_are_marked() -> None:
    f = facts(table(fight()))
    by_name = {h.name: h for h in f.hobbits}
    assert by_name["Ann"].mark == "fight" and by_name["Dee"].token.out
    assert panel.status(by_name["Ann"]) == "Fighting"
    assert panel.status(by_name["Dee"]) == "Out"
    assert f.banner == "Ann fights Cave troll at Moria"
    assert len(f.hobbits) == 4, "a hobbit out stays on the board, greyed"
    d = facts(table(duel()))
    assert [h.name for h in d.hobbits if h.mark == "duel"] == ["Standard bot 1", "Dee"]
    assert d.banner == "Riddle duel: Standard bot 1 challenges Dee"
    w = facts(table(won()))
    assert [panel.status(h) for h in w.hobbits] == ["Winner", "", "Out", ""]
    assert w.banner == "Ann defeated the Dragon and won the game!"


def test_adv_12_the_picture_shows_no_secret_card() -> None:
    """Two positions that differ only in secret cards give the same picture."""
    other = {**STACKED, "hobbits": {**STACKED["hobbits"], "bob": {"place": "rivendell"}}}
    assert render(facts(table(after_roll()))) == render(facts(table(after_roll(other))))


def test_after_the_roll_exactly_the_reachable_places_are_highlighted() -> None:
    t = table(after_roll())
    assert set(t.reach) == set(B.within("rivendell", 3))
    assert facts(t).reach == t.reach


def test_every_place_sits_inside_the_map() -> None:
    assert set(POS) == set(B.PLACES)


def test_a_new_game_shows_every_talisman_at_its_place() -> None:
    state = GAME.create("classic", PLAYERS, {}, random.Random(1))
    f = facts(table(state))
    assert {p: list(c) for p, c in f.talismans.items() if c} == {
        p: list(c) for p, c in B.START_TALISMANS.items()
    }


def test_the_alt_text_names_places_as_players_read_them() -> None:
    alt = board_picture(table(after_roll())).description
    assert "Standard bot 2 at Moria, Dee at Lake-town" in alt
    assert "Can travel to: " in alt and "Gladden Fields, Forest Road" in alt
    assert "_" not in alt
    out = board_picture(table(fight())).description
    assert "Dee (out) at Lake-town" in out and "Ann fights Cave troll at Moria" in out
