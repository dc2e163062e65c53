"""The platform's own texts under the pseudo-locale, in a whole Love Letter game: every
sentence the platform writes (lobby buttons, refusals, the end line, history pages and
replays, ratings, timer notices, closed turn DMs) went through the catalogue, so no plain
English word is left in them. The game's own texts (table, hands, events) are Love Letter's
and are checked by its own tests; here only what bot/ui, bot/service, bot/games and
cogs/base write is read."""

from __future__ import annotations

import random

import discord

from bot.i18n import force_locale
from bot.i18n.pseudo import plain_words
from tests.cogs.dms_and_ai_moves import dms
from tests.cogs.driver import Game, flat, message_text, play_to_end, raw_components, text_of
from tests.cogs.loveletter.test_languages import labels

NAMES = frozenset({"ann", "bob", "cid", "Love", "Letter", "loveletter", "Pegasus", "Hobbit"})


def plain(text: str) -> list[str]:
    return plain_words(text, NAMES)


async def test_the_platform_texts_of_a_whole_game_went_through_the_catalogue(simcord_env) -> None:
    with force_locale("pseudo"):
        # Its background tasks (the turn timer's) started before: start them again in here.
        await simcord_env.restart_bot()
        await _whole_game(simcord_env)


async def _whole_game(env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bob, cid = (guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cid"))
    lobby = (await ann.slash(channel, "loveletter new", edition="pegasus", timer=60)).response
    assert len(labels(lobby)) == 3 and plain(" ".join(labels(lobby))) == []
    read: list[str] = []
    for res in (
        await bob.slash(channel, "loveletter hand"),  # not started yet
        await bob.slash(channel, "loveletter join"),
        await bob.click(lobby, custom_id=_button(lobby, 0)),  # already in
        await bob.click(lobby, custom_id=_button(lobby, 2)),  # only the host starts
        await ann.slash(channel, "loveletter leave"),  # the host cannot leave
        await cid.slash(channel, "loveletter kick", user=bob.user),  # only the host kicks
    ):
        assert res.ephemeral, res.response.content
        read.append(res.response.content)
    await cid.slash(channel, "loveletter join")
    kicked = await ann.slash(channel, "loveletter kick", user=cid.user)
    assert not kicked.ephemeral  # a public line
    read.append(kicked.response.content)
    await ann.click(lobby, custom_id=_button(lobby, 2))
    game = await env.bot.storage.get_game_in_channel(channel.id)
    table = next(m for m in channel.history() if m.id == game.table_message_id)
    rules = [c for c in flat(raw_components(table)) if ":rules:" in c.get("custom_id", "")]
    read += [c["label"] for c in rules]  # the table's Rules button (bot/games/table_items)
    assert rules
    # One turn times out: the channel's notice opens with the platform's line.
    await env.advance_time(61)
    notices = [m.content for m in channel.history() if m.content and "⏰" in m.content]
    assert notices
    read += [n.splitlines()[0].split(":")[0] for n in notices]
    g = Game(env, channel, [ann, bob], random.Random(3), game.id)
    await play_to_end(g)
    # Closed turn DMs: the platform's words before the game's place name.
    closed = [message_text(m).split(" — ")[0] for m in dms(ann) + dms(bob)]
    over = {c for c in closed if c.startswith("Ţ")}  # "That turn is over", in pseudo
    assert over
    read += sorted(over)
    history = await ann.slash(channel, "loveletter history")
    embed = history.response.embeds[0]
    read += [embed.title or "", embed.footer.text or ""]
    read += [line.split(" · ")[0] for line in (embed.description or "").splitlines()]
    read += labels(history.response)
    replay = await ann.click(history.response, custom_id=_button(history.response, 0))
    lines = text_of(replay.response).splitlines()  # the game's table, under the replay's line
    read.append(next(line for line in lines if line.startswith("**") and " — " in line))
    stats = await ann.slash(channel, "loveletter stats")
    fields = stats.response.embeds[0].fields  # the last: the rating (bot/ui/ratings.py)
    read.append(f"{fields[-1].name} {fields[-1].value}")
    ended = await ann.slash(channel, "loveletter end")  # no game any more: a refusal
    read.append(ended.response.content)
    assert len(read) >= 15
    leaks = {text: plain(text) for text in read if plain(text)}
    assert leaks == {}


def _button(message: discord.Message, index: int) -> str:
    buttons = [c for c in flat(raw_components(message)) if c["type"] == 2]
    return buttons[index]["custom_id"]
