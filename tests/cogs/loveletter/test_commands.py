"""The keyboard path and the lobby/end/rules commands."""

from __future__ import annotations

from tests.cogs.driver import open_game


async def test_play_by_command_with_autocompleted_values(simcord_env) -> None:
    g = await open_game(simcord_env, "l5r", 3, seed=61)
    for _ in range(6):
        state = await g.state()
        actor = g.member(int(state.actor))
        filled: dict[str, str] = {}
        for option in ("card", "target", "guess"):
            offered = await actor.autocomplete(g.channel, "loveletter play", option, "", **filled)
            if offered:
                filled[option] = g.rng.choice(offered)["value"]
        before = await g.version()
        res = await g.step(actor.slash(g.channel, "loveletter play", **filled))
        assert res.ephemeral
        assert await g.version() == before + 1, res.response.content
    assert g.leaks == []


async def test_lobby_join_leave_and_host_rules(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("lobby")
    ann, bob, cid = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cid"))
    lobby = (await ann.slash(channel, "loveletter new", edition="hobbit", elves="german")).response
    assert "elves: german" in lobby.embeds[0].description
    await bob.click(lobby, label="Join")
    again = await bob.click(lobby, label="Join")
    assert again.response.ephemeral and "already in this game" in again.response.content
    await bob.click(lobby, label="Leave")
    only_host = await ann.click(lobby, label="Start")
    assert only_host.response.ephemeral and "needs 2–4 players" in only_host.response.content
    await cid.click(lobby, label="Join")
    not_host = await cid.click(lobby, label="Start")
    assert not_host.response.ephemeral and "Only the host" in not_host.response.content
    await ann.click(lobby, label="Start")
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    assert game.status == "running"
    assert [s.display_name for s in game.seats] == ["ann", "cid"]
    assert game.options == {"elves": "german"}


async def test_rules_and_end(simcord_env) -> None:
    g = await open_game(simcord_env, "pegasus", 2, seed=62)
    ann, bob = g.members
    res = await bob.slash(g.channel, "loveletter rules")
    assert res.ephemeral and "Princess" in res.response.content
    res = await bob.slash(g.channel, "loveletter rules", card="baron")
    assert (
        res.ephemeral and "Baron" in res.response.content and "lower value" in res.response.content
    )
    res = await bob.slash(g.channel, "loveletter end")
    assert res.ephemeral and "Only the host" in res.response.content
    res = await ann.slash(g.channel, "loveletter end")
    assert not res.ephemeral and "ended" in res.response.content
    game = await simcord_env.bot.storage.get_game(g.game_id)
    assert game.status == "abandoned"
    res = await ann.slash(g.channel, "loveletter hand")
    assert res.ephemeral and "no Love Letter game" in res.response.content
