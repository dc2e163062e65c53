"""Achievements in `stats` (issue 45), computed from the stored games: the first win in each
edition, a Princess knocked out by a Guard (Love Letter: the move log replayed, since only
the replay tells whether the Guard's guess was right), the Dragon slain with 1 LP left (the
Adventure: the stored result's LP). Nothing is kept apart from the games, so `db rerate`
leaves them as they were; English and German."""

from __future__ import annotations

import json
import random

import pytest

from engine.loveletter.game import GAME
from storage import GameEnd
from tests.cogs.driver import message_text
from tests.cogs.locales import client_locales
from tests.cogs.test_ratings import finish

HIT_SEED = 24  # a seeded random Pegasus game in which p0's Guard knocks out p1's Princess
MISS_SEED = 3  # one in which it does not


async def stored_game(storage, guild, channel, ann, bob, seed: int) -> int:
    """A whole two-player Pegasus game of random legal moves, stored as the bot stores one
    (its start, every move, the result): ann sits as p0, bob as p1."""
    rng = random.Random(seed)
    state = GAME.create("pegasus", ["p0", "p1"], {}, rng)
    lobby = await storage.create_lobby(guild.id, channel.id, "loveletter", "pegasus", ann.id)
    await storage.join(lobby.id, "p0", "ann", user_id=ann.id)
    await storage.join(lobby.id, "p1", "bob", user_id=bob.id)
    await storage.start(lobby.id, GAME.to_json(state))
    version = 0
    while not GAME.is_over(state):
        (actor,) = GAME.awaiting(state)
        decision = rng.choice(GAME.legal(state, actor))
        state, _events = GAME.apply(state, actor, decision)
        result = GAME.result(state)
        end = None
        if result is not None:
            end = GameEnd(tuple(result.winners), result.gains, result.scores, result.summary)
        version = await storage.save_move(
            lobby.id,
            version,
            GAME.to_json(state),
            json.dumps(GAME.decision_to_dict(decision)),
            actor,
            game_end=end,
        )
    return lobby.id


def achievements_of(message) -> str:
    (field,) = [f for f in message.embeds[0].fields if f.name in ("Achievements", "Erfolge")]
    return field.value


async def test_love_letter_first_wins_and_a_princess_knocked_out_by_a_guard(
    simcord_env,
) -> None:
    storage = simcord_env.bot.storage
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    before = await bob.slash(channel, "loveletter stats")
    assert achievements_of(before.response.message) == "None yet."
    missed = await stored_game(storage, guild, channel, ann, bob, MISS_SEED)
    hit = await stored_game(storage, guild, channel, ann, bob, HIT_SEED)
    await finish(storage, guild.id, channel.id, "loveletter", [bob, ann])  # a Hobbit win
    ann_says = achievements_of(
        (await bob.slash(channel, "loveletter stats", user=ann.user)).response.message
    )
    bob_says = achievements_of((await bob.slash(channel, "loveletter stats")).response.message)
    assert f"💂 A Princess knocked out by a Guard (game {hit})" in ann_says
    assert "Princess" not in bob_says and missed != hit
    assert (await storage.get_result(missed)).winners == ("p0",)  # ann's first Pegasus win
    assert (await storage.get_result(hit)).winners == ("p1",)  # bob's, then his first Hobbit
    pegasus = "Pegasus (with the 5–8 player expansion)"
    assert ann_says.splitlines()[0] == f"🏆 First win: {pegasus} (game {missed})"
    assert bob_says.splitlines() == [
        f"🏆 First win: {pegasus} (game {hit})",
        f"🏆 First win: The Hobbit – The Battle of the Five Armies (game {hit + 1})",
    ]
    assert await storage.rerate() == 3  # nothing of theirs is kept apart: still the same
    again = (await bob.slash(channel, "loveletter stats", user=ann.user)).response.message
    assert achievements_of(again) == ann_says


async def test_the_dragon_slain_with_one_lp_left(simcord_env) -> None:
    storage = simcord_env.bot.storage
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    for lp in (3, 1):  # ann wins both; the second with 1 LP left
        lobby = await storage.create_lobby(guild.id, channel.id, "adventure", "classic", ann.id)
        await storage.join(lobby.id, "p0", "ann", user_id=ann.id)
        await storage.join(lobby.id, "p1", "bob", user_id=bob.id)
        await storage.start(lobby.id, "{}")
        scores = {"p0": {"lp": lp, "out": 0}, "p1": {"lp": 1, "out": 0}}
        await storage.save_move(
            lobby.id, 0, "{}", {}, "p0", game_end=GameEnd(("p0",), scores=scores)
        )
    ann_says = achievements_of((await ann.slash(channel, "adventure stats")).response.message)
    assert ann_says.splitlines() == [
        f"🏆 First win: The Hobbit Adventure Boardgame (game {lobby.id - 1})",
        f"🐉 The Dragon slain with 1 LP left (game {lobby.id})",
    ]
    bob_says = achievements_of(
        (await ann.slash(channel, "adventure stats", user=bob.user)).response.message
    )
    assert bob_says == "None yet."  # 1 LP left, but the Dragon was not his


async def test_achievements_in_german(simcord_env, monkeypatch: pytest.MonkeyPatch) -> None:
    storage = simcord_env.bot.storage
    guild = simcord_env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("spiele")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    hit = await stored_game(storage, guild, channel, ann, bob, HIT_SEED)
    with client_locales(monkeypatch, {ann.id: "de"}):
        shown = (await ann.slash(channel, "loveletter stats")).response.message
    assert achievements_of(shown) == (
        f"💂 Eine Prinzessin mit einer Wache aus der Runde geworfen (Spiel {hit})"
    )
    assert "Erfolge" in message_text(shown)
