"""What every Love Letter message is built from: an embed from a dict, and a view already
stopped (its items are DynamicItems, dispatched by custom_id)."""

from __future__ import annotations

from typing import Any

import discord

from bot.platform.items import StaticView


def embed(data: dict[str, Any]) -> discord.Embed:
    return discord.Embed.from_dict(data)


def static_view() -> discord.ui.View:
    """A view already stopped, its items DynamicItems dispatched by custom_id (StaticView)."""
    return StaticView()
