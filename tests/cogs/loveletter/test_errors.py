"""An unexpected failure is logged with the game id; the user gets a short apology only."""

from __future__ import annotations

import logging

import pytest

from bot.ui.delivery import APOLOGY
from tests.cogs.driver import flat, open_game


async def test_database_failure_mid_move_apologises_and_logs_the_game(
    simcord_env, caplog: pytest.LogCaptureFixture
) -> None:
    g = await open_game(simcord_env, "hobbit", 2, seed=51)
    state = await g.state()
    actor = g.member(int(state.actor))
    hand = (await actor.click(g.table(), label="My hand")).response
    button = next(c for c in flat(hand.components) if c["custom_id"].startswith("ll:pick"))
    storage = simcord_env.bot.storage
    await storage.close()  # the database goes away under the bot
    with caplog.at_level(logging.ERROR):
        res = await actor.click(hand, custom_id=button["custom_id"])
        # The card may need a target first; keep choosing until the save is attempted.
        while res.response is not None and any(
            c["type"] == 3 for c in flat(res.response.components)
        ):
            select = next(c for c in flat(res.response.components) if c["type"] == 3)
            value = select["options"][0]["value"]
            res = await actor.select(res.response, [value], custom_id=select["custom_id"])
    apologies = res.followups + ([res.response] if res.response else [])
    assert any(APOLOGY in (m.content or "") for m in apologies)
    assert any(f"game {g.game_id}" in r.getMessage() for r in caplog.records)
    # Nothing was saved: a fresh connection finds the game where it was.
    simcord_env.bot.storage = None
    await simcord_env.restart_bot()
    assert await g.version() == 0
    g.mark_seen()
    await g.play_one_move()
    assert await g.version() == 1
