"""The board picture: a stacked position against its committed reference PNG (a drawing
regression fails here), public facts only (ADV-12), and every place drawn where it belongs."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import pytest
from PIL import Image

from bot.games.adventure.models import AdvTable
from bot.games.adventure.picture.board import SIZE, render
from bot.games.adventure.picture.layout import HEIGHT, POS, WIDTH
from bot.games.adventure.presenter import reach_of, seats_of
from bot.games.adventure.views import facts
from engine.adventure import GAME
from engine.adventure import board as B
from engine.adventure.scenario import build
from storage import Game, Seat
from tests.bot.games.loveletter.pictures.references import SHARE, differing_share

REFERENCE = Path(__file__).with_name("reference") / "board_stacked.png"
PLAYERS = ["ann", "bob", "cid", "dee"]
STACKED = {
    "seed": 4,
    "hobbits": {
        "ann": {"place": "rivendell", "talismans": ["blue"]},
        "bob": {"place": "rivendell", "cards": ["athelas"]},
        "cid": {"place": "moria"},
        "dee": {"place": "lake_town", "cards": ["r05"]},
    },
    "dice": {"movement": [3]},
}


def _record() -> Game:
    seats = tuple(
        Seat(
            game_id=1, seat=i, player_id=p, user_id=None, ai_level="novice", display_name=p.title()
        )
        for i, p in enumerate(PLAYERS)
    )
    return Game(
        id=1,
        guild_id=1,
        channel_id=1,
        game="adventure",
        variant="classic",
        options={},
        status="running",
        state=None,
        version=1,
        table_message_id=None,
        host_id=1,
        timer_seconds=0,
        turn_deadline=None,
        created_at=0.0,
        updated_at=0.0,
        seats=seats,
    )


def _table(state) -> AdvTable:  # noqa: ANN001
    view = GAME.view(state, None)
    active = state.active
    legal = GAME.legal(state, active) if active else ()
    return AdvTable(
        1, 1, view, seats_of(_record(), state), GAME.awaiting(state), reach_of(view, legal), ()
    )


def _after_roll(data=STACKED):  # noqa: ANN001, ANN202
    state = build(data, PLAYERS, "ann")
    state, _ = GAME.apply(state, "ann", GAME.legal(state, "ann")[0])  # roll: 3
    return state


def test_the_board_for_a_stacked_position_matches_its_reference() -> None:
    png = render(facts(_table(_after_roll())))
    if os.environ.get("REGENERATE_PICTURES") == "1":
        REFERENCE.write_bytes(png)
        pytest.skip("rewrote the reference")
    got, want = Image.open(io.BytesIO(png)), Image.open(REFERENCE)
    assert got.size == want.size == SIZE
    assert differing_share(got, want) <= SHARE


def test_adv_12_the_picture_shows_no_secret_card() -> None:
    """Two positions that differ only in secret cards give the same picture."""
    other = {**STACKED, "hobbits": {**STACKED["hobbits"], "bob": {"place": "rivendell"}}}
    assert render(facts(_table(_after_roll()))) == render(facts(_table(_after_roll(other))))


def test_after_the_roll_exactly_the_reachable_places_are_highlighted() -> None:
    table = _table(_after_roll())
    assert set(table.reach) == set(B.within("rivendell", 3))
    assert facts(table).reach == table.reach


def test_every_place_sits_inside_the_picture() -> None:
    assert set(POS) == set(B.PLACES)
    for x, y in POS.values():
        assert 40 <= x <= WIDTH - 40 and 30 <= y <= HEIGHT - 60


def test_a_new_game_shows_every_talisman_at_its_place() -> None:
    state = GAME.create("classic", PLAYERS[:2], {}, random.Random(1))
    f = facts(_table(state))
    assert {p: list(c) for p, c in f.talismans.items() if c} == {
        p: list(c) for p, c in B.START_TALISMANS.items()
    }
