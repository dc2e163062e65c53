"""A whole game of Nim, the test-only game (tests/games/nim), through the game service on a
real SQLite file: lobby, seats, an AI seat, moves and a refused one, the result, the tallies
and the ratings. Nim is registered from the test (the `nim` fixture); no platform file names
it, so this proves a third game needs no edit of the platform (issue 42, item 5)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService, errors
from bot.service.autoplay import ai_move, ai_to_move
from bot.service.boards import user_rating, user_stats
from storage import Storage
from tests.games.nim.engine import Take

ANN, BOB = 100, 101


@pytest.fixture
async def service(tmp_path: Path, nim: str) -> AsyncIterator[GameService]:
    storage = await Storage.open(tmp_path / "nim.db")
    yield GameService(storage)
    await storage.close()


async def test_a_whole_game_of_nim_through_the_service(service: GameService) -> None:
    await service.new_lobby(1, 10, ANN, "Ann", "nim", "classic", {})
    await service.join(10, BOB, "Bob", "nim")
    lobby = await service.add_bot(10, ANN, "standard", "nim")
    assert [s.display_name for s in lobby.seats] == ["Ann", "Bob", "Nim bot 1"]
    game = await service.start(10, ANN, rng=random.Random(3), kind="nim")
    assert game.status == "running"
    game, state = await service.running(game.id)
    heap = state.heap
    assert 10 <= heap <= 15  # NIM-1

    # NIM-2: a refusal (more than 3 stones) changes nothing; so does a move out of turn.
    with pytest.raises(errors.Rejected, match="1 to 3 stones"):
        await service.play(game.id, str(ANN), Take(4), game.version)
    with pytest.raises(errors.NotYourTurn):
        await service.play(game.id, str(BOB), Take(1), game.version)
    assert (await service.running(game.id))[0].version == game.version

    rng, taken = random.Random(1), 0
    while game.status == "running":
        ai = ai_to_move(service, game, state)
        if ai is not None:
            outcome = await ai_move(service, game.id, game.version, rng)
            assert outcome is not None
        else:
            player = service.awaiting(game, state)[0]
            legal = service.legal(game, state, player)
            outcome = await service.play(game.id, player, legal[0], game.version)
        taken += sum(e.to_dict().get("stones", 0) for e in outcome.events)
        game, state = outcome.game, outcome.state
    assert taken == heap  # NIM-3: the game ends with the last stone

    result = await service.storage.get_result(game.id)
    assert result is not None and result.winners == (state.winner,)
    assert len(await service.storage.get_moves(game.id)) == game.version
    for user in (ANN, BOB):  # every human's tallies and rating know the game
        stats = await user_stats(service.storage, 1, user, "nim")
        totals = stats.per_variant["classic"]
        assert totals["games_played"] == 1
        assert totals.get("wins", 0) == int(state.winner == str(user))
        rating = (await user_rating(service.storage, 1, user, "nim")).rating
        assert rating is not None and rating.games == 1


async def test_the_other_games_do_not_see_nim_once_its_test_is_done() -> None:
    """Nim is registered per test: a test without the fixture finds only the real games."""
    from bot.platform.registry import entries
    from engine.api import games

    assert "nim" not in entries() and "nim" not in games()
