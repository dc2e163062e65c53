"""The product's name: `tabletop-bot`, with `loveletter-bot` still working as a command."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import metadata
from pathlib import Path

import pytest


@pytest.mark.parametrize("script", ["tabletop-bot", "loveletter-bot"])
def test_each_console_script_runs_the_cli(script: str, tmp_path: Path) -> None:
    path = Path(sys.executable).parent / script
    assert path.exists(), f"{path} is missing: run pip install -e . again"
    result = subprocess.run(
        [str(path), "--help"],
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "usage:" in result.stdout
    assert "db" in result.stdout and "play" in result.stdout


def test_the_package_says_what_it_hosts() -> None:
    about = metadata("tabletop-bot")
    assert "Love Letter" in about["Summary"]
    assert "The Hobbit Adventure Boardgame" in about["Summary"]
