"""SimCord test helpers: a member's DMs, closing them, playing from a DM, and a Love Letter game
whose AI moves after a click are replayed and checked."""

from __future__ import annotations

import json
from typing import Any

import discord

import engine.loveletter as engine
from tests.cogs.driver import Game, flat, message_text, raw_components

CLOSED = {"status": 403, "code": 50007, "message": "Cannot send messages to this user"}


def dms(member: Any) -> list[discord.Message]:
    """The bot's DMs to this member, oldest first."""
    return list(member.user.dm_channel.history())


def dm_texts(member: Any) -> list[str]:
    return [message_text(m) for m in dms(member)]


def close_dms(env: Any, member: Any) -> int:
    """Discord refuses every DM to this member from now on (code 50007); returns the channel."""
    channel_id = int(member.user.dm_channel.id)
    env.inject_error("POST", f"/channels/{channel_id}/messages", times=None, **CLOSED)
    return channel_id


def dm_posts(env: Any, channel_id: int) -> int:
    """How many times the bot tried to send into this DM channel."""
    path = f"/channels/{channel_id}/messages"
    return sum(1 for r in env.http_requests if r.method == "POST" and r.path == path)


async def play_from(g: Game, actor: Any, message: Any) -> Any:
    """Play one move with the controls of `message` (a DM or a hand), as `actor` clicks them."""
    v0 = await g.version()
    res = None
    while await g.version() == v0:
        comps = flat(raw_components(message))
        selects = [c for c in comps if c["type"] == 3]
        if selects:
            sel = selects[0]
            k = g.rng.randint(sel.get("min_values", 1), sel.get("max_values", 1))
            values = g.rng.sample([o["value"] for o in sel["options"]], k)
            res = await actor.select(message, values, custom_id=sel["custom_id"])
        else:
            buttons = [
                c
                for c in comps
                if c["type"] == 2 and c["custom_id"].startswith(("ll:pick", "ll:dec"))
            ]
            assert buttons, f"no play controls: {message_text(message)}"
            res = await actor.click(message, custom_id=g.rng.choice(buttons)["custom_id"])
        assert res.acknowledged
        message = res.response
    return res


class MultiGame(Game):
    """A driven game where one click may be followed by AI moves: every move made since the
    click is replayed from the stored move log for the C-10 check."""

    async def step(self, action: Any) -> Any:
        if not self.game_id:
            return await action
        before = await self.state()
        v0 = await self.version()
        result = await action
        states, events = [before], []
        for record in await self.env.bot.storage.get_moves(self.game_id, after_seq=v0):
            state, new = engine.apply(states[-1], engine.move_from_dict(json.loads(record.move)))
            states.append(state)
            events.extend(new)
        self.check_views(states, events)
        return result
