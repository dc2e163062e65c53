"""The expert's playouts reuse a seat's scores when its view comes round again.

Every world sampled for one decision shares the log up to the root, so in a playout a
seat's view is fixed by its hand and the events since the root (`expert._view_key`). The
reuse must change no move: the same key always meant the same view and the same scores,
and the expert picks the same moves with and without it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

import engine.loveletter as engine
from engine.loveletter.ai import expert, standard
from engine.loveletter.events import Event
from engine.loveletter.moves import Move
from engine.loveletter.state import GameState
from engine.loveletter.views import PlayerView
from tests.engine.loveletter.ai.positions import positions

TABLES = (("hobbit", 2), ("hobbit", 4), ("l5r", 2), ("l5r", 3), ("pegasus", 2), ("pegasus", 6))


def _sample(edition: str, players: int) -> list[GameState]:
    """A few positions spread over a game, where the expert has a real choice."""
    out = [s for i, s in enumerate(positions(edition, players, 40, seed=players)) if i % 7 == 3]
    return [s for s in out if len(engine.legal_moves(s)) > 1]


@pytest.mark.parametrize(("edition", "players"), TABLES)
def test_one_key_in_a_playout_is_one_view_and_one_judgement(
    edition: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(expert, "REUSE", False)
    monkeypatch.setattr(expert, "REUSE_EVENTS", 10**6)  # check views at every depth
    met: dict[expert._Key, tuple[PlayerView, standard.Judgement]] = {}
    repeats = 0
    judge = expert._judged
    key_of = expert._view_key
    last: list[expert._Key] = []

    def keyed(state: GameState, actor: str, since: list[tuple[object, ...]]) -> expert._Key:
        last[:] = [key_of(state, actor, since)]
        return last[0]

    def checked(
        state: GameState,
        actor: str,
        legal: Sequence[Move],
        me: str,
        keep: Mapping[str, float] | None,
        carry: expert._Carry | None,
        log: tuple[Event, ...] | None = None,
    ) -> standard.Judgement:
        nonlocal repeats
        judged = judge(state, actor, legal, me, keep, carry, log)
        now = (engine.player_view(state, actor), judged)
        before = met.setdefault(last[0], now)
        if before is not now:
            repeats += 1
            assert before == now
        return judged

    monkeypatch.setattr(expert, "_view_key", keyed)
    monkeypatch.setattr(expert, "_judged", checked)
    for i, state in enumerate(_sample(edition, players)[:3]):
        met.clear()
        me = state.actor
        assert me is not None
        expert.choose(engine.player_view(state, me), engine.legal_moves(state), random.Random(i))
    assert repeats > 0  # the check met views that came round again


@pytest.mark.parametrize(("edition", "players"), TABLES)
def test_reuse_changes_no_move(edition: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    states = _sample(edition, players)[:4]
    picks = {}
    for reuse in (True, False):
        monkeypatch.setattr(expert, "REUSE", reuse)
        picks[reuse] = [
            expert.choose(
                engine.player_view(s, s.actor or ""), engine.legal_moves(s), random.Random(i)
            )
            for i, s in enumerate(states)
        ]
    assert len(picks[True]) >= 3
    assert picks[True] == picks[False]
