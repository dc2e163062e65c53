"""AI hobbits are hobbits of the Shire, not "Standard bot 1": unique within a game, the same in
every game, with their level beside the name in the lobby and in the addbot and kick answers;
the table and its lines call them by those names."""

from __future__ import annotations

from tests.cogs.adventure.driver import open_adventure
from tests.cogs.driver import message_text


async def _lobby_with_bots(env, levels: list[str]):  # noqa: ANN001, ANN202
    guild = env.create_guild()
    channel = guild.create_text_channel("lobby")
    ann = guild.add_member(env.create_user("ann"))
    lobby = (await ann.slash(channel, "adventure new", timer=0)).response
    answers = [(await ann.slash(channel, "adventure addbot", level=lv)) for lv in levels]
    return channel, ann, lobby, answers


async def test_ai_hobbits_have_shire_names_with_their_level(simcord_env) -> None:
    channel, ann, lobby, answers = await _lobby_with_bots(
        simcord_env, ["novice", "standard", "expert"]
    )
    assert [a.response.content for a in answers] == [
        "Rosie Cotton (AI, novice) took a seat.",
        "Fatty Bolger (AI, standard) took a seat.",
        "Lobelia Sackville (AI, expert) took a seat.",
    ]
    shown = message_text(lobby.message)
    assert "2. Rosie Cotton (AI, novice)" in shown and "4. Lobelia Sackville (AI, expert)" in shown
    assert "bot" not in shown.lower()
    # The same names in another game: deterministic, never random.
    _, _, other, _ = await _lobby_with_bots(simcord_env, ["standard"])
    assert "2. Rosie Cotton (AI, standard)" in message_text(other.message)
    # Removing one frees its seat; the next AI takes the free name, never a taken one.
    gone = await ann.slash(channel, "adventure kick", bot="ai2")
    assert gone.response.content == "Fatty Bolger (AI, standard) left the lobby."
    again = await ann.slash(channel, "adventure addbot", level="expert")
    assert again.response.content == "Fatty Bolger (AI, expert) took a seat."
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    names = [s.display_name for s in game.seats]
    assert len(set(names)) == len(names) == 4


async def test_the_table_calls_ai_hobbits_by_their_names(simcord_env) -> None:
    g = await open_adventure(simcord_env, humans=1, bots=2, seed=5)
    text = message_text(g.table())
    assert "Rosie Cotton" in text and "Fatty Bolger" in text
    assert "bot 1" not in text and "ai1" not in text
