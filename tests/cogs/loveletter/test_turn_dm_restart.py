"""A Love Letter turn's DM sent before a restart (a new bot on the same SQLite file): when the
turn is played from "My hand" after the restart, that DM loses its play buttons and says the
turn is over, as it would without the restart; no DM keeps offering a turn that is gone."""

from __future__ import annotations

from bot.runtime.client import create_bot
from tests.cogs.conftest import seeded
from tests.cogs.dms_and_ai_moves import dms
from tests.cogs.driver import flat, open_game, raw_components


async def test_a_turn_dm_from_before_a_restart_loses_its_buttons_when_the_turn_is_over(
    simcord_env,
) -> None:
    g = await open_game(simcord_env, "hobbit", 3, seed=11)
    actor = g.member(int((await g.state()).actor))
    (turn,) = [m for m in dms(actor) if "It's your turn" in (m.content or "")]
    assert any(c.get("custom_id", "").startswith("ll:pick") for c in flat(raw_components(turn)))
    await simcord_env.restart_bot(seeded(create_bot(simcord_env.bot.settings), seed=5))
    assert await g.play_one_move()  # from "My hand" on the table, not from the DM
    old = next(m for m in dms(actor) if m.id == turn.id)
    assert old.content.startswith("That turn is over")
    assert flat(raw_components(old)) == []
