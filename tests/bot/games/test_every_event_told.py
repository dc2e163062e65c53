"""Every public event reaches the table and the terminal, in both games.

An AI hobbit that used its Rope against Fog left no line anywhere (the Rope went back to its
deck in a `returned` event without a reason, which no reader is told of), so the table saw a
Rope vanish. The rule held here: each event kind the engine can emit has a line for a reader
who may see it, unless its game declares it QUIET (told by the line of something else), and
every decision or move taken shows at least one line to the table and to another player.
Checked over whole seeded AI games and every Adventure scenario, so a kind added later is
caught by the corpus test below until it has its line.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

import engine.loveletter as love_letter
from bot.cli.adventure_turn import Table
from bot.games.adventure.text.decided import QUIET as ADVENTURE_QUIET
from bot.games.adventure.text.lines import event_line
from bot.games.loveletter.text.events import QUIET as LOVE_LETTER_QUIET
from bot.games.loveletter.text.events import render_event
from bot.i18n import use_locale
from engine.adventure import events as adventure_events
from engine.adventure.ai import choose
from engine.adventure.rules import apply, legal_moves, new_game
from engine.adventure.scenario import replay
from engine.adventure.view import view
from engine.loveletter import events as love_letter_events
from tests.engine.adventure.test_scenarios import FILES, ROOT

# One worker for the whole file: three tests read the seeded Adventure games (about 5 s of
# expert decisions, `_adventure_games`) and three the scenarios, each made once per process.
pytestmark = pytest.mark.xdist_group("every event told")
Events = list[dict[str, Any]]
RARE = {"skipped": {"type": "skipped", "player": "h1", "what": "magic_deck_empty"}}
"""Kinds no seeded game or scenario here happens to emit, each shown by an example."""


def _kinds(base: type) -> set[str]:
    """The `type` of every event class the engine defines under `base`."""
    found, pending = set(), [base]
    while pending:
        for sub in pending.pop().__subclasses__():
            found.add(sub.type)
            pending.append(sub)
    return found


def _names(players: list[str]) -> dict[str, str]:
    return {p: p.capitalize() for p in players}


@cache
def _adventure_games() -> list[tuple[str, list[str], Events, list[Any]]]:
    """(actor, players, event dicts, event objects) of each decision in seeded AI games."""
    out = []
    for seed in range(12):
        rng = random.Random(seed)
        players = [f"h{i + 1}" for i in range(2 + seed % 3)]
        state = new_game(players, rng)
        out.append(("", players, [e.to_dict() for e in state.log], list(state.log)))
        for _n in range(2_000):
            if state.over or state.pending is None:
                break
            pid = state.pending.player
            level = ("novice", "standard", "expert")[(players.index(pid) + seed) % 3]
            decision = choose(level, view(state, pid), legal_moves(state, pid), rng)
            state, events = apply(state, pid, decision)
            out.append((pid, players, [e.to_dict() for e in events], events))
    return out


@cache
def _scenario_decisions() -> list[tuple[str, str, list[str], Events]]:
    """(scenario, actor, players, event dicts) of each decision of every Adventure scenario:
    its log cut where a hobbit's own (not automatic) decision begins. Replayed once for the
    three tests that read them."""
    return list(_scenario_groups())


def _scenario_groups() -> Iterator[tuple[str, str, list[str], Events]]:
    for path in FILES:
        data = json.loads(path.read_text(encoding="utf-8"))
        out = replay(data)
        players = list(data.get("players") or [])
        group: Events = []
        actor = ""
        for e in out.get("log") or []:
            if e["type"] == "decided" and not e.get("auto"):
                if group:
                    yield path.stem, actor, players, group
                group, actor = [], e["player"]
            group.append(e)
        if group:
            yield path.stem, actor, players, group


def _public(events: Events) -> Events:
    return [e for e in events if "to" not in e]


def test_every_adventure_event_kind_is_met() -> None:
    met = {e["type"] for _a, _p, events, _o in _adventure_games() for e in events}
    met |= {e["type"] for _s, _a, _p, events in _scenario_decisions() for e in events}
    assert _kinds(adventure_events.AdvEvent) - met - set(RARE) == set()


def test_every_public_adventure_event_has_its_line_unless_quiet() -> None:
    corpus = [(players, events) for _a, players, events, _o in _adventure_games()]
    corpus += [(players, events) for _s, _a, players, events in _scenario_decisions()]
    corpus.append((["h1", "h2"], list(RARE.values())))
    for players, events in corpus:
        for e in _public(events):
            if e["type"] not in ADVENTURE_QUIET:
                other = next(p for p in players if p != e.get("player"))
                assert event_line(e, _names(players), None), e
                assert event_line(e, _names(players), other), e  # (its drawer reads its own)


def test_every_adventure_decision_reaches_the_table_and_the_terminal() -> None:
    """The table (no reader) and a terminal player watching an AI hobbit each read a line
    for every decision taken, a Rope used or kept included."""
    for actor, players, events, objects in _adventure_games():
        names = _names(players)
        table = [event_line(e, names, None) for e in _public(events)]
        assert any(table), events
        watcher = next(p for p in players if p != actor)
        said: list[str] = []
        Table({watcher: names[watcher]} | names, input, said.append).tell(objects)
        assert said, events
    for stem, actor, players, events in _scenario_decisions():
        names = _names(players)
        watcher = next(p for p in players if p != actor)
        assert any(event_line(e, names, None) for e in _public(events)), (stem, events)
        assert any(event_line(e, names, watcher) for e in _public(events)), (stem, events)


ROPE = ROOT / "tests" / "scenarios" / "adventure" / "adv_11_rope_cancels_a_forced_movement.json"


@pytest.mark.parametrize(
    ("locale", "table", "yours"),
    [
        (
            "en",
            "Ann uses the Rope against Fog and is not moved; both go back under their decks.",
            "You use your Rope against Fog and are not moved; both go back under their decks.",
        ),
        (
            "de",
            "Ann setzt das Seil gegen Nebel ein und wird nicht bewegt; beide Karten kommen zurück"
            " unter ihre Stapel.",
            "Du setzt dein Seil gegen Nebel ein und wirst nicht bewegt; beide Karten kommen zurück"
            " unter ihre Stapel.",
        ),
    ],
)
def test_a_rope_used_against_fog_is_told(locale: str, table: str, yours: str) -> None:
    """ADV-11: the Rope cancels the forced movement; both cards go back. It used to show
    nothing: the Rope simply vanished from the table."""
    out = replay(json.loads(ROPE.read_text(encoding="utf-8")))
    names = {"ann": "Ann", "bob": "Bob"}
    with use_locale(locale):
        for_table = [event_line(e, names, None) for e in _public(out["log"])]
        for_ann = [event_line(e, names, "ann") for e in _public(out["log"])]
    assert table in for_table
    assert yours in for_ann


@cache
def _love_letter_moves() -> list[tuple[str, list[str], list[Any]]]:
    """(edition, players, events) of each move of seeded games of random legal moves."""
    out = []
    for edition, counts in (("hobbit", (2, 4)), ("l5r", (2, 4)), ("pegasus", (2, 4, 5, 8))):
        for players in counts:
            for seed in range(3):
                rng = random.Random(seed)
                ids = [f"p{i}" for i in range(players)]
                state = love_letter.new_game(edition, ids, rng)
                out.append((edition, ids, list(state.log)))
                while not state.game_over:
                    move = rng.choice(love_letter.legal_moves(state))
                    state, events = love_letter.apply(state, move)
                    out.append((edition, ids, events))
    return out


def test_every_love_letter_event_kind_is_met() -> None:
    met = {e.type for _ed, _ids, events in _love_letter_moves() for e in events}
    assert _kinds(love_letter_events.Event) - met == set()


def test_every_public_love_letter_event_has_its_line_and_every_move_is_told() -> None:
    for edition, ids, events in _love_letter_moves():
        names = _names(ids)
        public = [e for e in events if e.visible_to(None)]
        lines = [render_event(e.to_dict(), edition, names, None) for e in public]
        for e, line in zip(public, lines, strict=True):
            assert line or e.type in LOVE_LETTER_QUIET, e
        if public:
            assert any(lines), events
