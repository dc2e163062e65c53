"""Timers that count turns: when a hobbit's time runs out the AI plays that whole turn (every
step of it) and the channel says what it played; the seat goes to an AI only after two whole
turns missed in a row; a decision out of turn (a chased creature) has its own deadline, says
so, and a miss there is no missed turn."""

from __future__ import annotations

import pytest

from tests.cogs.adventure.driver import open_adventure
from tests.cogs.adventure.positions import CHASE
from tests.cogs.adventure.stacked import buttons, open_stacked, pack_of
from tests.cogs.dms_and_ai_moves import dms

TIMEOUT = "time"


def _notices(channel) -> list[str]:  # noqa: ANN001
    return [m.content for m in channel.history() if (m.content or "").startswith("⏰")]


async def test_a_timeout_plays_the_whole_turn_and_says_what_it_played(simcord_env) -> None:
    g = await open_adventure(simcord_env, humans=2, bots=0, seed=5, timer=60)
    before = await g.state()
    first = before.active
    name = (await g.record()).seat_of(first).display_name
    await simcord_env.advance_time(61)
    after = await g.state()
    # The whole turn was played: the game moved on to the next hobbit's turn.
    assert after.turn_no == before.turn_no + 1 and after.active != first
    moves = [m for m in await simcord_env.bot.storage.get_moves(g.game_id) if m.player == first]
    assert len(moves) >= 2  # the roll, and at least the travel or rest after it
    record = await g.record()
    seat = record.seat_of(first)
    assert seat.timeouts_in_a_row == 1 and seat.ai_level is None
    (notice,) = _notices(g.channel)
    assert notice.startswith(f"⏰ {name}'s time ran out: the AI played the rest of their turn:")
    assert f"• {name} rolled" in notice  # what it played, as the table narrates it
    assert "— Turn" not in notice  # the next turn is not something it played
    assert g.leaks == []


async def test_the_seat_goes_to_an_ai_only_after_two_whole_turns_missed(simcord_env) -> None:
    g = await open_adventure(simcord_env, humans=2, bots=0, seed=5, timer=60)
    first = (await g.state()).active
    storage = simcord_env.bot.storage
    missed: list[int] = []  # the turns `first` missed
    for _ in range(6):
        state = await g.state()
        if state.active == first:
            missed.append(state.turn_no)
        await simcord_env.advance_time(61)
        seat = (await storage.get_game(g.game_id)).seat_of(first)
        if seat.ai_level is not None:
            break
        assert len(missed) < 2, "two whole turns missed and no takeover"
    assert len(missed) == 2 and missed[1] > missed[0] + 1  # two turns, not two steps of one
    assert seat.ai_level == "standard" and seat.timeouts_in_a_row == 2
    notice = _notices(g.channel)[-1]
    assert f"That was two whole turns in a row, so an AI plays for {seat.display_name}" in notice
    assert g.leaks == []


async def test_a_decision_out_of_turn_has_its_own_deadline_and_is_no_missed_turn(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = await open_stacked(simcord_env, monkeypatch, CHASE, timer=60)
    ann, bob = g.members
    pack = pack_of(await g.step(ann.click(g.table(), label="My pack")))
    pack = pack_of(await g.step(ann.click(pack, label="Roll the movement die")))
    sel = next(c for row in pack.components for c in row["components"] if c["type"] == 3)
    old_forest = next(o["value"] for o in sel["options"] if o["label"] == "Old Forest")
    pack = pack_of(await g.step(ann.select(pack, [old_forest], custom_id=sel["custom_id"])))
    chase = next(cid for label, cid in buttons(pack).items() if label.startswith("Avoid with"))
    await g.step(ann.click(pack, custom_id=chase))
    # bob must fight the Hill troll out of turn: his ping and DM say the deadline is its own.
    state = await g.state()
    assert state.fight is not None and state.fight.fighter == str(bob.id)
    record = await g.record()
    when = f"<t:{int(record.turn_deadline)}:R>"
    pings = [m.content for m in g.channel.history() if f"<@{bob.id}>" in (m.content or "")]
    assert "This decision has its own deadline" in pings[-1] and when in pings[-1]
    dm = dms(bob)[-1]
    assert "decision out of turn" in dm.content and "its own deadline" in dm.content
    assert when in dm.content
    # bob stays silent: the AI fights the whole fight for him; that is no missed turn.
    await simcord_env.advance_time(61)
    state = await g.state()
    assert state.fight is None
    seat = (await g.record()).seat_of(str(bob.id))
    assert seat.timeouts_in_a_row == 0 and seat.ai_level is None
    (notice,) = _notices(g.channel)
    assert notice.startswith("⏰ bob's time for their decision out of turn ran out")
    assert "the Hill troll" in notice or "Hill troll" in notice
    assert g.leaks == []
