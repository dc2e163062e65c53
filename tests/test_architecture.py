"""The import direction of ARCHITECTURE.md, checked by reading every module's imports.

engine imports nothing of ours and only the standard library (no asyncio, I/O or clock, no
global random); each game under engine/<game>/ imports only itself and engine/api.py, never
another game. storage knows no engine and no game. The platform (bot/ but bot/games/<game>/
and the tools in bot/cli/ and bot/bench/) imports no game: it reaches games only through the
registries. bot/games/<game>/ may import its own engine game. cogs import bot and engine.
Nothing imports cogs (discord.py loads them by name as extensions), and no component reaches
a cog through an attribute set on the client (a run-time back door the imports would hide).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
OUR_PACKAGES = ("engine", "storage", "bot", "cogs")
MAY_IMPORT = {
    "engine": {"engine"},
    "storage": {"storage"},
    "bot": {"engine", "storage", "bot"},
    "cogs": {"engine", "bot", "cogs"},
}
# Standard-library modules that would break the engine's purity and determinism.
ENGINE_FORBIDDEN_STDLIB = {"asyncio", "sqlite3", "socket", "subprocess", "threading", "time"}
# The only names the engine may take from `random`: the seedable generator class.
ENGINE_ALLOWED_RANDOM = {"Random"}


def _modules(package: str, root: Path = REPO_ROOT) -> list[Path]:
    return sorted((root / package).rglob("*.py"))


def _imported(path: Path, root: Path = REPO_ROOT) -> Iterator[tuple[int, str]]:
    """(line, absolute module name) for every import in the file, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = list(path.relative_to(root).parent.parts)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                base = node.module or ""
            else:
                keep = len(package) - (node.level - 1)
                if keep < 0:
                    raise AssertionError(f"{_where(path, node.lineno)}: import beyond the tree")
                base = ".".join(package[:keep] + ([node.module] if node.module else []))
            yield node.lineno, base


def _where(path: Path, line: int) -> str:
    return f"{path.name}:{line} ({path})"


def _direction_violations(package: str, root: Path = REPO_ROOT) -> list[str]:
    allowed = MAY_IMPORT[package]
    return [
        f"{_where(path, line)} imports {name}"
        for path in _modules(package, root)
        for line, name in _imported(path, root)
        if name.split(".")[0] in OUR_PACKAGES and name.split(".")[0] not in allowed
    ]


def _non_stdlib_engine_imports(root: Path = REPO_ROOT) -> list[str]:
    wrong = []
    for path in _modules("engine", root):
        for line, name in _imported(path, root):
            top = name.split(".")[0]
            if top == "engine":
                continue
            if top not in sys.stdlib_module_names or top in ENGINE_FORBIDDEN_STDLIB:
                wrong.append(f"{_where(path, line)} imports {name}")
    return wrong


@pytest.mark.parametrize("package", OUR_PACKAGES)
def test_import_direction(package: str) -> None:
    """Each package imports only the packages of ours that the architecture allows."""
    assert _direction_violations(package) == []


def test_engine_imports_only_the_standard_library() -> None:
    assert _non_stdlib_engine_imports() == []


SHARED_ENGINE = {"engine", "engine.api"}  # what every game may use besides its own package
TOOLS = ("cli", "bench")  # bot/cli, bot/bench: command-line tools, which may name games


def _games(root: Path = REPO_ROOT) -> list[str]:
    return sorted(p.name for p in (root / "engine").iterdir() if (p / "__init__.py").is_file())


def _game_of(name: str, games: list[str]) -> str | None:
    """The game a module belongs to: engine.<game>..., bot.games.<game>..., or the game's
    live-table frames bot.web.frames_<game> (found by name, moving into bot/games/<game>)."""
    parts = name.split(".")
    if parts[0] == "engine" and len(parts) > 1 and parts[1] in games:
        return parts[1]
    if parts[:2] == ["bot", "games"] and len(parts) > 2 and parts[2] in games:
        return parts[2]
    if parts[:2] == ["bot", "web"] and len(parts) > 2 and parts[2].startswith("frames_"):
        return parts[2].removeprefix("frames_") if parts[2][7:] in games else None
    return None


