"""The README's Architecture section draws the tree as it is (issue 42): every folder and file
its tree names exists, every package under bot/ is named, and every module it names in prose
(`bot.platform.registry`, ...) imports."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
README = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
SECTION = README.split("\n## Architecture", 1)[1].split("\n## ", 1)[0]
TREE = SECTION.split("```", 2)[1]
NAME = re.compile(r"^[\w.-]+/?(?:[\w.-]+/?)*$")


def _named_paths() -> list[Path]:
    """The paths the tree's first column names: top level at no indent, inside the last top
    level folder at two spaces (`cli/  bench/` names two)."""
    paths: list[Path] = []
    top = Path()
    for line in TREE.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        if indent not in (0, 2) or not line.strip():
            continue
        names = [n for n in line.strip().split("  ")[:3] if n and NAME.match(n.strip())]
        for name in (n.strip() for n in names):
            if indent == 0:
                top = Path(name)
                paths.append(top)
            else:
                paths.append(top / name)
            if not name.endswith(("/", ".py")):
                break
    return paths


def test_every_path_the_tree_names_exists() -> None:
    missing = [str(p) for p in _named_paths() if not (REPO_ROOT / p).exists()]
    assert _named_paths() and missing == []


def test_every_package_under_bot_is_in_the_tree() -> None:
    named = {p.as_posix().rstrip("/") for p in _named_paths()}
    packages = {
        f"bot/{p.name}" for p in (REPO_ROOT / "bot").iterdir() if (p / "__init__.py").is_file()
    }
    assert packages - named == set()


def test_every_module_named_in_the_section_imports() -> None:
    modules = set(re.findall(r"`(bot\.[a-z_]+(?:\.[a-z_]+)*)", SECTION))
    assert "bot.platform.registry" in modules
    for name in sorted(modules):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError:  # a function or class of a module: its module imports
            importlib.import_module(name.rsplit(".", 1)[0])
