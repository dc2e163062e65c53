"""One click path for every registered game (issue 42): one decision reference and fingerprint
(`bot.platform.decisions`), checked by one service method, `GameService.click` (seat, version,
whose decision, fingerprint), on a real SQLite file."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.platform.decisions import DecisionRef, fingerprint
from bot.platform.registry import all_rules
from bot.service import GameService, errors, player_id_for
from storage import Storage

HOST = 100


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    storage = await Storage.open(tmp_path / "click.db")
    yield GameService(storage)
    await storage.close()


async def _started(service: GameService, name: str) -> int:
    """A game of `name` in its first variant with its fewest players, all human."""
    rules = all_rules()[name]
    variant, seats = next(iter(rules.game.variants.items()))
    await service.new_lobby(1, 10, HOST, "Ann", name, variant, {})
    for i in range(1, max(2, seats.min_players)):
        await service.join(10, HOST + i, f"P{i}", kind=name)
    game = await service.start(10, HOST, rng=random.Random(5), kind=name)
    return game.id


@pytest.mark.parametrize("name", sorted(all_rules()))
async def test_one_check_for_every_games_decision_controls(service: GameService, name: str) -> None:
    game_id = await _started(service, name)
    game, state = await service.running(game_id)
    rules = service.rules(game)
    player = service.awaiting(game, state)[0]
    legal = tuple(service.legal(game, state, player))
    fp = fingerprint(rules.game, legal, rules.fingerprint_salt)

    clicked = await service.click(DecisionRef(game_id, game.version, fp), player)
    assert clicked.legal == legal and clicked.game.version == game.version
    assert (await service.click(DecisionRef(game_id, None, None), player)).legal == legal

    wrong = "000000" if fp != "000000" else "111111"
    with pytest.raises(errors.StaleView):  # drawn from another list of decisions
        await service.click(DecisionRef(game_id, game.version, wrong), player)
    with pytest.raises(errors.StaleView):  # drawn from another state
        await service.click(DecisionRef(game_id, game.version - 1, fp), player)
    with pytest.raises(errors.NotAPlayer):
        await service.click(DecisionRef(game_id, game.version, fp), player_id_for(999))
    waiting = [s.player_id for s in game.seats if s.player_id != player]
    other = next(p for p in waiting if not service.legal(game, state, p))
    with pytest.raises(errors.NotYourTurn):
        await service.click(DecisionRef(game_id, game.version, fp), other)
    with pytest.raises(errors.NotForYou):  # a decision out of turn that is not theirs
        await service.click(DecisionRef(game_id, game.version, fp), other, decision=True)


@pytest.mark.parametrize("name", sorted(all_rules()))
def test_the_fingerprint_names_the_exact_list(name: str) -> None:
    """Another list (one more decision) has another, and so has a game's salt (the version
    of its numbering)."""
    rules = all_rules()[name]
    state = rules.game.create(
        next(iter(rules.game.variants)), ["a", "b"], {}, random.Random(1), names={}
    )
    player = rules.game.awaiting(state)[0]
    legal = list(rules.game.legal(state, player))
    fp = fingerprint(rules.game, legal, rules.fingerprint_salt)
    assert len(fp) == 6 and fp == fingerprint(rules.game, list(legal), rules.fingerprint_salt)
    assert fp != fingerprint(rules.game, legal + legal[:1], rules.fingerprint_salt)
    assert fp != fingerprint(rules.game, legal, rules.fingerprint_salt + "'")
