"""A game's `Message` as discord.py arguments, with its pictures when they are wanted.

Pictures are drawn here, when a message goes out: after the move is committed and outside
every game lock, and only for readers who want them (the server's PICTURES setting, and each
user's own preference for their hand and DMs). A public table's picture (`off_loop`) waits
its turn in one drawing thread, which draws it in a worker process (PICTURE_WORKERS=process,
the default: bot/ui/picture_workers.py; Pillow holds the GIL while it draws, so the loop and
the database thread would otherwise take turns with it) or itself (thread: the loop gets its
turn every switch interval). The answer a player waits for (their hand: small, usually
cached) is drawn on the loop, so it never queues behind other tables' pictures. A picture
that fails to draw is logged and left off: the embed's text says everything the picture shows.

A table picture that a newer move has outdated while it waited for the drawing thread is not
drawn (`unless_outdated`): under load the thread's queue is where the time goes, and only the
newest table is worth showing. `TableDelivery` (bot/ui/delivery.py) leaves the edit to the
newer table, for every game's table message alike.
"""

from __future__ import annotations

import asyncio
import contextvars
import io
import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot.platform.presentation import Message, Picture
from bot.ui.layout import layout_kwargs
from bot.ui.picture_workers import DrawingProcess, drawn, warm

if TYPE_CHECKING:  # an import cycle at run time: the client builds this
    from bot.runtime.client import GameBot

log = logging.getLogger(__name__)
Workers = Literal["process", "thread"]
_DRAWER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")
# With the worker process: two threads hand it pictures, so the next is in its pipe while the
# bot's process takes the last one back (one would leave the worker idle meanwhile).
_SENDERS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="pictures-to-worker")
_HERE = threading.Lock()  # pictures drawn in this process: one at a time (Pillow's fonts)
_WARMER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures-warm")
WORKER = DrawingProcess()  # one per process, shared by every bot in it
_workers: Workers = "thread"  # until a bot starts (`start`)


def start(workers: Workers) -> Future[None]:
    """At the bot's start: where table pictures are drawn from now on (the worker process is
    started at once and warms first; until it is ready they are drawn in the drawing thread),
    and every game's faces drawn in a thread of their own, off the loop, for the pictures
    drawn in this process (no picture waits for that): with the worker, only what the hands
    paste (0.8 of 1.6 s CPU), the tables' pieces being the worker's."""
    global _workers
    _workers = workers
    if workers == "process":
        WORKER.start()
    return _WARMER.submit(warm, tables=workers != "process")


async def stop() -> None:
    """At the bot's close: the worker process ends (after the picture it draws, if any)."""
    global _workers
    _workers = "thread"
    await asyncio.get_running_loop().run_in_executor(None, WORKER.shutdown)


class Outdated(Exception):
    """A newer version of the message was asked for before this picture's turn to be drawn."""


def unless_outdated(message: Message, outdated: Callable[[], bool]) -> Message:
    """`message` whose pictures, when their turn to be drawn comes (in the drawing thread),
    raise `Outdated` instead of drawing if `outdated()` says a newer message supersedes it."""
    pictures = tuple(replace(p, draw=_Guarded(p.draw, outdated)) for p in message.pictures)
    return replace(message, pictures=pictures)


@dataclass(frozen=True)
class _Guarded:
    """A picture's draw that first asks whether a newer message has outdated it."""

    draw: Callable[[], bytes]
    outdated: Callable[[], bool]

    def __call__(self) -> bytes:
        if self.outdated():
            raise Outdated
        return self.draw()


def _off_loop(picture: Picture) -> bytes:
    """In the drawing thread: the picture, unless outdated now, drawn where `start` said."""
    draw = picture.draw
    if isinstance(draw, _Guarded):
        if draw.outdated():
            raise Outdated
        draw = draw.draw
    if _workers == "process":
        data = WORKER.draw(draw, picture.locale)
        if data is not None:
            return data
    with _HERE:  # thread mode, or the worker is (re)starting
        return drawn(draw, picture.locale)


async def wanted(bot: GameBot, user_id: int | None = None) -> bool:
    """Pictures for this reader: the server's setting, and the user's own (None: the public)."""
    if not bot.settings.pictures:
        return False
    if user_id is None:
        return True
    return bool((await bot.storage.get_user_settings(user_id)).pictures)


async def draw(pictures: tuple[Picture, ...], *, off_loop: bool = False) -> list[discord.File]:
    """The pictures as files to upload; one that fails to draw is left off (logged). Raises
    `Outdated` for a picture that a newer message superseded (`unless_outdated`)."""
    files = []
    for picture in pictures:
        try:
            if off_loop:
                # In this task's context, so the drawing thread writes in the reader's locale.
                context = contextvars.copy_context()
                data = await asyncio.get_running_loop().run_in_executor(
                    _SENDERS if _workers == "process" else _DRAWER, context.run, _off_loop, picture
                )
            else:
                data = drawn(picture.draw, picture.locale)
        except Outdated:
            raise
        except Exception:  # noqa: BLE001 - the text is the message; a picture only adds
            log.exception("could not draw %s", picture.filename)
            continue
        files.append(
            discord.File(
                io.BytesIO(data), filename=picture.filename, description=picture.description
            )
        )
    return files


async def message_kwargs(
    message: Message, *, pictures: bool, edit: bool, off_loop: bool = False
) -> dict[str, Any]:
    """`embed`, `view` and the pictures: `files` to send, or on an edit `attachments`, which
    replace every attachment the message had (none: the old pictures go). A message with
    `short` is laid out picture first instead (Components V2, `bot.ui.layout`)."""
    files = await draw(message.pictures, off_loop=off_loop) if pictures else []
    kwargs: dict[str, Any]
    if message.short is not None:
        kwargs = layout_kwargs(message, files)
    else:
        kwargs = {"embed": _with_image(message, files), "view": message.view}
    if edit:
        kwargs["attachments"] = files
    elif files:
        kwargs["files"] = files
    return kwargs


def _with_image(message: Message, files: list[discord.File]) -> discord.Embed:
    """The embed, showing the first picture as its image when that one was drawn."""
    if files and files[0].filename == message.pictures[0].filename:
        embed = message.embed.copy()
        embed.set_image(url=f"attachment://{files[0].filename}")
        return embed
    return message.embed
