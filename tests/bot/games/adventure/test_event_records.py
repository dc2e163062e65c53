"""The events' lines are written from the engine's typed records (issue 42 item 4), matched by
class: a record read back as JSON reads exactly as the record itself, for the table and for
every hobbit, in English and German (ADV-12: only what the reader may see is passed)."""

from __future__ import annotations

import random

from bot.games.adventure.text import events
from bot.games.adventure.text.lines import event_line
from bot.games.adventure.text.records import KINDS, record
from bot.i18n import use_locale
from engine.adventure import events as E
from engine.adventure.ai import choose
from engine.adventure.rules import apply, legal_moves, new_game
from engine.adventure.view import view


def _played(seed: int) -> list[E.AdvEvent]:
    rng = random.Random(seed)
    players = ["h1", "h2", "h3"]
    state = new_game(players, rng)
    log = list(state.log)
    for _n in range(400):
        if state.over or state.pending is None:
            break
        pid = state.pending.player
        decision = choose("novice", view(state, pid), legal_moves(state, pid), rng)
        state, got = apply(state, pid, decision)
        log += got
    return log


def test_a_record_read_back_as_json_reads_as_the_record() -> None:
    names = {"h1": "Ann", "h2": "Bob", "h3": "Cid"}
    for seed in (1, 2):
        for e in _played(seed):
            again = record(e.to_dict())
            assert again == e
            readers = [None] if e.audience is None else list(e.audience)
            for locale in ("en", "de"):
                with use_locale(locale):
                    for reader in readers:
                        assert event_line(e.to_dict(), names, reader) == event_line(
                            e, names, reader
                        )


def test_every_engine_event_class_is_known_by_its_type() -> None:
    assert KINDS["taken"] is E.Taken and KINDS["talisman"] is E.TalismanMoved
    assert set(KINDS.values()) >= {E.Moved, E.Combat, E.GameOver, E.Riddled}


def test_a_combat_roll_from_before_bonuses_were_named_keeps_its_bonus() -> None:
    old = {"type": "combat", "player": "h1", "dice": ["d2", "p1", "d2"], "result": 3}
    old |= {"total": 5, "power": 6}
    typed = record(old)
    assert isinstance(typed, E.Combat) and typed.bonuses == {"bonuses": 2}
    assert events.event_line(old, "h2") == events.event_line(typed, "h2")


def test_a_kind_without_its_line_is_still_told() -> None:
    assert record({"type": "new_kind", "player": "h1"}) is None
    assert event_line({"type": "new_kind", "player": "h1"}, {"h1": "Ann"}, None) == "Ann: new kind."
