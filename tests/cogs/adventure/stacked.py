"""Games that start from a stacked position (the scenario format's setup), then are played
through the UI like any other: `GAME.create` is replaced for the one test only."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.adventure import GAME
from engine.adventure.scenario import build
from tests.cogs.adventure.driver import AdvGame


async def open_stacked(
    env: Any,
    monkeypatch: pytest.MonkeyPatch,
    setup: dict[str, Any],
    humans: int = 2,
    timer: int = 0,
) -> AdvGame:
    """ann (and bob...) sit down through the lobby; the game starts from `setup`, whose
    hobbits are named "ann", "bob"... and get the members' player ids."""
    guild = env.create_guild()
    channel = guild.create_text_channel("adventures")
    names = ["ann", "bob", "cid", "dee"][:humans]
    members = [guild.add_member(env.create_user(n)) for n in names]
    ids = {n: str(m.id) for n, m in zip(names, members, strict=True)}
    data = dict(setup)
    data["hobbits"] = {ids[k]: v for k, v in setup.get("hobbits", {}).items()}
    data.pop("tops", None)

    def create(variant: str, players: Any, options: Any, rng: Any, **_: Any) -> Any:
        state = build(data, list(players), ids[setup.get("first", "ann")])
        for deck, top in setup.get("tops", {}).items():  # these cards on top, in this order
            rest = list(state.decks[deck])
            for card in top:
                rest.remove(card)
            state.decks[deck] = [*top, *rest]
        return state

    monkeypatch.setattr(GAME, "create", create)
    g = AdvGame(env, channel, members, random.Random(1))
    g.watch()
    lobby = (await members[0].slash(channel, "adventure new", timer=timer)).response
    for m in members[1:]:
        await m.click(lobby, label="Join")
    await members[0].click(lobby, label="Start")
    g.game_id = (await env.bot.storage.get_game_in_channel(channel.id)).id
    g.check_views(await g.state())
    return g


def pack_of(res: Any) -> Any:
    assert res.acknowledged
    return res.response


def buttons(message: Any) -> dict[str, str]:
    """Label -> custom_id of every button in a message."""
    out = {}
    for row in message.components:
        for c in row.get("components", []):
            if c.get("type") == 2 and c.get("custom_id"):
                out[c.get("label", "")] = c["custom_id"]
    return out
