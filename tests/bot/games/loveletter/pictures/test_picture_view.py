"""Issue 44 item 2: a running table's picture goes to the drawing worker with only what it
draws from (`picture_view`: of the round's log, the last move; of the rounds, the last),
and shows exactly what the whole spectators' view shows. Drawn in the bot's own process it
draws from the view itself (what the cogs' leak check records)."""

from __future__ import annotations

import pickle
import random

import pytest

from bot.games.loveletter.pictures import public_table, table_png
from bot.games.loveletter.pictures.from_table import RunningTable
from bot.games.loveletter.pictures.table import picture_view
from engine.loveletter import PlayerView, apply, legal_moves, new_game, player_view
from tests.bot.games.loveletter.pictures.scenes import LONG_NAMES, SEATS, midway


@pytest.mark.parametrize(("edition", "players"), [("pegasus", 4), ("hobbit", 2), ("l5r", 3)])
def test_the_table_from_the_cut_view_is_the_table_from_the_whole_view(
    edition: str, players: int
) -> None:
    """Every position of a seeded whole game, its end included: the same table, and the
    cut view never larger to send."""
    rng = random.Random(players)
    st = new_game(edition, list(SEATS[:players]), rng)
    positions = 0
    while not st.over:
        st, _ = apply(st, rng.choice(legal_moves(st)))
        view = player_view(st, None)
        cut = picture_view(view)
        assert public_table(cut, names=LONG_NAMES) == public_table(view, names=LONG_NAMES)
        assert len(pickle.dumps(cut)) <= len(pickle.dumps(view))
        positions += 1
    assert view.game_over and len(view.history) > 1  # the end, after more than one round
    assert table_png(cut, names=LONG_NAMES) == table_png(view, names=LONG_NAMES)
    assert len(cut.history) == 1 and positions > 20


def test_the_cut_view_keeps_the_last_move_and_what_followed_it() -> None:
    """Mid-round, the log sent is the last public card played and the events after it."""
    view = _midway(seed=7, moves=9)
    cut = picture_view(view)
    assert cut.log[0].type == "card_played" and cut.log == view.log[-len(cut.log) :]
    assert all(e.type != "card_played" for e in cut.log[1:])
    assert len(cut.log) < len(view.log)


def test_the_running_table_pickles_with_the_cut_view_and_draws_the_same() -> None:
    """What the worker unpickles is the cut view; what it draws, the picture drawn here."""
    view = _midway(seed=3, moves=12)
    here = RunningTable(view, dict(LONG_NAMES))
    sent = pickle.loads(pickle.dumps(here))
    assert here.view is view and sent.view == picture_view(view) != view
    assert sent() == here()


def _midway(seed: int, moves: int) -> PlayerView:
    """The spectators' view of a 4-player Pegasus round after `moves` seeded random moves."""
    return player_view(midway("pegasus", 4, seed, moves), None)
