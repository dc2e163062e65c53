"""The board's last-move arrow through the presenter: it comes from the public move event,
stays while the next hobbit's turn begins (remembered per game), and one remembered from a
newer version (another game with the same id in a new database) is dropped."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.adventure.presenter import PRESENTATION
from bot.games.adventure.rules import AdventureRules
from engine.adventure import GAME
from storage import Game, Seat
from tests.bot.games.adventure.picture_tables import NAMES, PLAYERS, after_roll


def _record(version: int) -> Game:
    seats = tuple(
        Seat(game_id=1, seat=i, player_id=p, user_id=None, ai_level="novice", display_name=n)
        for i, (p, n) in enumerate(zip(PLAYERS, NAMES, strict=True))
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
        version=version,
        table_message_id=None,
        host_id=1,
        timer_seconds=0,
        turn_deadline=None,
        created_at=0.0,
        updated_at=0.0,
        seats=seats,
    )


def test_the_last_move_stays_while_the_next_turn_begins() -> None:
    presenter = AdventureRules()
    state = after_roll()
    to_carrock = next(d for d in GAME.legal(state, "ann") if d.to == "carrock")
    state, events = GAME.apply(state, "ann", to_carrock)
    version = 2
    table = presenter.table(_record(version), state, None, events)
    assert table.move == ("ann", "rivendell", "carrock")
    rng = random.Random(3)
    while state.turn is not None and state.turn.player == "ann" and not state.over:
        who = GAME.awaiting(state)[0]
        decision = GAME.choose("novice", GAME.view(state, who), GAME.legal(state, who), rng)
        state, events = GAME.apply(state, who, decision)
        version += 1
        table = presenter.table(_record(version), state, None, events)
        if any(e.type == "moved" and e.audience is None for e in events):
            break
    else:
        assert state.turn is not None and state.turn.player != "ann"
        assert table.move == ("ann", "rivendell", "carrock")
        assert (
            "Last move: Ann, Rivendell to Carrock"
            in PRESENTATION.table_message(table).pictures[0].description
        )


def test_a_move_remembered_from_a_newer_version_is_dropped() -> None:
    presenter = AdventureRules()
    state = after_roll()
    to_carrock = next(d for d in GAME.legal(state, "ann") if d.to == "carrock")
    moved, events = GAME.apply(state, "ann", to_carrock)
    assert presenter.table(_record(5), moved, None, events).move is not None
    fresh = presenter.table(replace(_record(1)), after_roll(), None, ())
    assert fresh.move is None