def _game_violations(root: Path = REPO_ROOT) -> list[str]:
    """Games import only themselves and the shared engine helpers; the platform no game."""
    games = _games(root)
    wrong = []
    for path in _modules("engine", root) + _modules("bot", root) + _modules("storage", root):
        parts = path.relative_to(root).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        own = _game_of(module, games)
        is_tool = parts[0] == "bot" and len(parts) > 1 and parts[1] in TOOLS
        for line, name in _imported(path, root):
            target = _game_of(name, games)
            in_engine = parts[0] == "engine"
            if in_engine and own is not None and name.startswith("engine"):
                if target != own and name not in SHARED_ENGINE:
                    wrong.append(f"{_where(path, line)}: game {own} imports {name}")
            elif target is not None and target != own and not is_tool:
                wrong.append(f"{_where(path, line)}: {module} imports the game module {name}")
    return wrong


def test_games_and_the_platform_keep_apart() -> None:
    """No game imports another; the platform and storage import no game (only registries)."""
    assert _game_violations() == []


# base.py: GameCog, the commands every game shares (declared once); kick.py: what its /kick
# does; wording.py: how a game words them; tabletop.py: `/tabletop`, the bot's settings (a
# server's language, a player's own), for every game alike.
SHARED_COGS = {"__init__", "base", "kick", "tabletop", "wording"}


def _cogs_of_no_game(root: Path = REPO_ROOT) -> list[str]:
    """cogs/ modules whose name says neither the game they hold (<game>.py, <game>_*.py) nor
    that every game shares them: a reader looking for a game's commands would not find them."""
    from engine.api import games

    names = set(games())
    return [
        str(path.relative_to(root))
        for path in _modules("cogs", root)
        if path.stem not in SHARED_COGS and path.stem.split("_")[0] not in names
    ]


def test_each_cogs_module_names_its_game() -> None:
    assert _cogs_of_no_game() == []


CLIENT_ATTRIBUTES = set(dir(discord.Client)) | {
    # what our client sets up in __init__ for everyone: platform objects, not a game's
    *("settings", "storage", "service", "tables", "dms", "flow", "deadlines"),
    *("seed_source", "tuning", "tree", "cogs", "extensions"),
}


def _back_doors(root: Path = REPO_ROOT) -> list[str]:
    """Reads of `interaction.client.<x>` for an x that is not the client's own, and attributes
    set on the bot by a cog's `setup`: ways to reach a cog's objects no import would show."""
    wrong = []
    for path in _modules("bot", root) + _modules("cogs", root):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Attribute)
                and node.value.attr == "client"
                and node.attr not in CLIENT_ATTRIBUTES
            ):
                wrong.append(f"{_where(path, node.lineno)} reads client.{node.attr}")
            if isinstance(node, ast.AsyncFunctionDef | ast.FunctionDef) and node.name == "setup":
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Assign):
                        for target in sub.targets:
                            if isinstance(target, ast.Attribute):
                                wrong.append(f"{_where(path, sub.lineno)} sets .{target.attr}")
    return wrong


def test_components_reach_their_handler_through_the_registry() -> None:
    assert _back_doors() == []


# The rules side of the platform and the service: no discord, no Discord delivery (bot/ui),
# no presentation (ARCHITECTURE.md, "Import direction").
RULES_SIDE = (
    "bot/service",
    "bot/platform/registry.py",
    "bot/platform/rules.py",
    "bot/platform/decisions.py",
)
NOT_ON_THE_RULES_SIDE = (
    "discord",
    "bot.ui",
    "bot.platform.presentation",
    "bot.platform.controller",
    "bot.platform.items",
)
# What every game plugs into: none of it imports a game's folder (only the registry finds them).
BELOW_THE_GAMES = ("bot/platform", "bot/service", "bot/ui", "bot/runtime", "bot/web", "bot/i18n")


