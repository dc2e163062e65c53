"""Every game folder under bot/games has the same rooms (issue 42, item 4), so a reader who
knows one game's folder finds the other's parts by the same names.

`ROOMED` lists the game folders that already keep to the rooms; it grows as folders are
brought into them (the Adventure's is being moved in its own branch), and a new game's folder
joins it from the start. Nothing is skipped: a listed folder that lacks a room fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[1] / "bot" / "games"
ROOMS = (
    "__init__.py",  # registration with the platform
    "rules.py",  # TableRules: the Discord-free side
    "presenter.py",  # the Presentation
    "models.py",  # read models built from the engine's view
    "decisions.py",  # what a player can decide: the decision reference, choice data
    "items.py",  # DynamicItems
    "controller.py",  # the game's own clicks
    "leaderboard.py",  # the leaderboard's columns, words and page view
    "messages/",  # one module per message kind
    "text/",  # words: event lines, card names, reasons
    "pictures/",  # picture drawing
)
ROOMED = ("loveletter", "adventure")


def _folders() -> list[str]:
    return sorted(p.name for p in GAMES.iterdir() if p.is_dir() and (p / "__init__.py").exists())


def _missing(folder: Path) -> list[str]:
    """The rooms `folder` lacks: a file room must be a file, a folder room a folder."""
    return [
        room
        for room in ROOMS
        if not ((folder / room).is_dir() if room.endswith("/") else (folder / room).is_file())
    ]


@pytest.mark.parametrize("game", ROOMED)
def test_a_game_folder_has_every_room(game: str) -> None:
    assert _missing(GAMES / game) == [], f"bot/games/{game} lacks rooms"


def test_every_listed_game_is_a_game_folder() -> None:
    assert set(ROOMED) <= set(_folders()), _folders()


def test_a_folder_without_a_room_is_found(tmp_path: Path) -> None:
    """The check itself: a folder without decisions.py and text/ (text.py instead) lacks both."""
    (tmp_path / "messages").mkdir()
    (tmp_path / "pictures").mkdir()
    for room in ROOMS:
        if not room.endswith("/") and room != "decisions.py":
            (tmp_path / room).write_text("")
    (tmp_path / "text.py").write_text("")
    assert _missing(tmp_path) == ["decisions.py", "text/"]
