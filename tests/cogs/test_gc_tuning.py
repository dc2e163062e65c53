"""The bot applies the long-running GC and memo tuning (bot.runtime.gc_tuning) at start-up."""

from __future__ import annotations

import gc

from bot.runtime.gc_tuning import GEN0_THRESHOLD, MEMO_BUDGET
from engine.loveletter.legal import memo_budget, set_memo_budget


async def test_setup_hook_applies_the_start_up_tuning(simcord_env) -> None:
    bot = simcord_env.bot
    assert bot.tuning is not None
    assert bot.tuning.memo_budget == memo_budget() == MEMO_BUDGET
    assert gc.get_threshold()[0] == GEN0_THRESHOLD
    set_memo_budget(17)
    await simcord_env.restart_bot()  # a reconnect tunes again
    assert memo_budget() == MEMO_BUDGET
