"""Typed throughout (issue 42, item 6): `mypy` (what .ci/run runs) checks every package under
--strict, the bot is passed as the `GameBot` it is rather than `Any`, and the platform's type
ignores each name the error they expect (none silences a whole file or package)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ["bot", "cogs", "engine", "storage"]
BOT_AS_ANY = re.compile(r"\b(bot|client): Any\b")
IGNORE = re.compile(r"#\s*type:\s*ignore(?P<codes>\[[a-z-]+(?:,\s*[a-z-]+)*\])?")


def _sources(*packages: str) -> list[Path]:
    return sorted(p for package in packages for p in (REPO_ROOT / package).rglob("*.py"))


def test_mypy_checks_every_package_strictly() -> None:
    config = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert config["strict"] is True
    assert sorted(config["files"]) == PACKAGES
    assert "ignore_errors" not in config
    assert not [o for o in config.get("overrides", []) if o.get("ignore_errors")]


def test_ci_runs_mypy_with_that_configuration() -> None:
    run = (REPO_ROOT / ".ci" / "run").read_text()
    assert re.search(r"^\.venv/bin/mypy$", run, re.MULTILINE), "mypy without paths: pyproject's"


def test_no_bot_or_client_parameter_is_typed_any() -> None:
    found = [
        f"{path.relative_to(REPO_ROOT)}:{number}"
        for path in _sources("bot", "cogs")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if BOT_AS_ANY.search(line)
    ]
    assert found == []


def test_every_type_ignore_names_its_error_code() -> None:
    bare = [
        f"{path.relative_to(REPO_ROOT)}:{number}"
        for path in _sources(*PACKAGES)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for match in IGNORE.finditer(line)
        if match["codes"] is None
    ]
    assert bare == []


def test_the_checks_catch_violations() -> None:
    assert BOT_AS_ANY.search("def f(bot: Any) -> None:")
    assert not BOT_AS_ANY.search("def f(bot: GameBot) -> None:")
    bare = IGNORE.search("x = 1  # type: ignore")
    assert bare is not None and bare["codes"] is None
    named = IGNORE.search("x = 1  # type: ignore[assignment, misc]")
    assert named is not None and named["codes"] == "[assignment, misc]"
