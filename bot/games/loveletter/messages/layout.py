"""What every Love Letter message is built from: an embed from a dict, and a view already
stopped (its items are DynamicItems, dispatched by custom_id)."""

from __future__ import annotations

from typing import Any

import discord


def embed(data: dict[str, Any]) -> discord.Embed:
    return discord.Embed.from_dict(data)
