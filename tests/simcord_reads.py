"""Reading SimCord's messages as `discord.Message` objects without building the same one
again: every test reads them through `built_once` (tests/conftest.py puts it in place of
SimCord's `to_discord_message`), and the leak checks read a whole step's views within
`read_at_once`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from copy import deepcopy
from typing import Any

import discord
from simcord._dpy_internals import get_state
from simcord.backend import serializers
from simcord.backend.access import can_access_channel
from simcord.backend.errors import SetupError
from simcord.backend.models.message import AllowedMentions, MessageSticker, SystemMessageMetadata

_SHARED = frozenset(
    {
        str,
        int,
        float,
        bool,
        bytes,
        type(None),
        AllowedMentions,
        MessageSticker,
        SystemMessageMetadata,
    }
)
"""What nobody can change in place: numbers, strings and SimCord's frozen records of them."""


def copied(value: Any) -> Any:
    """A deep copy of a message's payload or stored fields that shares what nobody can change
    (`_SHARED`) and copies lists and dicts itself: `deepcopy` keeps a memo of every object it
    copies (177 us a message, against 21 here), and a kept `AllowedMentions` that is the very
    object of the message compares equal without its dataclass `__eq__`, a Python call per
    stored message per look (4.7 against 2.1 us to compare a message with its copy, over an
    8-player game's messages). Anything else (SimCord's mutable
    reactions and polls) goes to `deepcopy`."""
    kind = type(value)
    if kind in _SHARED:
        return value
    if kind is list:
        return [copied(v) for v in value]
    if kind is dict:
        return {k: copied(v) for k, v in value.items()}
    return deepcopy(value)


_BUILT: dict[Any, dict[int, tuple[Any, Any, Any]]] = {}
"""Per SimCord world, the `discord.Message` last built for each message, with the payload and
channel it was built from; emptied after each test (`forget_built`). A plain dict: a built
message holds its world, so a weak key would not die before then either."""


def forget_built() -> None:
    """Let go of every world's built messages (tests/conftest.py, after each test). A built
    message holds its bot and so, through SimCord's hooks in it, the world it was built in:
    kept here, every test's world stayed alive to the end of the run (the weak key never
    died), and the collection each bot's start-up makes (bot/runtime/gc_tuning.py) walked
    them all, longer with every test: 0.05 s at the first test, 0.16 s fifteen tests on."""
    _BUILT.clear()


_STILL: dict[Any, tuple[int, dict[int, Any]]] = {}
"""Per SimCord world, while `read_at_once` holds (it takes its entry out as the block ends):
the length of its transcript then and the `discord.Message` handed out for each message read
since."""


@contextmanager
def read_at_once(env: Any) -> Iterator[None]:
    """Within the block, each stored message is looked at once: a second read of it (another
    member's history of the same channel) gets the `discord.Message` the first read got,
    without working out its payload again. Only for code that does not await in the block:
    nothing can change SimCord's world meanwhile (the leak checks of tests/cogs/driver.py and
    tests/cogs/adventure/driver.py read every member's channel and DMs after each step, each
    public message once per member, 8 times over in an 8-player game). A request or gateway
    event in the block (the transcript grew) fails the test rather than read a stale message."""
    if env in _STILL:  # nested: the outer block's reads hold
        yield
        return
    _STILL[env] = (len(env.backend.transcript), {})
    try:
        yield
    finally:
        del _STILL[env]


def built_once(env: Any, message: Any) -> Any:
    """SimCord's `to_discord_message`, building each stored message again only once it has
    changed: a test that reads every channel a member sees after each click (tests/cogs/
    driver.py) otherwise deep-copies and parses the whole history again each time, quadratic
    in the game's length (66 of the 80 s of an 8-player Pegasus game). The message is compared
    by its whole payload, so an edit, a new attachment or a reaction builds it afresh; within
    `read_at_once`, once per block."""
    still = _STILL.get(env)
    if still is not None:
        assert len(env.backend.transcript) == still[0], "SimCord's world changed in read_at_once"
        if message.id in still[1]:
            return still[1][message.id]
    channel = env.bot.get_channel(message.channel_id)
    payload = serializers.message_payload(env.backend, message)
    built = _BUILT.setdefault(env, {})
    kept = built.get(message.id)
    if kept is not None and kept[1] is channel and kept[0] == payload:
        result = kept[2]
    else:
        result = _built(env, channel, message.channel_id, copied(payload))
        built[message.id] = (copied(payload), channel, result)
    if still is not None:
        still[1][message.id] = result
    return result


def _built(env: Any, channel: Any, channel_id: int, payload: dict[str, Any]) -> Any:
    """What SimCord's `to_discord_message` builds (its body as of simcord 3.2.1: check again
    on an upgrade), from the payload `built_once` worked out already and copied (SimCord
    works it out again and deep-copies it, 4 times as long)."""
    if channel is None:
        guild_id = payload.get("guild_id")
        channel = env.bot.get_partial_messageable(
            channel_id, guild_id=int(guild_id) if guild_id is not None else None
        )
    return discord.Message(state=get_state(env.bot), channel=channel, data=payload)  # type: ignore[arg-type]


class NewReads:
    """What each member of a game sees that is new or changed since the last look: the leak
    checks of tests/cogs/driver.py and tests/cogs/adventure/driver.py look after every step at
    the game channel as each member sees it (ephemerals included) and at their DMs, and check
    only a message whose text differs from the one they checked last time. A stored message
    whose fields (content, embeds, components, attachments, flags, ...) are all as at the last
    look reads as it did then, so only the others are built and read: building and comparing
    every message of the channel and of every DM after every step grew with the game's length
    (an 8-player game: 237 messages a step, 128,000 built or compared in all). Each look
    compares every stored message of those channels with a deep copy of its fields kept from
    the last look (not the object, which SimCord edits in place). Every member is looked at in
    one look, so a message unchanged since then was read by each of them then."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self._fields: dict[int, dict[int, dict[str, Any]]] = {}  # channel -> message -> fields

    def _changed(self, channel_id: int) -> list[Any]:
        """The channel's stored messages new or changed since the last look, oldest first."""
        stored = self.env.backend.messages.get(channel_id, {})
        kept = self._fields.setdefault(channel_id, {})
        for gone in kept.keys() - stored.keys():
            del kept[gone]
        changed = []
        for message in stored.values():
            fields = vars(message)
            if kept.get(message.id) != fields:
                kept[message.id] = copied(fields)
                changed.append(message)
        return sorted(changed, key=lambda m: m.id)

    def look(self, channel: Any, members: list[Any]) -> list[tuple[Any, list[Any]]]:
        """Each member with what they see new or changed, as `discord.Message`s in the order
        of `[*channel.history(viewer=member), *member.user.dm_channel.history()]`."""
        public = self._changed(channel.id)
        looked = []
        for member in members:
            if not can_access_channel(self.env, channel.id, member, history=True):
                raise SetupError("That viewer cannot read this channel's history")
            dms = self._changed(member.user.dm_channel.id)
            shown = [m for m in public if m.visible_to(member.id)]
            shown += [m for m in dms if m.visible_to(None)]
            looked.append((member, [built_once(self.env, m) for m in shown]))
        return looked
