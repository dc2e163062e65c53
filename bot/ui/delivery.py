"""Getting committed results onto Discord: the table message, replies, errors.

Everything here runs after the commit. A failed Discord call is logged and forgotten: the
move is saved, and the next table edit (or the game's `table` command) shows the current state.
"""

from __future__ import annotations

import hashlib
import io
import logging
from collections.abc import Mapping
from typing import Any

import discord

from bot.i18n import N_, _, current_locale, use_locale
from bot.platform.presentation import Message, Presentation, Table
from bot.service.cache import Locks
from bot.service.notifier import PrivateNews
from bot.service.outcome import Outcome
from bot.ui.failures import log_failure
from bot.ui.locales import Languages
from bot.ui.pictures import Outdated, message_kwargs, unless_outdated

log = logging.getLogger(__name__)
APOLOGY = N_(
    "Sorry, something went wrong on our side. Please open My hand to see where the game is."
)


async def respond(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    embed: discord.Embed | None = None,
    view: discord.ui.View | None = None,
    ephemeral: bool = True,
    edit: bool = False,
    **more: Any,
) -> None:
    """Answer once: edit the clicked message, or send (a followup if already answered).
    `more`: `files` to send, or `attachments` for an edit (see `respond_message`)."""
    kwargs: dict[str, Any] = {"content": content}
    if embed is not None:
        kwargs["embed"] = embed
    if view is not None:
        kwargs["view"] = view
    kwargs.update(more)
    if edit and not interaction.response.is_done():
        await interaction.response.edit_message(**kwargs)
    elif not interaction.response.is_done():
        await interaction.response.send_message(ephemeral=ephemeral, **kwargs)
    else:
        await interaction.followup.send(ephemeral=ephemeral, **kwargs)


async def post_public(interaction: discord.Interaction, **message: Any) -> int:
    """Post `message` publicly and return its id: as this interaction's answer if it has none
    yet, else in its channel. An answer that fails (a click over 3 s old: 10062) falls back to
    the channel too, so a game's table or lobby is never lost with it."""
    if not interaction.response.is_done():
        try:
            await interaction.response.send_message(**message)
        except discord.HTTPException as exc:
            log.warning("answer failed (%s); posting in the channel instead", exc)
            for file in message.get("files", ()):
                file.reset()  # read by the failed attempt
        else:
            return (await interaction.original_response()).id
    channel: Any = interaction.channel
    sent: discord.Message = await channel.send(**message)
    return sent.id


async def respond_message(
    interaction: discord.Interaction,
    message: Message,
    *,
    pictures: bool,
    content: str | None = None,
    ephemeral: bool = True,
    edit: bool = False,
) -> None:
    """`respond` with a game's message: on an edit its pictures replace the old ones."""
    edit = edit and not interaction.response.is_done()  # as `respond` decides
    kwargs = await message_kwargs(message, pictures=pictures, edit=edit)
    await respond(interaction, content, ephemeral=ephemeral, edit=edit, **kwargs)


async def apologise(
    interaction: discord.Interaction, game_id: int | None, error: BaseException
) -> None:
    """Log an unexpected error with the game id; tell the user briefly."""
    log_failure(log, interaction.client, "unexpected error in game %s", game_id, error=error)
    try:
        await respond(interaction, _(APOLOGY), ephemeral=True)
    except discord.HTTPException:
        log.warning("could not send the apology for game %s", game_id)


def _age(table: Table) -> tuple[int, bool]:
    """Newer tables sort later: by version, and a pause before the play it leads to."""
    return table.version, not table.paused


def reply_lines(presenter: Presentation, outcome: Outcome) -> list[str]:
    """What the actor reads about their own move: the events they may see, rendered for them."""
    return presenter.event_lines(outcome.visible_to(outcome.actor), outcome.game, outcome.actor)


def private_news(
    presenter: Presentation, outcome: Outcome, locales: Mapping[int, str] | None = None
) -> tuple[PrivateNews, ...]:
    """Each other player's lines about the move: the events addressed to them, for them (in
    their language: `locales`, user -> locale, their DMs'; without it the current one)."""
    game = outcome.game
    users = {s.player_id: s.user_id for s in game.seats}
    news = []
    for pid, events in outcome.private_for().items():
        user = users.get(pid)
        reader = (locales or {}).get(user or 0, current_locale())
        with use_locale(reader):
            lines = presenter.event_lines(events, game, pid)
        if lines:
            news.append(PrivateNews(game.id, pid, users.get(pid), tuple(lines)))
    return tuple(news)


