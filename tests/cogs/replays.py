"""Walking a finished game's replay through its buttons, as a player would (both games).

`walk` clicks Next from the first step to the last and hands every step's message to a
check; the states each step shows are recomputed here from storage, only to *check* what the
replay showed (the initial state and the move log, applied through the game's rules).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from tests.cogs.driver import message_text

STEP = re.compile(r"move (\d+) of (\d+)")


def step_of(message: Any) -> tuple[int, int]:
    """(step, steps) the replay message says it shows."""
    found = STEP.search(message_text(message))
    assert found, f"not a replay step: {message_text(message)[:300]!r}"
    return int(found.group(1)), int(found.group(2))


async def states_of(storage: Any, rules: Any, game_id: int) -> list[tuple[Any, list[Any]]]:
    """(state after each move, that move's events), from the start (no events) to the end."""
    state = rules.from_json(await storage.get_initial_state(game_id))
    out: list[tuple[Any, list[Any]]] = [(state, [])]
    for move in await storage.get_moves(game_id):
        decision = rules.decision_from_dict(json.loads(move.move))
        state, events = rules.apply(state, move.player, decision)
        out.append((state, list(events)))
    return out


async def open_replay(member: Any, channel: Any, command: str, game_id: int) -> Any:
    """`/<command> history`, then the game's Replay button: the replay at its first step."""
    listing = (await member.slash(channel, f"{command} history")).response
    assert f"Game {game_id}" in message_text(listing)
    return (await member.click(listing, label=f"Replay {game_id}")).response


async def walk(member: Any, replay: Any, check: Callable[[int, Any], None]) -> Any:
    """Next ▶ from step 0 to the last, `check(step, message)` at every step; the last."""
    step, steps = step_of(replay)
    assert step == 0 and steps > 0
    check(0, replay)
    for expected in range(1, steps + 1):
        replay = (await member.click(replay, label="Next ▶")).response
        assert step_of(replay) == (expected, steps)
        check(expected, replay)
    return replay
