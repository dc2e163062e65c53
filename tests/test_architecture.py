"""The import direction of ARCHITECTURE.md, checked by reading every module's imports.

engine imports nothing of ours and only the standard library (no asyncio, I/O or clock, no
global random); storage may import engine; bot imports engine and storage; cogs import bot
and engine. Nothing imports cogs (discord.py loads them by name as extensions).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
OUR_PACKAGES = ("engine", "storage", "bot", "cogs")
MAY_IMPORT = {
    "engine": {"engine"},
    "storage": {"engine", "storage"},
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
    (tmp_path / "storage" / "bad.py").write_text("from bot.config import Settings\n")
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
    random_uses = list(_global_random_uses(tmp_path / "engine" / "ai" / "bad.py"))
    assert sorted(use.rsplit(" ", 1)[1] for use in random_uses) == [
        "random.shuffle",
        "random.shuffle",
    ]
