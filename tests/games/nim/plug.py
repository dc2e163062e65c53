"""Nim plugged in from the tests alone: the engine registry, the platform registry (with its
catalogue and its terminal tools) and nothing else; `uninstall` takes it out again, so the
other games' tests never see it."""

from __future__ import annotations

import engine.api
from bot.platform import registry
from tests.games.nim.engine import GAME

FOLDER = "tests/games/nim/"
TEXTS = registry.Texts("nim", (FOLDER,))
TOOLS = {
    "play": "tests.games.nim.terminal:start",
    "play check": "tests.games.nim.terminal:problem",
}


def install() -> None:
    from tests.games.nim.presenter import PRESENTATION
    from tests.games.nim.rules import RULES

    engine.api.register(GAME)
    registry.register(RULES, PRESENTATION, texts=TEXTS, tools=TOOLS)


def uninstall() -> None:
    registry.unregister(GAME.name)
    engine.api.unregister(GAME.name)
