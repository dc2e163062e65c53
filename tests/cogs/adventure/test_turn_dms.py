"""Quiet DMs: at most one "your turn" DM per turn of a hobbit (and one for a decision out of
turn), edited in place as the steps of that turn go on, whether the hobbit plays from the DM
or from "My pack"."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cogs.adventure.driver import AdvGame, open_adventure
from tests.cogs.adventure.positions import CHASE
from tests.cogs.adventure.stacked import buttons, open_stacked, pack_of
from tests.cogs.dms_and_ai_moves import dms
from tests.cogs.driver import flat, message_text, raw_components


async def _turns_of(g: AdvGame, member: Any, turns: set[Any]) -> None:
    """Note the turn (number, own or out of turn) the game waits for `member` in, if it does."""
    state = await g.state()
    pid = str(member.id)
    if state.pending is not None and state.pending.player == pid:
        turns.add((state.turn_no, state.active == pid))


async def _click_in_dm(g: AdvGame, member: Any) -> None:
    """`member` makes one decision with the controls of their newest DM with buttons."""
    v0 = (await g.record()).version
    for _ in range(40):
        if (await g.record()).version != v0:
            return
        live = [m for m in dms(member) if flat(raw_components(m))]
        assert live, "no DM with controls on the hobbit's turn"
        dm = live[-1]
        comps = [c for c in flat(raw_components(dm)) if not c.get("disabled")]
        selects = [c for c in comps if c["type"] == 3]
        if selects:
            value = g.rng.choice([o["value"] for o in selects[0]["options"]])
            await g.step(member.user.select(dm, [value], custom_id=selects[0]["custom_id"]))
            continue
        buttons = [c for c in comps if c["type"] == 2 and c.get("custom_id", "").startswith("adv:")]
        submits = [b for b in buttons if b["custom_id"].startswith("adv:go:")]
        decide = [
            b
            for b in buttons
            if b["custom_id"].startswith("adv:d:")
            and not b.get("label", "").startswith(("Heal", "Scroll", "Use"))
        ]
        pool = submits or decide
        assert pool, f"no decision controls in the DM: {dm.content}"
        await g.step(member.user.click(dm, custom_id=g.rng.choice(pool)["custom_id"]))
    raise AssertionError("no decision made from the DM")


async def test_one_dm_per_turn_played_from_my_pack(simcord_env) -> None:
    g = await open_adventure(simcord_env, humans=2, bots=0, seed=5)
    ann = g.members[0]
    turns: set[Any] = set()
    steps = 0
    for _ in range(40):
        if g.awaited() is ann:
            await _turns_of(g, ann, turns)
            steps += 1
        await g.play_one_decision()
    assert steps > len(turns) + 3, "the game gave ann too few steps to tell anything"
    assert 0 < len(dms(ann)) <= len(turns)
    assert g.leaks == []


async def test_one_dm_per_turn_played_from_the_dm(simcord_env) -> None:
    g = await open_adventure(simcord_env, humans=2, bots=0, seed=7)
    ann = g.members[0]
    turns: set[Any] = set()
    steps = 0
    for _ in range(40):
        if g.awaited() is ann:
            await _turns_of(g, ann, turns)
            steps += 1
            await _click_in_dm(g, ann)
        else:
            await g.play_one_decision()
    assert steps > len(turns) + 3, "the game gave ann too few steps to tell anything"
    assert 0 < len(dms(ann)) <= len(turns)
    # Every DM of a turn that is over says so and offers nothing; at most the current one
    # has controls.
    live = [m for m in dms(ann) if flat(raw_components(m))]
    assert len(live) <= 1
    assert all("That turn is over" in (m.content or "") for m in dms(ann) if m not in live)
    assert g.leaks == []


async def test_the_turn_dm_keeps_its_deadline_line_after_a_click_in_it(simcord_env) -> None:
    g = await open_adventure(simcord_env, humans=2, bots=0, seed=5, timer=120)
    ann = g.members[0]
    assert g.awaited() is ann
    await g.step(ann.user.click(dms(ann)[-1], label="Roll the movement die"))
    (dm,) = dms(ann)
    record = await g.record()
    assert dm.content.startswith("It's your turn")
    assert f"Your time runs out <t:{int(record.turn_deadline)}:R>" in dm.content
    assert "where to travel" in message_text(dm)


async def test_a_creature_chased_to_a_hobbit_brings_one_dm_and_one_mention(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = await open_stacked(simcord_env, monkeypatch, CHASE)
    ann, bob = g.members
    pack = pack_of(await g.step(ann.click(g.table(), label="My pack")))
    pack = pack_of(await g.step(ann.click(pack, label="Roll the movement die")))
    sel = next(c for row in pack.components for c in row["components"] if c["type"] == 3)
    old_forest = next(o["value"] for o in sel["options"] if o["label"] == "Old Forest")
    pack = pack_of(await g.step(ann.select(pack, [old_forest], custom_id=sel["custom_id"])))
    chase = next(cid for label, cid in buttons(pack).items() if label.startswith("Avoid with"))
    await g.step(ann.click(pack, custom_id=chase))
    # bob fights it out from his one DM, step by step: a die switched on, Reroll, Keep.
    toggled = await g.step(bob.user.click(dms(bob)[-1], label="Die 1: [•]"))
    await g.step(bob.user.click(toggled.response, label="Reroll 1 die"))
    assert (await g.state()).fight.rerolls == 1
    mentions = [m for m in g.channel.history() if f"<@{bob.id}>" in (m.content or "")]
    assert len(mentions) == 1 and len(dms(bob)) == 1
    await g.step(bob.user.click(dms(bob)[-1], label="Keep this roll"))
    state = await g.state()
    assert state.fight is None
    # The fight was bob's part of ann's turn; a DM after it is for bob's own next turn.
    first, *later = dms(bob)
    assert "decision out of turn" in first.content or "That turn is over" in first.content
    assert all(m.content.startswith("It's your turn") for m in later)
    assert len(later) == (1 if state.active == str(bob.id) else 0)
    assert g.leaks == []
