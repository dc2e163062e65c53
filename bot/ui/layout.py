"""A picture-first message (Components V2): the picture, the text under it, the buttons.

Discord shows a message's picture about 400 px wide on a phone; under an embed's long text it
sits below the fold. A `Message` with `short` is laid out as a `LayoutView` instead: one
container holding the picture (a `MediaGallery` of the uploaded `attachment://` file, its alt
text kept), then the text, then the message's buttons in action rows. The text is the game's
`short` when the picture is there (the picture shows the rest; its alt text says it for screen
readers), and the embed's whole text when it is not (pictures off for the server, or a picture
that failed to draw), so search and notifications always have the words.

A Components V2 message stays one for its whole life (Discord cannot remove the flag), so
every send and edit of such a message comes through here: content and embeds are cleared
(which also turns a table posted as an embed by an older version into this layout on its next
edit). Mentions in the text never ping, as they never did inside an embed.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.platform.presentation import Message

TEXT_LIMIT = 4000  # Discord's limit on all TextDisplay text of one message
ROW_WIDTH = 5  # buttons per action row (a select takes a whole row)


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, marked with an ellipsis where it was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def full_text(embed: discord.Embed) -> str:
    """Everything the embed says, as markdown: the title, description, fields and footer."""
    parts = [f"### {embed.title}"] if embed.title else []
    if embed.description:
        parts.append(embed.description)
    fields = [f"**{f.name}**\n{f.value}" for f in embed.fields]
    if fields:
        parts.append("\n".join(fields))
    return "\n\n".join(parts + _footer(embed))


def short_text(embed: discord.Embed, short: str) -> str:
    """The text under the picture: the embed's title and footer around the game's `short`."""
    parts = [f"### {embed.title}"] if embed.title else []
    return "\n".join([*parts, short, *_footer(embed)])


def _footer(embed: discord.Embed) -> list[str]:
    return [f"-# {embed.footer.text}"] if embed.footer and embed.footer.text else []


def action_rows(view: discord.ui.View) -> list[discord.ui.ActionRow[Any]]:
    """The view's items in order, in rows of at most five buttons (a select fills a row)."""
    rows: list[discord.ui.ActionRow[Any]] = []
    width = ROW_WIDTH
    for item in view.children:
        if width + item.width > ROW_WIDTH:
            rows.append(discord.ui.ActionRow())
            width = 0
        rows[-1].add_item(item)
        width += item.width
    return rows


def layout(message: Message, files: list[discord.File]) -> discord.ui.LayoutView:
    """The message picture first; `files` are its drawn pictures (none: text only)."""
    assert message.short is not None
    described = {p.filename: p.description for p in message.pictures}
    children: list[discord.ui.Item[Any]] = []
    if files:
        items = [
            discord.MediaGalleryItem(
                f"attachment://{f.filename}",
                description=clip(described.get(f.filename, ""), 1024) or None,
            )
            for f in files
        ]
        children.append(discord.ui.MediaGallery(*items))
        text = short_text(message.embed, message.short)
    else:
        text = full_text(message.embed)
    children.append(discord.ui.TextDisplay(clip(text, TEXT_LIMIT)))
    children += action_rows(message.view)
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*children, accent_colour=message.embed.colour))
    view.stop()  # its items are DynamicItems dispatched by custom_id: nothing to keep
    return view


def layout_kwargs(message: Message, files: list[discord.File]) -> dict[str, Any]:
    """discord.py arguments for the picture-first message (the files go as the caller says)."""
    return {
        "view": layout(message, files),
        "content": None,
        "embed": None,
        "allowed_mentions": discord.AllowedMentions.none(),
    }
