"""The history list and the replay message: what `/<game> history` and its buttons show.

Both are ephemeral: a player looking back at old games should not fill the channel, and the
replay shows only what the channel's table showed then, so it is nobody's secret either. The
replay is the game's own public table message at that step (picture first, as the channel saw
it) with the replay's buttons instead of the table's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import N_, _, n_
from bot.platform.presentation import Message, Presentation, presentation
from bot.service.errors import GameError
from bot.service.history import HistoryPage, ReplayStep, history_page, replay_step
from bot.ui.delivery import respond
from bot.ui.history_items import OpenReplay, PageButton, StepButton
from bot.ui.pictures import message_kwargs, wanted
from storage.history import FinishedGame

if TYPE_CHECKING:  # an import cycle at run time: the client builds this
    from bot.runtime.client import GameBot


def history_message(page: HistoryPage) -> tuple[discord.Embed, discord.ui.View]:
    """One page of finished games, newest first, a Replay button for each."""
    shown = presentation(page.game)
    if page.user_id is not None:
        head = _("<@{user}>'s finished games, newest first:", user=page.user_id)
    else:
        head = _("This server's finished games, newest first:")
    lines = [_line(shown, g) for g in page.games] or [_("No finished games yet.")]
    embed = discord.Embed(
        title=_("{game} — finished games", game=shown.rules.title()),
        description=head + "\n" + "\n".join(lines),
    )
    games = n_("{n} game", "{n} games", page.total)
    footer = _(
        "Page {page} of {pages} · {games}", page=page.page + 1, pages=page.pages, games=games
    )
    embed.set_footer(text=footer)
    view = discord.ui.View(timeout=None)
    for g in page.games:
        view.add_item(OpenReplay(g.game_id))
    user = page.user_id or 0
    if page.page > 0:
        view.add_item(PageButton(page.game, page.guild_id, user, page.page - 1, _("◀ Newer")))
    if page.page < page.pages - 1:
        view.add_item(PageButton(page.game, page.guild_id, user, page.page + 1, _("Older ▶")))
    return embed, view


def _line(shown: Presentation, g: FinishedGame) -> str:
    """One game: its number, variant (when the game has several, in the reader's words, without
    its note in brackets), date, players, winners."""
    won = _("won by **{names}**", names=", ".join(g.winners)) if g.winners else _("no winner")
    moves = n_("{n} move", "{n} moves", g.moves)
    variants = shown.rules.game.variants
    several = g.variant in variants and len(variants) > 1
    kind = f" · {shown.rules.title(g.variant).split(' (')[0]}" if several else ""
    date = f"<t:{int(g.finished_at)}:d>"  # Discord shows it in the reader's own format
    return _(
        "**Game {id}**{kind} · {date} · {players} — {won} · {moves}",
        id=g.game_id,
        kind=kind,
        date=date,
        players=", ".join(g.players),
        won=won,
        moves=moves,
    )


def replay_message(step: ReplayStep) -> Message:
    """The table the channel saw after this step, with First / Prev / Next / Last."""
    table = presentation(step.record.game).table_message(step.table)
    where = _(
        "**Replay** of game {id} — move {step} of {steps}",
        id=step.record.id,
        step=step.step,
        steps=step.steps,
    )
    embed = table.embed.copy()
    embed.description = f"{where}\n\n{embed.description or ''}"
    view = discord.ui.View(timeout=None)
    game_id, last = step.record.id, step.steps
    for tag, label, target, off in (
        ("f", N_("⏮ First"), 0, step.step == 0),
        ("p", N_("◀ Prev"), step.step - 1, step.step == 0),
        ("n", N_("Next ▶"), step.step + 1, step.step >= last),
        ("l", N_("Last ⏭"), last, step.step >= last),
    ):
        target = max(0, min(target, last))
        view.add_item(StepButton(tag, game_id, target, _(label), disabled=off))
    short = None if table.short is None else f"{where}\n{table.short}"
    return replace(table, embed=embed, view=view, short=short)


async def replay_kwargs(bot: GameBot, step: ReplayStep, *, edit: bool) -> dict[str, Any]:
    """The replay as discord.py arguments, its picture drawn when the server wants pictures."""
    message = replay_message(step)
    return await message_kwargs(message, pictures=await wanted(bot), edit=edit, off_loop=True)


def game_bot(interaction: discord.Interaction) -> GameBot:
    """The interaction's client as the bot it is (discord.py types it as any Client)."""
    from bot.runtime.client import GameBot  # here: bot.runtime.client imports bot.ui

    client = interaction.client
    if not isinstance(client, GameBot):
        raise TypeError(f"this needs the game bot, not {type(client).__name__}")
    return client


async def show_page(
    interaction: discord.Interaction, game: str, user_id: int | None, page: int, *, edit: bool
) -> None:
    """Answer with a page of the server's (or `user_id`'s) finished games of `game`."""
    bot = game_bot(interaction)
    found = await history_page(bot.storage, interaction.guild_id or 0, game, user_id, page)
    embed, view = history_message(found)
    await respond(
        interaction,
        embed=embed,
        view=view,
        ephemeral=True,
        edit=edit,
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def show_step(
    interaction: discord.Interaction, game_id: int, step: int, *, edit: bool
) -> None:
    """Answer with the replay of `game_id` at `step`: a refusal (another server's game, one
    that cannot be replayed) is one ephemeral line."""
    bot = game_bot(interaction)
    try:
        found = await replay_step(bot.storage, game_id, step, interaction.guild_id or 0)
    except GameError as refusal:
        await respond(interaction, str(refusal), ephemeral=True)
        return
    kwargs = await replay_kwargs(bot, found, edit=edit)
    if edit:
        await interaction.response.edit_message(**kwargs)
    else:
        await interaction.response.send_message(ephemeral=True, **kwargs)
