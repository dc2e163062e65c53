"""The CLI: help for every registered subcommand, and `run` without a Discord token."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from bot import cli

REPO_ROOT = Path(__file__).resolve().parents[3]


def _bot_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO_ROOT)}


def _run_bot(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env=_bot_env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_top_level_help_lists_every_subcommand(tmp_path: Path) -> None:
    result = _run_bot(["--help"], tmp_path)
    assert result.returncode == 0
    assert "usage: python -m bot" in result.stdout
    for name in cli.subcommand_names():
        assert name in result.stdout


@pytest.mark.parametrize("name", cli.subcommand_names())
def test_every_subcommand_has_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main([name, "--help"])
    assert exited.value.code == 0
    assert f"usage: python -m bot {name}" in capsys.readouterr().out


def test_each_listed_module_registers_the_subcommand_it_is_listed_under() -> None:
    """`main` builds the parser of the named subcommand alone from `SUBCOMMANDS`: the whole
    parser has them all, in that order, and each one's parser that one only."""
    assert cli.subcommand_names() == list(cli.SUBCOMMANDS)
    for name in cli.SUBCOMMANDS:
        assert cli.subcommand_names(cli.build_parser(name)) == [name]


def test_a_command_imports_no_other_subcommand_module() -> None:
    """`python -m bot health` (a Docker health check every 30 s) does not import `play`'s
    module, nor the games' rules that `play` and `simulate` list their games from; and
    `play --help`, which lists them, imports the games' registrations only: no game's rules,
    no engine, no storage (about half of such a start's CPU)."""
    probe = (
        "import json, sys, contextlib, io\n"
        "from bot.cli import main\n"
        "def loaded(*prefixes):\n"
        "    return sorted(m for m in sys.modules if m.startswith(prefixes))\n"
        "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['health', '--help'])\n"
        "health = loaded('bot.cli.', 'bot.games', 'engine')\n"
        "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['play', '--help'])\n"
        "print(json.dumps([health, loaded('bot.games', 'engine', 'storage', 'discord')]))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        env=_bot_env(),
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    health, play = json.loads(result.stdout)
    assert health == ["bot.cli.health"], result.stdout
    assert play == ["bot.games", "bot.games.adventure", "bot.games.loveletter"], result.stdout


def test_unknown_subcommand_is_rejected(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(["no-such-command"])
    assert exited.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_console_script_reaches_the_same_main() -> None:
    scripts = {ep.name: ep.value for ep in entry_points(group="console_scripts")}
    assert scripts.get("tabletop-bot") == "bot.cli:main"
    assert scripts.get("loveletter-bot") == "bot.cli:main"  # the name before the rename


@pytest.mark.parametrize("args", [[], ["run"]])
def test_missing_token_without_terminal_exits_2_with_one_line(
    args: list[str], tmp_path: Path
) -> None:
    result = _run_bot(args, tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert "DISCORD_TOKEN" in lines[0]
    assert ".env" in lines[0]


def _run_in_terminal(args: list[str], cwd: Path, typed: bytes) -> tuple[int, str]:
    """Run `python -m bot` attached to a pseudo-terminal, type `typed`, return status and output."""
    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env=_bot_env(),
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
    )
    os.close(terminal)
    os.write(controller, typed)
    output = b""
    deadline = time.monotonic() + 60
    while (remaining := deadline - time.monotonic()) > 0:
        if not select.select([controller], [], [], remaining)[0]:
            break
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # the terminal closed: the process has exited
            break
        if not chunk:
            break
        output += chunk
    os.close(controller)
    return process.wait(timeout=60), output.decode(errors="replace")


def test_missing_token_in_a_terminal_explains_and_offers_play_only_if_it_exists(
    tmp_path: Path,
) -> None:
    status, output = _run_in_terminal([], tmp_path, typed=b"n\n")
    assert status == 2
    assert "No Discord token is set" in output
    assert "DISCORD_TOKEN" in output
    assert "Traceback" not in output
    offers_play = "python -m bot play" in output
    assert offers_play == ("play" in cli.subcommand_names())
