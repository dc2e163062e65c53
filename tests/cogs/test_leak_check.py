"""The transcript leak check itself must be able to fail, or the game tests prove nothing."""

from __future__ import annotations

from engine.loveletter.editions import edition
from tests.cogs.driver import open_game


async def test_the_leak_check_flags_a_card_hidden_from_a_viewer(simcord_env) -> None:
    g = await open_game(simcord_env, "pegasus", 4, seed=31)
    state = await g.state()
    ann = g.members[0]
    known = g.knowledge([state], [], str(ann.id))
    hidden = next(c for c in edition("pegasus").cards if c.id not in known and not c.expansion)
    g.check_views([state], [])
    assert g.leaks == []
    await g.members[1].send(g.channel, f"psst, the top card is the {hidden.name}")
    g.check_views([state], [])
    assert any(leak.startswith(f"{ann.name} saw {hidden.id}") for leak in g.leaks)