def _files(prefixes: tuple[str, ...], root: Path = REPO_ROOT) -> list[Path]:
    out: list[Path] = []
    for prefix in prefixes:
        where = root / prefix
        out += [where] if where.suffix == ".py" else sorted(where.rglob("*.py"))
    return [p for p in out if p.is_file()]


def _rules_side_violations(root: Path = REPO_ROOT) -> list[str]:
    """The service and the rules side of the platform import no discord, ui or presentation."""
    return [
        f"{_where(path, line)} imports {name}"
        for path in _files(RULES_SIDE, root)
        for line, name in _imported(path, root)
        if any(name == bad or name.startswith(bad + ".") for bad in NOT_ON_THE_RULES_SIDE)
    ]


def _imports_up_into_games(root: Path = REPO_ROOT) -> list[str]:
    """Imports of `bot.games` (a game folder or the package) from the platform, the service,
    the Discord delivery, the process and the live table (a game's own live-table frames,
    bot/web/frames_<game>.py, belong to that game)."""
    return [
        f"{_where(path, line)} imports {name}"
        for path in _files(BELOW_THE_GAMES, root)
        if not (
            path.parent.name == "web" and path.stem.startswith("frames_") and path.stem != "frames"
        )
        for line, name in _imported(path, root)
        if name == "bot.games" or name.startswith("bot.games.")
    ]


def test_the_service_and_the_rules_side_know_no_discord() -> None:
    assert _rules_side_violations() == []


def test_nothing_below_the_games_imports_them() -> None:
    """The platform reaches games only through the registry (each game registers itself)."""
    assert _imports_up_into_games() == []


def test_the_platform_checks_catch_violations(tmp_path: Path) -> None:
    (tmp_path / "bot" / "service").mkdir(parents=True)
    (tmp_path / "bot" / "service" / "games.py").write_text(
        "import discord\nfrom bot.ui.flow import TurnFlow\nfrom bot.games.registry import x\n"
        "from bot.platform.rules import TableRules\n"
    )
    (tmp_path / "bot" / "platform").mkdir()
    (tmp_path / "bot" / "platform" / "rules.py").write_text(
        "from bot.platform.presentation import Message\nfrom engine.api import Game\n"
    )
    (tmp_path / "bot" / "platform" / "controller.py").write_text(
        "import discord\nfrom bot.ui.delivery import respond\n"  # the presentation side may
    )
    (tmp_path / "bot" / "ui").mkdir()
    (tmp_path / "bot" / "ui" / "flow.py").write_text("from bot.games.alpha.presenter import P\n")
    (tmp_path / "bot" / "web").mkdir()
    (tmp_path / "bot" / "web" / "frames_alpha.py").write_text("from bot.games.alpha import x\n")
    (tmp_path / "bot" / "web" / "frames.py").write_text("import bot.games\n")
    rules = sorted(v.rsplit(" ", 1)[1] for v in _rules_side_violations(tmp_path))
    assert rules == ["bot.platform.presentation", "bot.ui.flow", "discord"]
    up = sorted(v.rsplit(" ", 1)[1] for v in _imports_up_into_games(tmp_path))
    assert up == ["bot.games", "bot.games.alpha.presenter", "bot.games.registry"]


def _global_random_uses(path: Path) -> Iterator[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    aliases = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
        if alias.name == "random"
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "random" and node.level == 0:
            for alias in node.names:
                if alias.name not in ENGINE_ALLOWED_RANDOM:
                    yield f"{_where(path, node.lineno)} imports random.{alias.name}"
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and node.attr not in ENGINE_ALLOWED_RANDOM
        ):
            yield f"{_where(path, node.lineno)} uses random.{node.attr}"


def test_engine_never_uses_the_global_random_generator() -> None:
    """Determinism (rule C-11): randomness comes from a passed-in random.Random."""
    wrong = [use for path in _modules("engine") for use in _global_random_uses(path)]
    assert wrong == []


