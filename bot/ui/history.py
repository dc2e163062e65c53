"""The history list and the replay message: what `/<game> history` and its buttons show.

Both are ephemeral: a player looking back at old games should not fill the channel, and the
replay shows only what the channel's table showed then, so it is nobody's secret either. The
replay is the game's own public table message at that step (picture first, as the channel saw
it) with the replay's buttons instead of the table's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord

from bot.games.presenter import Message
from bot.games.registry import presenter
from bot.service.errors import GameError
from bot.service.history import HistoryPage, ReplayStep, history_page, replay_step
from bot.ui.delivery import respond
from bot.ui.history_items import OpenReplay, PageButton, StepButton
from bot.ui.pictures import message_kwargs, wanted


def history_message(page: HistoryPage) -> tuple[discord.Embed, discord.ui.View]:
    """One page of finished games, newest first, a Replay button for each."""
    rules = presenter(page.game).game
    whose = f"<@{page.user_id}>'s" if page.user_id is not None else "This server's"
    lines = [_line(rules, g) for g in page.games] or ["No finished games yet."]
    embed = discord.Embed(
        title=f"{rules.title} — finished games",
        description=f"{whose} finished games, newest first:\n" + "\n".join(lines),
    )
    games = "1 game" if page.total == 1 else f"{page.total} games"
    embed.set_footer(text=f"Page {page.page + 1} of {page.pages} · {games}")
    view = discord.ui.View(timeout=None)
    for g in page.games:
        view.add_item(OpenReplay(g.game_id))
    user = page.user_id or 0
    if page.page > 0:
        view.add_item(PageButton(page.game, page.guild_id, user, page.page - 1, "◀ Newer"))
    if page.page < page.pages - 1:
        view.add_item(PageButton(page.game, page.guild_id, user, page.page + 1, "Older ▶"))
    return embed, view


def _line(rules: Any, g: Any) -> str:
    """One game: its number, variant (when the game has several), date, players, winners."""
    won = f"won by **{', '.join(g.winners)}**" if g.winners else "no winner"
    moves = "1 move" if g.moves == 1 else f"{g.moves} moves"
    variant = rules.variants.get(g.variant)
    kind = f" · {variant.title.split(' (')[0]}" if variant and len(rules.variants) > 1 else ""
    return (
        f"**Game {g.game_id}**{kind} · <t:{int(g.finished_at)}:d> ·"
        f" {', '.join(g.players)} — {won} · {moves}"
    )


def replay_message(step: ReplayStep) -> Message:
    """The table the channel saw after this step, with First / Prev / Next / Last."""
    table = step.presenter.table_message(step.table)
    where = f"**Replay** of game {step.record.id} — move {step.step} of {step.steps}"
    embed = table.embed.copy()
    embed.description = f"{where}\n\n{embed.description or ''}"
    view = discord.ui.View(timeout=None)
    game_id, last = step.record.id, step.steps
    for tag, label, target, off in (
        ("f", "⏮ First", 0, step.step == 0),
        ("p", "◀ Prev", step.step - 1, step.step == 0),
        ("n", "Next ▶", step.step + 1, step.step >= last),
        ("l", "Last ⏭", last, step.step >= last),
    ):
        view.add_item(StepButton(tag, game_id, max(0, min(target, last)), label, disabled=off))
    short = None if table.short is None else f"{where}\n{table.short}"
    return replace(table, embed=embed, view=view, short=short)


async def replay_kwargs(bot: Any, step: ReplayStep, *, edit: bool) -> dict[str, Any]:
    """The replay as discord.py arguments, its picture drawn when the server wants pictures."""
    message = replay_message(step)
    return await message_kwargs(message, pictures=await wanted(bot), edit=edit, off_loop=True)


async def show_page(
    interaction: discord.Interaction, game: str, user_id: int | None, page: int, *, edit: bool
) -> None:
    """Answer with a page of the server's (or `user_id`'s) finished games of `game`."""
    bot: Any = interaction.client
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
    bot: Any = interaction.client
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
