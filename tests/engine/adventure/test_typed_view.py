"""ADV-12: the typed view (`player_view`) holds what the JSON view holds and no more: no
hidden card of another hobbit (nor, for the spectator, of any hobbit) reaches it, only their
number; its reader's own Riddle and Magic cards are theirs to read."""

from __future__ import annotations

import random
from dataclasses import fields

from engine.adventure.ai import choose
from engine.adventure.cards import SECRET
from engine.adventure.rules import apply, legal_moves, new_game
from engine.adventure.view import AdventureView, HobbitView, player_view, typed, view


def _states(seed: int) -> list:
    rng = random.Random(seed)
    state = new_game(["h1", "h2", "h3"], rng)
    out = [state]
    for _n in range(300):
        if state.over or state.pending is None:
            break
        pid = state.pending.player
        state, _events = apply(
            state, pid, choose("novice", view(state, pid), legal_moves(state, pid), rng)
        )
        out.append(state)
    return out


def _strings(value: object) -> set[str]:
    """Every string inside a typed view (records, mappings, tuples)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(k) | _strings(v) for k, v in value.items()))
    if isinstance(value, tuple | list):
        return set().union(*(_strings(v) for v in value))
    if hasattr(value, "__dataclass_fields__"):
        return set().union(*(_strings(getattr(value, f.name)) for f in fields(value)))
    return set()


def test_adv_12_no_hidden_card_reaches_the_typed_view() -> None:
    for state in _states(3)[::7]:
        for reader in (None, "h1", "h2", "h3"):
            v = player_view(state, reader)
            assert v == AdventureView.from_dict(view(state, reader))
            for pid, h in v.hobbits.items():
                cards, shown = state.hobbits[pid].cards, state.hobbits[pid].shown
                hidden = [c for c in cards if c in SECRET]
                unseen = [c for c in hidden if c not in shown]
                assert h.secret == (len(hidden) if pid == reader else len(unseen))
                if pid == reader:
                    assert h.secret_cards is not None and sorted(h.secret_cards) == sorted(hidden)
                    continue
                assert h.secret_cards is None
                assert not set(unseen) & _strings(h), (pid, reader)


def test_the_typed_view_reads_any_part_of_the_json_one() -> None:
    part = typed({"me": "a", "hobbits": {"a": {"place": "bree", "secret": ["riddle_01"]}}})
    assert part.hobbits["a"] == HobbitView(place="bree", secret=1, secret_cards=("riddle_01",))
    assert part.turn is None and part.fight is None and not part.over
    assert typed(part) is part
