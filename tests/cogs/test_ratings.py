"""Ratings as players see them: the leaderboard's rating beside the tallies (from five rated
games on) with the AI levels' ratings, and `stats` with the rating, its trend and a picture of
it over the last games (attached, with alt text), in both games."""

from __future__ import annotations

import io
import re

from PIL import Image

from storage import GameEnd
from tests.cogs.driver import message_text
from tests.cogs.loveletter.test_boards import rows

RATING = re.compile(r"rating (\d+) ±(\d+) \((\d+) rated games?\)", re.IGNORECASE)


async def finish(storage, guild_id: int, channel_id: int, game: str, order: list) -> None:
    """A finished game in `order` (first wins); a str in it is an AI seat of that level."""
    lobby = await storage.create_lobby(guild_id, channel_id, game, "hobbit", 1)
    ids = []
    for i, who in enumerate(order):
        if isinstance(who, str):
            await storage.join(lobby.id, f"p{i}", who, ai_level=who)
        else:
            await storage.join(lobby.id, f"p{i}", who.name, user_id=who.id)
        ids.append(f"p{i}")
    await storage.start(lobby.id, "{}")
    scores = {p: {"tally": len(ids) - i} for i, p in enumerate(ids)}
    end = GameEnd((ids[0],), {p: {"games_won": 0} for p in ids}, scores)
    await storage.save_move(lobby.id, 0, "{}", {}, ids[0], game_end=end)


async def test_leaderboard_shows_ratings_from_five_rated_games(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bob, cid = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cid"))
    storage = simcord_env.bot.storage
    for _ in range(5):
        await finish(storage, guild.id, channel.id, "loveletter", [ann, "easy", bob])
    await finish(storage, guild.id, channel.id, "loveletter", [cid, ann])  # cid: one game
    res = await bob.slash(channel, "loveletter leaderboard")
    board = rows(res.response.message)
    (ann_row,) = [r for r in board if ann.mention in r]
    (bob_row,) = [r for r in board if bob.mention in r]
    (cid_row,) = [r for r in board if cid.mention in r]
    ann_rating, bob_rating = RATING.search(ann_row), RATING.search(bob_row)
    assert ann_rating and bob_rating and "crowns" in ann_row  # beside the tallies
    assert ann_rating[3] == "6" and bob_rating[3] == "5"
    assert int(ann_rating[1]) > int(bob_rating[1])
    assert "rating" not in cid_row  # not yet: one rated game
    assert re.search(r"AI levels: easy \d+ ±\d+", board[-1])


async def test_stats_shows_the_rating_its_trend_and_a_picture(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    storage = simcord_env.bot.storage
    for n in range(12):
        await finish(
            storage, guild.id, channel.id, "adventure", [ann, bob] if n % 3 else [bob, ann]
        )
    res = await bob.slash(channel, "adventure stats", user=ann.user)
    message = res.response.message
    text = message_text(message)
    assert RATING.search(text) and "(12 rated games)" in text
    assert re.search(r"[▲▼=] [+-]?\d+ over the last 10 rated games", text)
    (att,) = message.attachments
    assert message.embeds[0].image.url.endswith(att.filename) and att.filename == "rating.png"
    assert att.description.startswith("ann's rating over their last 12 rated games: from ")
    picture = Image.open(io.BytesIO(simcord_env.backend.cdn.get(att.url)))
    assert picture.format == "PNG" and picture.width >= 400


async def test_stats_before_any_rated_game_has_no_picture(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    res = await ann.slash(channel, "loveletter stats")
    message = res.response.message
    assert "Not rated yet" in message_text(message) and message.attachments == []


async def test_the_rating_leaderboard_pages_best_first_in_both_games(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    users = [guild.add_member(simcord_env.create_user(f"u{i:02}")) for i in range(12)]
    storage = simcord_env.bot.storage
    for game in ("loveletter", "adventure"):
        for _ in range(5):
            await finish(storage, guild.id, channel.id, game, users)  # u00 first ... u11 last
    res = await users[3].slash(channel, "loveletter leaderboard", tally="rating")
    page = res.response.message
    lines = rows(page)
    assert len(lines) == 10 and users[0].mention in lines[0] and RATING.search(lines[0])
    shown = [int(RATING.search(line)[1]) for line in lines]
    assert shown == sorted(shown, reverse=True)
    assert "By rating" in page.embeds[0].footer.text and "12 players" in page.embeds[0].footer.text
    res = await users[3].click(page, label="Next ▶")
    assert users[11].mention in rows(res.response.message)[-1]
    res = await users[3].slash(channel, "adventure leaderboard", tally="rating")
    assert users[0].mention in rows(res.response.message)[0]
