"""Reading SimCord's messages as `discord.Message` objects without building the same one
again: every test reads them through `built_once` (tests/conftest.py puts it in place of
SimCord's `to_discord_message`), and the leak checks read a whole step's views within
`read_at_once`."""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from copy import deepcopy
from typing import Any

import simcord.results
from simcord.backend import serializers

_BUILT: weakref.WeakKeyDictionary[Any, dict[int, tuple[Any, Any, Any]]] = (
    weakref.WeakKeyDictionary()
)
"""Per SimCord world, the `discord.Message` last built for each message, with the payload and
channel it was built from."""


def forget_built() -> None:
    """Let go of every world's built messages (tests/conftest.py, after each test). A built
    message holds its bot and so, through SimCord's hooks in it, the world it was built in:
    kept here, every test's world stayed alive to the end of the run (the weak key never
    died), and the collection each bot's start-up makes (bot/runtime/gc_tuning.py) walked
    them all, longer with every test: 0.05 s at the first test, 0.16 s fifteen tests on."""
    _BUILT.clear()


_STILL: weakref.WeakKeyDictionary[Any, tuple[int, dict[int, Any]]] = weakref.WeakKeyDictionary()
"""Per SimCord world, while `read_at_once` holds: the length of its transcript then and the
`discord.Message` handed out for each message read since."""


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
        result = _to_discord_message(env, message)
        built[message.id] = (deepcopy(payload), channel, result)
    if still is not None:
        still[1][message.id] = result
    return result


_to_discord_message = simcord.results.to_discord_message
