"""The whole slash-command tree Discord is sent at sync, pinned (issue 42 item 3): every group,
subcommand, option, choice, description, German localisation, default permission and DM
permission, as `tree.sync` sends them (with the bot's translator), compared with
tests/cogs/command_tree.json.

The JSON was written from main before the shared commands moved into `cogs.base.GameCog`, so
that move is proven to change nothing a player sees; what was added since (`/tabletop
settings`) is in it on purpose. After a deliberate change to a command, rewrite it with
`python -m tests.cogs.test_command_tree` and read the diff.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from bot.i18n.commands import loaded_tree
from bot.i18n.translator import CommandTranslator

PINNED = Path(__file__).with_name("command_tree.json")


async def _payloads() -> list[dict[str, Any]]:
    bot = await loaded_tree()
    translator = CommandTranslator()
    out = [
        await command.get_translated_payload(bot.tree, translator)
        for command in bot.tree.get_commands()
    ]
    return sorted((_ordered(p) for p in out), key=lambda p: p["name"])


def _ordered(payload: dict[str, Any]) -> dict[str, Any]:
    """Subcommands by name (Discord lists them so; declaration order is no promise); options
    keep their order, which is the order a client asks for them."""
    payload = dict(payload)
    options = payload.get("options")
    if options and all(o.get("type") in (1, 2) for o in options):  # subcommands, groups
        payload["options"] = sorted((_ordered(o) for o in options), key=lambda o: o["name"])
    return payload


def command_tree() -> list[dict[str, Any]]:
    """Every top-level command's sync payload, from a fresh loop (also inside a test's)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, _payloads()).result()


def _dump(tree: list[dict[str, Any]]) -> str:
    return json.dumps(tree, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def test_the_command_tree_is_the_pinned_one() -> None:
    assert _dump(command_tree()) == PINNED.read_text(encoding="utf-8")


def test_the_pinned_tree_has_both_games_and_the_tabletop() -> None:
    tree = {c["name"]: c for c in json.loads(PINNED.read_text(encoding="utf-8"))}
    assert set(tree) == {"adventure", "loveletter", "tabletop"}
    shared = {"new", "join", "leave", "addbot", "kick", "start", "end", "history"}
    shared |= {"leaderboard", "stats", "rules"}
    for game in ("adventure", "loveletter"):
        assert shared <= {o["name"] for o in tree[game]["options"]}, game
        assert tree[game]["name_localizations"] or game == "loveletter"


if __name__ == "__main__":
    PINNED.write_text(_dump(command_tree()), encoding="utf-8")
    sys.exit(0)
