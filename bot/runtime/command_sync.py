"""Global command sync that keeps Discord's Entry Point command.

Once Activities are enabled Discord creates an Entry Point command (type 4,
PRIMARY_ENTRY_POINT) for the app and refuses a bulk overwrite that leaves it out (error
50240); discord.py's `tree.sync()` sends only the tree's commands, so it would fail. Here the
app's global commands are fetched first and those of type 4 go back in the overwrite.
"""

from __future__ import annotations

from typing import Any

from discord import app_commands

ENTRY_POINT = 4
"""ApplicationCommandType.PRIMARY_ENTRY_POINT."""


async def sync_keeping_entry_point(tree: app_commands.CommandTree[Any]) -> list[Any]:
    """The tree's global commands plus the existing Entry Point command(s), in one overwrite."""
    app_id = tree.client.application_id
    if app_id is None:
        raise app_commands.MissingApplicationID
    commands = tree.get_commands()
    translator = tree.translator
    if translator:
        payload = [await c.get_translated_payload(tree, translator) for c in commands]
    else:
        payload = [c.to_dict(tree) for c in commands]
    http = tree._http  # as tree.sync() reaches it
    existing = await http.get_global_commands(app_id)
    payload += [dict(c) for c in existing if c.get("type") == ENTRY_POINT]
    data = await http.bulk_upsert_global_commands(app_id, payload=payload)
    return [app_commands.AppCommand(data=d, state=tree._state) for d in data]
