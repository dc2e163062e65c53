"""The README and `--help` promise only what the repository has (issue 14): every slash command
with its line, the first steps in order, a Troubleshooting section, and format docs that exist."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from cogs.adventure import ADVENTURE
from cogs.loveletter import LOVELETTER, usages

REPO_ROOT = Path(__file__).resolve().parents[1]
README = (REPO_ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_lists_every_slash_command_with_one_line() -> None:
    lines = README.splitlines()
    for usage, description in usages(LOVELETTER):
        (line,) = [x for x in lines if x.startswith(f"- `{usage}` — ")]
        assert description in line
    assert len(usages(LOVELETTER)) == len(LOVELETTER.commands) >= 16
    for usage, description in usages(ADVENTURE):
        (line,) = [x for x in lines if x.startswith(f"- `{usage}` — ")]
        assert description in line
    assert len(usages(ADVENTURE)) == len(ADVENTURE.commands) == 13


def test_the_settings_file_is_copied_before_the_first_command() -> None:
    quick = README.split("## Quick start", 1)[1]
    assert quick.index("cp .env.example .env") < quick.index("python -m bot\n")  # `run`
    assert (REPO_ROOT / ".env.example").is_file()


def test_troubleshooting_covers_the_usual_problems() -> None:
    section = README.split("## Troubleshooting", 1)[1].split("\n## ", 1)[0]
    for topic in ("do not show up", "Missing Permissions", "DMs", "network", "database", "Logs"):
        assert topic in section, topic


def test_every_doc_path_named_in_the_readme_and_replay_help_exists() -> None:
    helped = subprocess.run(
        [sys.executable, "-m", "bot", "replay", "--help"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    named = set(re.findall(r"\b(?:docs|rules)/[\w.-]+\.md", README + helped))
    assert {"docs/scenario-format.md", "docs/adventure-scenario-format.md"} <= named
    for path in named:
        assert (REPO_ROOT / path).is_file(), path
