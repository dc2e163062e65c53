"""What every Love Letter message is built from: an embed from a dict, and a view already
stopped (its items are DynamicItems, dispatched by custom_id)."""

from __future__ import annotations

from typing import Any

import discord


def embed(data: dict[str, Any]) -> discord.Embed:
    return discord.Embed.from_dict(data)


def static_view() -> discord.ui.View:
    """A view already stopped: only its components are sent.

    Every item here is a DynamicItem the bot dispatches by custom_id (`add_dynamic_items`), so
    discord.py need not keep the view. Kept, each ephemeral hand would hold a 15-minute timeout
    task (discord.py gives ephemeral views one) and every table/DM view a ViewStore entry.
    """
    view = discord.ui.View(timeout=None)
    view.stop()
    return view
