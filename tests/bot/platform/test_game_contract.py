"""The contract every registered game keeps (issue 42, item 5), parametrised over them all:
Love Letter, The Hobbit Adventure Boardgame and Nim, the test-only game (tests/games/nim,
registered by the `nim` fixture; the real games register themselves). A new game that passes
this plugs into the platform without editing it.

Each game gives: an engine game (`engine.api.Game`) that creates, lists legal decisions,
applies them, shows views, round-trips its state and decision codecs, ends and gives a result
that the same seed gives again; its `TableRules` (every method of `bot.platform.rules`); its
presentation (table and hand messages from its read models, its components, its cog with the
shared commands and the hooks they call); its translation domain; the AI level a timed-out seat
and `/addbot` use; its feats hook; the leaderboard metric its results add to.
"""

from __future__ import annotations

import importlib
import inspect
import random
import time
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.i18n import use_locale
from bot.i18n.catalogues import DOMAINS
from bot.i18n.sources import domain_of
from bot.platform import registry
from bot.platform.presentation import Message, Presentation, presentation
from bot.platform.rules import TableRules
from cogs.base import GameCog
from engine.api import Event, Game, Result, game
from storage import Game as GameRecord
from storage import Seat
from tests.games.nim import plug

ROOT = Path(__file__).resolve().parents[3]
STEPS = 20_000  # decisions a game takes at most here (an Adventure game takes a few hundred)


def _registered() -> list[str]:
    """Every game the platform finds, and Nim while it is registered (at collection only)."""
    plug.install()
    try:
        return list(registry.entries())
    finally:
        plug.uninstall()


GAMES = _registered()


def test_every_game_is_in_the_contract() -> None:
    assert GAMES[:2] == ["loveletter", "adventure"] and "nim" in GAMES


def _players(engine: Game) -> tuple[str, list[str]]:
    variant, rules = next(iter(engine.variants.items()))
    return variant, [str(100 + n) for n in range(rules.min_players)]


def _record(name: str, variant: str, players: list[str], state: str | None) -> GameRecord:
    seats = tuple(
        Seat(1, n, pid, int(pid), None, f"Player {n + 1}") for n, pid in enumerate(players)
    )
    return GameRecord(
        1, 1, 2, name, variant, {}, "running", state, 0, None, int(players[0]), 0, None,
        0.0, 0.0, seats=seats,
    )  # fmt: skip


def _play(engine: Game, level: str, seed: int) -> tuple[Any, Result, int]:
    """A whole AI-only game from `seed`: every decision legal, its codec a round trip."""
    variant, players = _players(engine)
    rng = random.Random(seed)
    state = engine.create(variant, players, {}, rng)
    for steps in range(STEPS):
        if engine.is_over(state):
            result = engine.result(state)
            assert result is not None
            return state, result, steps
        awaited = engine.awaiting(state)
        assert awaited, "a running game waits for somebody"
        player = awaited[0]
        legal = list(engine.legal(state, player))
        assert legal, f"{player} is awaited but has no legal decision"
        chosen = engine.choose(level, engine.view(state, player), legal, rng)
        assert chosen in legal
        assert engine.decision_from_dict(engine.decision_to_dict(chosen)) == chosen
        state, events = engine.apply(state, player, chosen)
        assert all(isinstance(e, Event) and e.to_dict()["type"] == e.type for e in events)
        text = engine.to_json(state)
        assert engine.to_json(engine.from_json(text)) == text  # the codec round trip
    raise AssertionError(f"no end after {STEPS} decisions")


@pytest.fixture(params=GAMES)
def name(request: pytest.FixtureRequest, nim: str) -> str:
    found: str = request.param
    return found


def test_the_engine_plays_a_whole_game_the_same_way_from_the_same_seed(name: str) -> None:
    engine = game(name)
    assert engine.name == name and engine.title and engine.variants
    level = registry.table_rules(name).timeout_level
    started = time.perf_counter()
    state, result, steps = _play(engine, level, seed=7)
    assert time.perf_counter() - started < 60
    again_state, again, again_steps = _play(engine, level, seed=7)
    assert (engine.to_json(again_state), again, again_steps) == (
        engine.to_json(state),
        result,
        steps,
    )
    assert steps > 0 and result.winners
    metrics = {m for v in engine.variants.values() for m in v.metrics}
    gained = {m for gains in result.gains.values() for m in gains}
    assert metrics and gained <= metrics  # what the leaderboard sums is what results add to
    with pytest.raises(ValueError):
        engine.from_json("{}")
    with pytest.raises(ValueError):
        engine.create("no such variant", _players(engine)[1], {}, random.Random(1))


