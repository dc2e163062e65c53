"""A game registered by where its parts are ("module:attribute", imported at first use):
a wrong place is refused at `register`, or named with its game at first use, never handed
on as something else (review of the lazy registry)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.platform import registry


@pytest.fixture
def named() -> Iterator[list[str]]:
    """Names of games a test registers, taken out again afterwards."""
    names: list[str] = []
    yield names
    for name in names:
        registry.unregister(name)


@pytest.mark.parametrize("spec", ["bot.games.loveletter.rules", "no spaces: here", ":RULES"])
def test_a_place_not_module_colon_attribute_is_refused_at_once(spec: str, named: list[str]) -> None:
    with pytest.raises(ValueError, match="'module:attribute'"):
        registry.register(spec, "tests.x:Y", name="broken")
    assert "broken" not in registry.entries()


def test_a_module_that_is_not_there_is_named_with_its_game(named: list[str]) -> None:
    named.append("broken")
    registry.register("tests.no_such_module:RULES", "tests.x:Y", name="broken")
    with pytest.raises(LookupError, match="game 'broken': cannot import 'tests.no_such_module"):
        registry.table_rules("broken")


def test_another_games_rules_are_not_taken_for_its_own(named: list[str]) -> None:
    named.append("broken")
    registry.register("bot.games.loveletter.rules:RULES", "tests.x:Y", name="broken")
    with pytest.raises(LookupError, match="are not its rules of the table"):
        registry.table_rules("broken")


def test_rules_registered_by_place_are_imported_once_and_kept() -> None:
    first = registry.table_rules("loveletter")
    assert first.game.name == "loveletter"
    assert registry.table_rules("loveletter") is first
