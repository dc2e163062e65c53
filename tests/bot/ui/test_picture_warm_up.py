"""What a bot's start warms (bot/ui/pictures.start): with a drawing worker process, the bot's
own process draws only what its hand pictures paste (the Love Letter card faces), the tables'
pieces being the worker's to warm; drawing in its own thread, it warms everything. Each start
runs in a fresh process, so no earlier test's pictures sit in the caches."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[3]
START = """
import asyncio, json, sys
from bot.games.adventure.pictures.background import background
from bot.games.loveletter.pictures import faces
from bot.ui import pictures
pictures.start({mode!r}).result()
asyncio.run(pictures.stop())
print(json.dumps({{
    "faces": faces._face.cache_info().currsize,
    "small faces": faces._small.cache_info().currsize,
    "backs": faces.back.cache_info().currsize,
    "boards": background.cache_info().currsize,
    "presentations": sorted(m for m in sys.modules if m.endswith(".presenter")),
    "from tables": sorted(m for m in sys.modules if m.endswith(".pictures.from_table")),
}}))
"""


def warmed(mode: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", START.format(mode=mode)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    counts: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return counts


@pytest.mark.parametrize("mode", ["process", "thread"])
def test_the_bots_process_warms_what_it_draws_itself(mode: str) -> None:
    """Each game's `warm pictures` tool, not its presentation (which imports discord.py: the
    drawing worker process warms so, importing no discord.py)."""
    counts = warmed(mode)
    assert counts.pop("presentations") == []
    # what a table picture is unpickled with is loaded when its tables are warmed, not at the
    # worker's first picture (which then held up every picture behind it)
    from_tables = counts.pop("from tables")
    loaded = ["bot.games.adventure.pictures.from_table", "bot.games.loveletter.pictures.from_table"]
    assert from_tables == ([] if mode == "process" else loaded)
    assert counts["faces"] >= 3 * 8  # every edition's cards, for the hands
    tables = {"small faces": counts["small faces"], "backs": counts["backs"]}
    tables["boards"] = counts["boards"]
    if mode == "process":
        assert tables == {"small faces": 0, "backs": 0, "boards": 0}
    else:
        assert tables["small faces"] == counts["faces"] and tables["backs"] == 3
        assert tables["boards"] == 3  # the board of 2, 3 and 4 hobbits
