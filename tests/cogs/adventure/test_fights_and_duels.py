"""Fights and riddle duels through the pack: a creature chased onto a human out of turn (channel
ping with its button, DM with working buttons), toggled dice and Reroll / Keep, a riddle duel
with the riddle public and the answers private, and both surviving a restart."""

from __future__ import annotations

import pytest

from tests.cogs.adventure.positions import CHASE
from tests.cogs.adventure.stacked import buttons, open_stacked, pack_of
from tests.cogs.dms_and_ai_moves import dms
from tests.cogs.driver import message_text


async def _chase_to_bob(g) -> None:  # noqa: ANN001
    ann, bob = g.members
    pack = pack_of(await g.step(ann.click(g.table(), label="My pack")))
    pack = pack_of(await g.step(ann.click(pack, label="Roll the movement die")))
    sel = next(c for row in pack.components for c in row["components"] if c["type"] == 3)
    option = next(o for o in sel["options"] if o["label"] == "Old Forest")
    assert option["description"] == "● Adventure · 1 road"
    old_forest = option["value"]
    pack = pack_of(await g.step(ann.select(pack, [old_forest], custom_id=sel["custom_id"])))
    labels = buttons(pack)
    assert "Fight" in labels and any(
        label.startswith("Avoid with Thunder of Light") for label in labels
    )
    chase = next(cid for label, cid in labels.items() if label.startswith("Avoid with"))
    await g.step(ann.click(pack, custom_id=chase))


