"""The game service on a real SQLite file: lock, version checks, refusals change nothing."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import engine.loveletter as engine
from bot.games.loveletter.decisions import PickRef, Prompt, pick, play_named
from bot.games.loveletter.presenter import PRESENTATION
from bot.service import GameService, errors
from bot.ui.delivery import private_news, reply_lines
from storage import Storage

HOST = 100


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    storage = await Storage.open(tmp_path / "service.db")
    yield GameService(storage)
    await storage.close()


async def running_game(service: GameService, edition: str = "pegasus", players: int = 3) -> int:
    await service.new_lobby(1, 10, HOST, "Ann", "loveletter", edition, {})
    for i in range(1, players):
        await service.join(10, HOST + i, f"P{i}")
    game = await service.start(10, HOST, rng=random.Random(5))
    return game.id


async def test_lobby_checks_player_counts_and_host(service: GameService) -> None:
    await service.new_lobby(1, 10, HOST, "Ann", "loveletter", "hobbit", {})
    with pytest.raises(errors.LobbyProblem, match="needs 2–4 players"):
        await service.start(10, HOST)
    for i in range(1, 4):
        await service.join(10, HOST + i, f"P{i}")
    with pytest.raises(errors.LobbyProblem, match="full"):
        await service.join(10, HOST + 9, "Late")
    with pytest.raises(errors.HostOnly):
        await service.start(10, HOST + 1)
    with pytest.raises(errors.ChannelHasGame):
        await service.new_lobby(1, 10, HOST + 5, "Other", "loveletter", "l5r", {})
    with pytest.raises(errors.LobbyProblem, match="option"):
        await service.new_lobby(1, 11, HOST, "Ann", "loveletter", "l5r", {"elves": "german"})
    game = await service.start(10, HOST)
    assert game.status == "running" and len(game.seats) == 4


async def test_simultaneous_plays_of_one_view_apply_exactly_once(service: GameService) -> None:
    game_id = await running_game(service)
    game, state = await service.running(game_id)
    move = engine.legal_moves(state)[0]
    results = await asyncio.gather(
        *(service.play(game_id, move.player, move, game.version) for _ in range(5)),
        return_exceptions=True,
    )
    done = [r for r in results if not isinstance(r, BaseException)]
    stale = [r for r in results if isinstance(r, errors.StaleView)]
    assert len(done) == 1 and len(stale) == 4
    assert len(await service.storage.get_moves(game_id)) == 1


async def test_refusals_change_nothing(service: GameService) -> None:
    game_id = await running_game(service)
    game, state = await service.running(game_id)
    actor = state.actor
    other = next(s.player_id for s in game.seats if s.player_id != actor)
    move = engine.legal_moves(state)[0]
    with pytest.raises(errors.NotYourTurn):
        await service.play(game_id, other, engine.Play(other, "princess"), game.version)
    with pytest.raises(errors.NotAPlayer):
        await service.play(game_id, "999", move, game.version)
    with pytest.raises(errors.StaleView):
        await service.play(game_id, actor, move, game.version + 3)
    missing = next(
        c
        for c in ("princess", "countess", "king")
        if c not in state.players[state.seat(actor)].hand
    )
    with pytest.raises(errors.Rejected):
        await play_named(service, game_id, actor, missing, None, None)
    stored = await service.storage.get_game(game_id)
    assert stored.version == 0 and stored.state == engine.to_json(state)


async def test_a_fresh_service_continues_from_the_database(service: GameService) -> None:
    game_id = await running_game(service, "l5r", 2)
    game, state = await service.running(game_id)
    await service.play(game_id, state.actor, engine.legal_moves(state)[0], game.version)
    again = GameService(service.storage)
    assert await again.load_running() == 1
    game2, state2 = await again.running(game_id)
    assert game2.version == 1
    assert engine.to_json(state2) == engine.to_json((await service.running(game_id))[1])


async def test_step_by_step_choices_end_in_one_legal_move(service: GameService) -> None:
    game_id = await running_game(service, "hobbit", 4)
    rng = random.Random(3)
    for _ in range(30):
        game, state = await service.running(game_id)
        actor = state.actor
        hand = service.hand(game, state, actor)
        assert hand.my_turn and hand.moves == tuple(engine.legal_moves(state))
        index = rng.randrange(len(hand.moves))
        result = await pick(service, actor, PickRef(game_id, game.version, None, index, 1), None)
        while isinstance(result, Prompt):
            step = result.step
            assert step.field is not None and len(step.options) > 1
            option = rng.choice(step.options)
            values = [str(option.index)]
            ref = PickRef(game_id, game.version, None, step.options[0].index, step.depth)
            result = await pick(service, actor, ref, values)
        assert result.game.version == game.version + 1
        if result.game.status != "running":
            break


async def _stacked_pegasus_2p(
    service: GameService, hands: tuple[str, str], draw_pile: tuple[str, ...]
) -> tuple[int, Any, Any, str, str]:
    """A running 2-player Pegasus game restacked to a known deal: (id, game, state, 1st, 2nd)."""
    from engine.loveletter.rounds import Deal

    game_id = await running_game(service, "pegasus", 2)
    game, state = await service.running(game_id)
    first, second = (s.player_id for s in game.seats)
    deal = Deal(
        set_aside="guardswoman",
        face_up=("guardswoman", "guardswoman", "guardswoman"),
        hands={first: hands[0], second: hands[1]},
        draw_pile=draw_pile,
    )
    return game_id, game, engine.restack(state, deal, first), first, second


async def test_forced_play_leaves_one_card_and_says_why(service: GameService) -> None:
    pile = (
        "king",
        "baron",
        "handmaid",
        "prince",
        "princess",
        "guardswoman",
        "priest",
        "baron",
        "handmaid",
        "prince",
    )
    _, game, stacked, first, _ = await _stacked_pegasus_2p(service, ("countess", "priest"), pile)
    hand = service.hand(game, stacked, first)
    assert sorted(hand.hand) == ["countess", "king"]
    assert {m.card for m in hand.moves} == {"countess"}
    assert hand.forced_reason is not None and "Countess" in hand.forced_reason


class RecordingNotifier:
    """A fake Notifier that keeps what it was given."""

    def __init__(self) -> None:
        self.news: list[object] = []

    async def notify(self, news: object) -> None:
        self.news.extend(news)  # type: ignore[arg-type]


async def test_a_trade_reaches_the_other_player_privately(service: GameService) -> None:
    notifier = RecordingNotifier()
    service.notifier = notifier
    pile = ("king", "countess", "handmaid", "prince", "princess", "guardswoman", "priest")
    pile += ("baron", "handmaid", "prince")
    hands = ("baron", "priest")
    game_id, game, stacked, first, second = await _stacked_pegasus_2p(service, hands, pile)
    service._cache[game_id] = (game, stacked)
    outcome = await service.play(game_id, first, engine.Play(first, "king", target=second), 0)
    await service.deliver_news(private_news(PRESENTATION, outcome))
    assert [n.player_id for n in notifier.news] == [second]
    assert any("received" in line and "Baron" in line for line in notifier.news[0].lines)
    game, state = await service.running(game_id)
    their_hand = service.hand(game, state, second)
    assert "baron" in their_hand.hand  # plus the card they drew for their turn
    assert any(e["type"] == "card_received" for e in their_hand.private_log)
    mine = service.hand(game, state, first)
    assert not any(e["type"] == "card_received" and e["player"] == second for e in mine.private_log)


async def test_a_view_drawn_from_another_move_list_is_out_of_date(service: GameService) -> None:
    """The custom_id's move indexes only count for the exact legal-move list they came from."""
    from bot.games.loveletter.decisions import VERSION
    from bot.platform.decisions import fingerprint as platform_fingerprint

    def fingerprint(moves: Any) -> str:
        return platform_fingerprint(engine.GAME, moves, VERSION)

    game_id = await running_game(service)
    game, state = await service.running(game_id)
    moves = engine.legal_moves(state)
    other = "000000" if fingerprint(moves) != "000000" else "111111"
    with pytest.raises(errors.StaleView):
        await pick(service, state.actor, PickRef(game_id, game.version, other, 0, 1), None)
    ref = PickRef(game_id, game.version, fingerprint(moves), 0, 1)
    result = await pick(service, state.actor, ref, None)
    assert result is not None


async def test_play_by_name_asks_for_what_is_missing(service: GameService) -> None:
    pile = (
        "king",
        "countess",
        "handmaid",
        "prince",
        "princess",
        "baron",
        "priest",
        "baron",
        "handmaid",
        "prince",
    )
    hands = ("guardswoman", "priest")
    game_id, game, stacked, first, second = await _stacked_pegasus_2p(service, hands, pile)
    service._cache[game_id] = (game, stacked)
    with pytest.raises(errors.Rejected, match=r"needs more choices \(guess\)"):
        await play_named(service, game_id, first, "guardswoman", second, None)
    outcome = await play_named(service, game_id, first, "guardswoman", second, "2")
    assert outcome.game.version == 1
    assert any("right" in line for line in reply_lines(PRESENTATION, outcome))
