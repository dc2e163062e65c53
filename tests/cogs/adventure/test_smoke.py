from __future__ import annotations

from tests.cogs.adventure.driver import open_adventure, play_to_end


async def test_a_two_seat_game_with_an_ai_hobbit(simcord_env) -> None:
    g = await open_adventure(simcord_env, humans=1, bots=1, seed=3)
    await play_to_end(g)
    record = await g.record()
    assert record.status == "finished"
    assert g.leaks == []