async def test_adv_6_a_creature_chased_to_a_human_is_fought_out_of_turn(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = await open_stacked(simcord_env, monkeypatch, CHASE)
    ann, bob = g.members
    await _chase_to_bob(g)
    state = await g.state()
    assert state.fight is not None and state.fight.fighter == str(bob.id)
    assert state.active == str(ann.id)  # still ann's turn: bob decides out of turn
    # bob is pinged in the channel with a button to his pack, and gets a DM with buttons.
    pings = [m for m in g.channel.history() if f"<@{bob.id}>" in (m.content or "")]
    assert pings and "out of turn" in pings[-1].content and "Hill troll" in pings[-1].content
    dm = dms(bob)[-1]
    assert "decision out of turn (reroll dice or keep the roll)" in (dm.content or "")
    assert "Reroll" in message_text(dm) and "Keep this roll" in message_text(dm)
    # The dice are shown, each with a toggle; the count says what each die counts.
    text = message_text(dm)
    assert "Die 1: [•]" in text and "Die 2: [1]" in text and "Die 3: [•]" in text
    assert "You fight Hill troll (chased to you)" in text and "power 10" in text
    assert "[•] [1] [•]: digits 1, pips 1+1 = 2 → 2 − 1 = 1" in text
    assert "total 1 against power 10: short by 9" in text
    # A restart mid-fight: the DM's old buttons still work.
    await simcord_env.restart_bot()
    g.watch()
    dm = dms(bob)[-1]
    toggled = pack_of(await g.step(bob.user.click(dm, label="Die 1: [•]")))
    assert "🔁 Die 1: [•]" in message_text(toggled.message)
    toggled = pack_of(await g.step(bob.user.click(toggled, label="Die 3: [•]")))
    rolled = await g.step(bob.user.click(toggled, label="Reroll 2 dice"))
    state = await g.state()
    assert state.fight is not None and state.fight.dice == ["p2", "d1", "p3"]
    assert state.fight.rerolls == 1
    after = pack_of(rolled)
    await g.step(bob.user.click(after, label="Keep this roll"))
    state = await g.state()
    assert state.fight is None and state.hobbits[str(bob.id)].lp == 12 - 3  # lost: 3 LP
    assert g.leaks == []


async def test_a_non_player_and_a_stale_click_change_nothing(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = await open_stacked(simcord_env, monkeypatch, CHASE)
    ann, bob = g.members
    eve = g.channel.guild.add_member(simcord_env.create_user("eve"))
    pack = pack_of(await g.step(ann.click(g.table(), label="My pack")))
    refused = await eve.click(g.table(), label="My pack")
    assert "not" in (refused.response.content or "").lower()  # not a player of this game
    older = pack_of(await g.step(ann.click(g.table(), label="My pack")))  # a second pack
    version = (await g.record()).version
    await g.step(ann.click(pack, label="Roll the movement die"))
    # The other pack's Roll button is out of date now (a second click, a double click
    # alike): ann gets her current pack with a notice, and nothing is played twice.
    stale = await g.step(ann.click(older, label="Roll the movement die"))
    assert (await g.record()).version == version + 1
    assert stale.acknowledged
    shown = message_text(stale.response.message)
    assert "out of date. Here is your current pack" in shown and "where to travel" in shown
    # The turn DM sent before the roll was edited in place to the travel step: one DM for
    # the turn, and it no longer offers the roll.
    (turn_dm,) = dms(ann)
    assert "It's your turn" in (turn_dm.content or "")
    assert "Roll the movement die" not in message_text(turn_dm)
    assert "where to travel" in message_text(turn_dm)
    # bob's own pack offers him nothing to decide while ann travels.
    bobs = pack_of(await g.step(bob.click(g.table(), label="My pack")))
    assert "Waiting for ann" in message_text(bobs.message)
    assert not [c for row in bobs.components for c in row["components"]]
    assert (await g.record()).version == version + 1
    assert g.leaks == []


DUEL = {
    "seed": 3,
    "first": "ann",
    "hobbits": {
        "ann": {"cards": ["r01", "r15"]},
        "bob": {"place": "old_forest", "cards": ["r02", "r10", "r21"]},
    },
    "dice": {"movement": [2]},
}


async def test_adv_8_a_riddle_duel_public_riddle_private_answers_and_a_restart(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = await open_stacked(simcord_env, monkeypatch, DUEL)
    ann, bob = g.members
    pack = pack_of(await g.step(ann.click(g.table(), label="My pack")))
    assert "A white house with no door" in message_text(pack.message)  # her own riddle card
    pack = pack_of(await g.step(ann.click(pack, label="Roll the movement die")))
    sel = next(c for row in pack.components for c in row["components"] if c["type"] == 3)
    value = next(o["value"] for o in sel["options"] if o["label"] == "Old Forest")
    pack = pack_of(await g.step(ann.select(pack, [value], custom_id=sel["custom_id"])))
    pack = pack_of(await g.step(ann.click(pack, label="Riddle bob")))
    ask = next(label for label in buttons(pack) if label.startswith("Ask: A white house"))
    await g.step(ann.click(pack, label=ask))
    # The riddle and its answer are public; bob's matching cards are offered to him only.
    table = message_text(g.table())
    assert "A white house with no door" in table and "answer: egg" in table
    assert "You must break me" not in table  # bob's card r02 stays secret
    pings = [m.content for m in g.channel.history() if f"<@{bob.id}>" in (m.content or "")]
    assert pings and "out of turn: answer the riddle" in pings[-1]
    await simcord_env.restart_bot()
    g.watch()
    pack = pack_of(await g.step(bob.click(g.table(), label="My pack")))
    answers = [label for label in buttons(pack) if label.startswith("Answer:")]
    assert len(answers) == 2  # r02 and r10 carry "egg"; r21 does not
    await g.step(bob.click(pack, label=answers[0]))
    state = await g.state()
    assert state.duel is not None and state.pending.kind == "counter"
    pack = pack_of(await g.step(bob.click(g.table(), label="My pack")))
    await g.step(bob.click(pack, label="End the duel"))
    state = await g.state()
    assert state.duel is None
    assert g.leaks == []


HEAL = {
    "seed": 2,
    "first": "ann",
    "hobbits": {"bob": {"lp": 7, "cards": ["potion_2", "athelas"]}},
}


async def test_adv_11_a_free_action_out_of_turn_from_the_pack(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """bob heals with his potion while the game waits for ann: the platform lets a player the
    game does not wait for make a decision the game lists for them, and nothing else."""
    g = await open_stacked(simcord_env, monkeypatch, HEAL)
    ann, bob = g.members
    pack = pack_of(await g.step(bob.click(g.table(), label="My pack")))
    labels = buttons(pack)
    assert "Heal: Use Potion (2 GP)" in labels and "Heal: Use Athelas" in labels
    assert "Roll the movement die" not in labels  # ann's decision is not offered to bob
    version = (await g.record()).version
    await g.step(bob.click(pack, label="Heal: Use Athelas"))
    state = await g.state()
    assert state.hobbits[str(bob.id)].lp == 10
    assert state.pending.player == str(ann.id) and state.pending.kind == "roll"
    assert (await g.record()).version == version + 1
    # The table narrates it; Athelas is public once used.
    assert "Athelas" in message_text(g.table())
    assert g.leaks == []


async def test_adv_11_a_free_action_out_of_turn_leaves_the_turns_timer_running(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """bob's heal while the game waits for ann neither restarts nor ends ann's turn timer."""
    g = await open_stacked(simcord_env, monkeypatch, HEAL, timer=120)
    ann, bob = g.members
    deadline = (await g.record()).turn_deadline
    assert deadline is not None
    await simcord_env.advance_time(30)
    pack = pack_of(await g.step(bob.click(g.table(), label="My pack")))
    await g.step(bob.click(pack, label="Heal: Use Athelas"))
    record = await g.record()
    assert (await g.state()).pending.player == str(ann.id)
    assert record.turn_deadline == deadline  # still 120 s from ann's turn start, not from the heal
