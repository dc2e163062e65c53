"""Restarts, double clicks and Discord failures never lose or duplicate a move."""

from __future__ import annotations

import asyncio

from simcord.actors import _component_click, _component_select

from tests.cogs.driver import flat, footer_of, open_game, play_to_end


async def test_restart_mid_game_then_finish(simcord_env) -> None:
    g = await open_game(simcord_env, "pegasus", 4, seed=11)
    for _ in range(5):
        await g.play_one_move()
    version = await g.version()
    await simcord_env.restart_bot()
    assert await g.version() == version
    # The table message posted before the restart still works (DynamicItems are re-registered).
    await play_to_end(g)
    game = await simcord_env.bot.storage.get_game(g.game_id)
    assert game.status == "finished"
    assert len(await simcord_env.bot.storage.get_moves(g.game_id)) == game.version
    assert g.leaks == []


async def test_two_simultaneous_clicks_make_exactly_one_move(simcord_env) -> None:
    """Both clicks reach the bot before either is handled (SimCord's unguarded dispatch)."""
    g = await open_game(simcord_env, "hobbit", 3, seed=12)
    state = await g.state()
    actor = g.member(int(state.actor))
    message = (await actor.click(g.table(), label="My hand")).response
    before = await g.version()
    while await g.version() == before:
        comps = flat(message.components)
        selects = [c for c in comps if c["type"] == 3]
        if selects:
            sel = selects[0]
            values = [o["value"] for o in sel["options"]][: sel.get("min_values", 1)]
            both = [
                _component_select(actor, message, values, custom_id=sel["custom_id"])
                for _ in range(2)
            ]
        else:
            button = next(c for c in comps if c["custom_id"].startswith("ll:pick"))
            both = [
                _component_click(actor, message, label=None, custom_id=button["custom_id"])
                for _ in range(2)
            ]
        results = await asyncio.gather(*both)
        assert all(r.acknowledged for r in results)
        message = results[0].response
    assert await g.version() == before + 1
    assert len(await simcord_env.bot.storage.get_moves(g.game_id)) == before + 1
    await play_to_end(g)


async def test_failed_table_edit_loses_no_move(simcord_env) -> None:
    g = await open_game(simcord_env, "l5r", 2, seed=13)
    await g.play_one_move()
    if g.in_break():
        await g.next_round()
    table = g.table()
    shown = footer_of(table)
    simcord_env.inject_error("PATCH", f"/channels/{g.channel.id}/messages/{table.id}", status=500)
    before = await g.version()
    await g.play_one_move()
    assert await g.version() == before + 1  # committed although Discord refused the edit
    assert footer_of(g.table()) == shown  # the table missed that one edit ...
    res = await g.members[0].slash(g.channel, "loveletter table")
    assert not res.ephemeral
    assert f"move {before + 1}" in footer_of(g.table())  # ... `/loveletter table` shows the truth
    await g.play_one_move()
    assert f"move {before + 2}" in footer_of(g.table())  # and the re-posted table is kept current
    await play_to_end(g)
    game = await simcord_env.bot.storage.get_game(g.game_id)
    assert game.status == "finished"