def _digest(files: list[discord.File]) -> str:
    """What the files hold (names and bytes), to send a table picture only when it changed."""
    h = hashlib.sha1()
    for f in files:
        h.update(f.filename.encode())
        fp = f.fp
        if isinstance(fp, io.BytesIO):
            h.update(fp.getbuffer())
    return h.hexdigest()


class TableDelivery:
    """Edits each game's table message, newest version wins, one edit at a time per game.

    Tables that come faster than they are drawn coalesce: one that a newer table has outdated
    before its turn (waiting for the game's edit or for the drawing thread) is neither drawn
    nor sent; the newer one's edit shows the game as it is."""

    def __init__(self, *, pictures: bool = True, languages: Languages | None = None) -> None:
        self.pictures = pictures  # the server's PICTURES setting: the table is public
        self.languages = languages  # the table is public: in the server's language
        self._locks = Locks()  # one per game while in use: not one per game ever played
        self._shown: dict[int, tuple[int, bool]] = {}
        self._newest: dict[int, tuple[int, bool]] = {}  # the newest table asked for, per game
        self._files: dict[int, tuple[int, str]] = {}  # game -> (message, files) on show
        self.launch = False  # ACTIVITY=on: every table has the "Open live table" button

    def dressed(self, message: Message, game_id: int) -> Message:
        """A table message as the channel sees it: with the Activity's button when on."""
        if self.launch:
            from bot.web.launch import with_launch

            with_launch(message.view, game_id)
        return message

    async def _language(self, channel: discord.PartialMessageable) -> str:
        """The server's language, which the table is written in (the caller's without one)."""
        if self.languages is None:
            return current_locale()
        return await self.languages.server(channel.guild_id)

    def mark_shown(self, table: Table) -> None:
        """The table message was edited to `table` another way (a click's own response)."""
        self._shown[table.game_id] = max(self._shown.get(table.game_id, (-1, False)), _age(table))

    async def post(
        self, channel: discord.PartialMessageable, table: Table, presenter: Presentation
    ) -> int | None:
        """Send `table` as a new table message in `channel` (a game started away from Discord);
        its id, or None if Discord refused (logged)."""
        with use_locale(await self._language(channel)):
            message = self.dressed(presenter.table_message(table), table.game_id)
            kwargs = await message_kwargs(
                message, pictures=self.pictures, edit=False, off_loop=True
            )
        try:
            sent = await channel.send(**kwargs)
        except discord.HTTPException as exc:
            log.warning("table post failed for game %s: %s", table.game_id, exc)
            return None
        self.mark_shown(table)
        return int(sent.id)

    async def update(
        self,
        channel: discord.PartialMessageable | None,
        message_id: int | None,
        table: Table,
        presenter: Presentation,
    ) -> bool:
        """Edit the table message to show `table`; False if Discord refused (logged)."""
        if message_id is None or channel is None:
            return False
        game, age = table.game_id, _age(table)
        self._newest[game] = max(self._newest.get(game, age), age)
        lock = self._locks(game)
        async with lock:
            if self._newest[game] > age or self._shown.get(game, (-1, False)) > age:
                return True  # a newer table is shown, or on its way (it edits the message)
            try:
                with use_locale(await self._language(channel)):
                    message = unless_outdated(
                        self.dressed(presenter.table_message(table), game),
                        lambda: self._newest[game] > age,
                    )
                    kwargs = await message_kwargs(
                        message, pictures=self.pictures, edit=True, off_loop=True
                    )
            except Outdated:
                return True  # outdated while it waited to be drawn: the newer table edits
            files = list(kwargs.get("attachments", ()))
            shown = (message_id, _digest(files))
            if files and self._files.get(table.game_id) == shown:
                del kwargs["attachments"]  # the same picture: Discord keeps the one it has
            try:
                await channel.get_partial_message(message_id).edit(**kwargs)
            except discord.HTTPException as exc:
                log.warning(
                    "table edit failed for game %s (%s); it catches up on the next move",
                    table.game_id,
                    exc,
                )
                return False
            self._shown[table.game_id] = _age(table)
            self._files[table.game_id] = shown
            return True