def test_the_table_rules_answer_every_question_of_the_platform(name: str) -> None:
    rules = registry.table_rules(name)
    engine = game(name)
    assert rules.game is engine
    for member in ("command", "timeout_level", "fingerprint_salt"):
        assert isinstance(getattr(rules, member), str) and getattr(rules, member)
    questions = [
        n for n, v in vars(TableRules).items() if inspect.isfunction(v) and not n.startswith("_")
    ]
    assert len(questions) >= 10
    for question in questions:
        assert callable(getattr(rules, question)), question
    with use_locale("en"):
        assert rules.title() and rules.title(next(iter(engine.variants)))
    names = {rules.ai_name(rules.timeout_level, n) for n in range(1, 5)}
    assert len(names) == 4  # unique within a game
    variant, players = _players(engine)
    state = engine.create(variant, players, {}, random.Random(3))
    assert not rules.pause_after(state, ()) and not rules.starts_anew(())
    assert not rules.side_decision(engine.legal(state, engine.awaiting(state)[0])[0])
    record = _record(name, variant, players, engine.to_json(state))
    table = rules.table(record, state, None)
    assert (table.game_id, table.version, table.paused) == (1, 0, False)
    for player in players:
        rules.hand(record, state, player, None)


def test_the_presentation_draws_the_table_and_a_hand_and_brings_its_cog(name: str) -> None:
    shown: Presentation = presentation(name)
    rules = registry.table_rules(name)
    assert shown.rules is rules and shown.command == rules.command
    assert shown.dynamic_items
    assert all(issubclass(item, discord.ui.DynamicItem) for item in shown.dynamic_items)
    engine = game(name)
    variant, players = _players(engine)
    state = engine.create(variant, players, {}, random.Random(3))
    record = _record(name, variant, players, engine.to_json(state))
    with use_locale("en"):
        assert isinstance(shown.table_message(rules.table(record, state, None)), Message)
        awaited = engine.awaiting(state)[0]
        hand = shown.hand_message(rules.hand(record, state, awaited, None))
        assert isinstance(hand, Message) and hand.view.children  # their decision controls
        assert shown.dm_place(record) and shown.closed_dms_text()
        assert isinstance(shown.lobby_message(record), Message)

    cog = _cog(name)
    assert callable(importlib.import_module(shown.cog).setup) and cog.game == name
    assert cog.declared().name == rules.command
    shared = {c.name for c in cog.declared().commands}
    base = next(b for b in cog.__mro__ if b.__name__ == GameCog.__name__)  # the cog's own copy
    assert set(base.SHARED) <= shared
    for hook in ("board", "board_message", "stats_embed", "rules_text"):
        assert getattr(cog, hook) is not getattr(base, hook), f"{name} answers no {hook}"


def test_the_feats_hook_and_the_ai_levels(name: str) -> None:
    cog = _cog(name)
    feats = cog.feats(cog.__new__(cog))
    assert feats is None or inspect.iscoroutinefunction(feats)
    engine, rules = game(name), registry.table_rules(name)
    assert rules.timeout_level in engine.ai_levels
    assert "standard" in engine.ai_levels  # what `/addbot` seats without a level


def test_the_translation_domain_is_the_games_own(name: str) -> None:
    texts = registry.entries()[name].texts
    assert texts.domain == name or texts.domain.startswith(name)
    rules_file = Path(inspect.getfile(type(registry.table_rules(name)))).resolve()
    assert domain_of(rules_file.relative_to(ROOT).as_posix()) == texts.domain
    for prefix, _domain in (*texts.parts, *((f, texts.domain) for f in texts.folders)):
        assert any(ROOT.glob(prefix + "*")), f"{name}: nothing at {prefix}"  # the path is real
    for specs in texts.extractors.values():
        for spec in specs:
            module, _, function = spec.partition(":")
            messages = getattr(importlib.import_module(module), function)()
            assert messages and all("id" in m for m in messages)
    if name != "nim":  # the real games are translated; Nim is English only
        assert texts.domain in DOMAINS


def _cog(name: str) -> Any:
    """The game's cog class: the GameCog its module defines. Known by its bases' names, not
    by identity: a bot that closed in an earlier test of this worker unloaded its extensions
    (discord.py drops them from sys.modules), so the modules may be fresh copies."""
    module = importlib.import_module(presentation(name).cog)
    return next(
        c
        for c in vars(module).values()
        if inspect.isclass(c)
        and c.__module__ == module.__name__  # its own, not the GameCog it imports
        and any(f"{b.__module__}.{b.__qualname__}" == "cogs.base.GameCog" for b in c.__mro__)
    )
