"""An Adventure game never gets stuck: what follows a committed decision (the table edit, the
AI hobbit's turn, DMs) happens even when the answer to the click fails, and a pack opened long
ago (its interaction expired after 15 minutes) never stands in the way."""

from __future__ import annotations

from typing import Any

import pytest

from bot.ui.delivery import APOLOGY
from tests.cogs.adventure.driver import AI_DELAY, AdvGame, open_adventure
from tests.cogs.driver import flat, footer_of, message_text
from tests.cogs.faults import SERVER_ERROR, UNKNOWN_INTERACTION, answers_fail

SEED = 3


async def awaits(g: AdvGame, member: Any) -> bool:
    """The engine waits for this member's decision (read to drive the test, not to check)."""
    game, state = await g.service.running(g.game_id)
    return str(member.id) in g.service.awaiting(game, state)


def commit_click(g: AdvGame, member: Any, message: Any) -> Any:
    """A click that makes a decision: a select's option or a turn button (no free actions, no
    toggles, so the submit keeps what it shows)."""
    comps = [c for c in flat(message.components) if not c.get("disabled")]
    selects = [c for c in comps if c["type"] == 3]
    if selects:
        value = g.rng.choice([o["value"] for o in selects[0]["options"]])
        return member.select(message, [value], custom_id=selects[0]["custom_id"])
    buttons = [
        c
        for c in comps
        if c["type"] == 2
        and c.get("custom_id", "").startswith(("adv:d:", "adv:go:"))
        and not c.get("label", "").startswith(("Heal", "Scroll"))
    ]
    assert buttons, f"no decision to make: {message_text(message.message)[:500]}"
    return member.click(message, custom_id=g.rng.choice(buttons)["custom_id"])


@pytest.mark.parametrize("fault", [UNKNOWN_INTERACTION, SERVER_ERROR], ids=["10062", "500"])
async def test_the_ai_hobbit_moves_after_clicks_whose_answers_failed(simcord_env, fault) -> None:
    g = await open_adventure(simcord_env, humans=1, bots=1, seed=SEED)
    (ann,) = g.members
    while not await awaits(g, ann):
        await g.ai_decides()
    for _ in range(40):  # ann's whole turn; every answer to her decisions fails
        pack = (await ann.click(g.table(), label="My pack")).response
        with answers_fail(simcord_env, fault):
            await commit_click(g, ann, pack)
        assert f"move {(await g.record()).version}" in footer_of(g.table())  # shown all the same
        if not await awaits(g, ann):
            break
    else:
        raise AssertionError("ann's turn did not end")
    version = (await g.record()).version
    await simcord_env.advance_time(AI_DELAY + 1)
    moves = await simcord_env.bot.storage.get_moves(g.game_id, after_seq=version)
    assert moves and moves[0].player != str(ann.id)  # the AI hobbit decided
    assert f"move {(await g.record()).version}" in footer_of(g.table())
    fresh = (await ann.click(g.table(), label="My pack")).response
    assert APOLOGY not in message_text(fresh.message)


async def test_a_pack_from_twenty_minutes_ago_still_plays(simcord_env) -> None:
    """Interaction tokens last 15 minutes: My pack answers with a new message, and a button
    in the old pack is its own (new) interaction, which may edit that pack."""
    g = await open_adventure(simcord_env, humans=1, bots=1, seed=SEED)
    (ann,) = g.members
    while not await awaits(g, ann):
        await g.ai_decides()
    old = (await ann.click(g.table(), label="My pack")).response
    await simcord_env.advance_time(20 * 60)  # no timer: the game waited for her
    fresh = (await ann.click(g.table(), label="My pack")).response
    assert fresh.id != old.id and fresh.ephemeral
    assert APOLOGY not in message_text(fresh.message)
    version = (await g.record()).version
    res = await commit_click(g, ann, old)
    assert res.acknowledged and APOLOGY not in message_text(res.response.message)
    assert (await g.record()).version == version + 1
    assert f"move {version + 1}" in footer_of(g.table())