def test_the_checks_catch_violations(tmp_path: Path) -> None:
    """The checkers must fail on a tree that breaks every rule, or they prove nothing."""
    (tmp_path / "engine" / "ai").mkdir(parents=True)
    (tmp_path / "engine" / "ai" / "bad.py").write_text(
        "import random as rnd\n"
        "import discord\n"
        "import asyncio\n"
        "from random import shuffle\n"
        "from ...bot import config\n"
        "from .. import cards\n"
        "rnd.shuffle([1])\n"
        "gen = rnd.Random(7)\n"
    )
    (tmp_path / "storage").mkdir()
    (tmp_path / "storage" / "bad.py").write_text("from bot.runtime.config import Settings\n")
    (tmp_path / "bot").mkdir()
    (tmp_path / "bot" / "bad.py").write_text("import cogs.lobby\nfrom storage import games\n")

    assert len(_direction_violations("engine", tmp_path)) == 1  # the relative import of bot
    assert len(_direction_violations("storage", tmp_path)) == 1
    assert [v.split(" imports ")[1] for v in _direction_violations("bot", tmp_path)] == [
        "cogs.lobby"
    ]
    flagged = {v.split(" imports ")[1] for v in _non_stdlib_engine_imports(tmp_path)}
    assert {"discord", "asyncio"} <= flagged
    assert "engine.cards" not in flagged
    # games: one imports another, the platform imports a game, a back door on the client
    for game in ("alpha", "beta"):
        (tmp_path / "engine" / game).mkdir()
        (tmp_path / "engine" / game / "__init__.py").write_text("")
    (tmp_path / "engine" / "alpha" / "rules.py").write_text(
        "from engine.beta import cards\nfrom engine.api import Refused\n"
        "from engine.alpha import x\n"
    )
    (tmp_path / "bot" / "service.py").write_text("from engine.alpha import rules\n")
    (tmp_path / "bot" / "games" / "alpha").mkdir(parents=True)
    (tmp_path / "bot" / "games" / "alpha" / "view.py").write_text(
        "from engine.alpha import rules\nfrom bot.games.beta import menus\n"
        "def f(interaction): return interaction.client.alpha_controller\n"
    )
    (tmp_path / "cogs" / "alpha.py").parent.mkdir(exist_ok=True)
    (tmp_path / "cogs" / "alpha.py").write_text("async def setup(bot):\n    bot.ctl = 1\n")
    (tmp_path / "bot" / "web").mkdir()  # a game's live-table frames: its own game only
    (tmp_path / "bot" / "web" / "frames_alpha.py").write_text(
        "from engine.alpha import rules\nfrom bot.games.beta import menus\n"
    )
    games = sorted(v.rsplit(" ", 1)[1] for v in _game_violations(tmp_path))
    assert games == ["bot.games.beta", "bot.games.beta", "engine.alpha", "engine.beta"]
    doors = [v.rsplit(" ", 1)[1] for v in _back_doors(tmp_path)]
    assert sorted(doors) == [".ctl", "client.alpha_controller"]
    random_uses = list(_global_random_uses(tmp_path / "engine" / "ai" / "bad.py"))
    assert sorted(use.rsplit(" ", 1)[1] for use in random_uses) == [
        "random.shuffle",
        "random.shuffle",
    ]


RULES_ONLY = """
import runpy, sys
from bot.platform.registry import all_rules
all_rules()  # every game's package and rules of the table
sys.argv = ["bot", "--help"]
try:
    runpy.run_module("bot", run_name="__main__")  # every subcommand's parser
except SystemExit:
    pass
print(" ".join(sorted({"discord", "PIL", "aiohttp"} & sys.modules.keys())))
"""


def test_the_rules_and_the_command_line_load_without_discord_or_pictures() -> None:
    """A game's package registers its presentation by name, imported at its first use: every
    game's rules, `--help`, `health` and the terminal games start without discord.py and
    Pillow (half a second less for each command, every health check)."""
    ran = subprocess.run(
        [sys.executable, "-c", RULES_ONLY],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert ran.stdout.splitlines()[-1] == ""
