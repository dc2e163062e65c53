"""Payloads stay inside Discord's limits: the synced commands and every component sent."""

from __future__ import annotations

from typing import Any

from simcord.components import walk_components

from tests.cogs.driver import open_game


def _walk_options(options: list[dict[str, Any]], problems: list[str], path: str) -> None:
    if len(options) > 25:
        problems.append(f"{path}: {len(options)} options")
    for opt in options:
        where = f"{path} {opt['name']}"
        if not 1 <= len(opt["name"]) <= 32 or opt["name"] != opt["name"].lower():
            problems.append(f"{where}: bad name")
        if not 1 <= len(opt.get("description", "")) <= 100:
            problems.append(f"{where}: description length")
        choices = opt.get("choices") or []
        if len(choices) > 25 or any(len(c["name"]) > 100 for c in choices):
            problems.append(f"{where}: choices")
        _walk_options(opt.get("options") or [], problems, where)


def command_problems(commands: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    for cmd in commands:
        if len(cmd["name"]) > 32 or not 1 <= len(cmd.get("description", "")) <= 100:
            problems.append(f"/{cmd['name']}: name or description")
        _walk_options(cmd.get("options") or [], problems, f"/{cmd['name']}")
    return problems


def component_problems(rows: list[dict[str, Any]]) -> list[str]:
    """Discord's limits on a message's components: rows of at most five, a select alone,
    custom_id, label and option lengths; a Components V2 layout's action rows (nested in its
    container) are checked alike, and it holds at most 40 components in all."""
    problems = []
    every = list(walk_components(rows))
    action_rows = [c for c in every if c.get("type", 1) == 1]
    if len(action_rows) > 5:
        problems.append(f"{len(action_rows)} action rows")
    if len(every) > 40:
        problems.append(f"{len(every)} components")
    for row in action_rows:
        children = row.get("components", [])
        if len(children) > 5:
            problems.append(f"{len(children)} components in a row")
        for c in children:
            if len(c.get("custom_id", "")) > 100:
                problems.append(f"custom_id too long: {c['custom_id']}")
            if len(c.get("label") or "") > 80:
                problems.append(f"label too long: {c['label']}")
            options = c.get("options") or []
            if len(options) > 25 or any(len(o["label"]) > 100 for o in options):
                problems.append(f"select options: {len(options)}")
            if c.get("type") == 3 and len(children) != 1:
                problems.append("a select must be alone in its row")
    return problems


async def test_synced_commands_respect_discord_limits(simcord_env) -> None:
    synced = [
        r.json
        for r in simcord_env.http_requests
        if r.method == "PUT" and r.path.endswith("/commands")
    ]
    assert synced, "the bot never synced its commands"
    commands = synced[-1]
    by_name = {c["name"]: c for c in commands}
    assert sorted(by_name) == ["adventure", "loveletter", "tabletop"]
    tabletop = by_name["tabletop"]  # `language`: server managers only, checked by the bot
    assert sorted(o["name"] for o in tabletop["options"]) == [
        "language", "season", "settings", "tournament",
    ]  # fmt: skip
    (season,) = [o for o in tabletop["options"] if o["name"] == "season"]  # a subcommand group
    assert [o["name"] for o in season["options"]] == ["start", "end", "status"]
    (tournament,) = [o for o in tabletop["options"] if o["name"] == "tournament"]
    assert [o["name"] for o in tournament["options"]] == ["new", "status", "withdraw", "cancel"]
    # Every player's own `/tabletop settings` sits in the group, and Discord gives a group one
    # default permission for all its subcommands: the group is shown to everyone, and the bot
    # refuses `language` and `season start|end` to anyone without Manage Server
    # (tests/cogs/loveletter/test_languages.py, tests/cogs/test_seasons.py).
    assert tabletop["default_member_permissions"] is None
    subcommands = {o["name"] for o in by_name["loveletter"]["options"]}
    assert subcommands >= {"new", "join", "leave", "start", "hand", "play", "table", "rules", "end"}
    adventure = {o["name"] for o in by_name["adventure"]["options"]}
    assert adventure == {
        *("new", "join", "leave", "addbot", "kick", "start", "pack", "board", "rules", "end"),
        *("leaderboard", "stats", "history"),
    }
    assert command_problems(commands) == []


def test_the_limit_checks_catch_violations() -> None:
    too_many = [{"name": f"o{i}", "description": "d", "type": 3} for i in range(26)]
    assert command_problems([{"name": "x", "description": "d" * 101, "options": too_many}])
    assert component_problems([{"components": [{"type": 2, "custom_id": "x" * 101}]}])


async def test_components_of_an_eight_player_game_respect_limits(simcord_env) -> None:
    g = await open_game(simcord_env, "pegasus", 8, seed=21)
    for _ in range(40):
        game = await simcord_env.bot.storage.get_game(g.game_id)
        if game.status != "running":
            break
        await g.play_one_move()
    assert g.moves >= 10
    problems = [p for entry in g.components for p in component_problems(entry["rows"])]
    assert problems == []
    assert g.leaks == []
