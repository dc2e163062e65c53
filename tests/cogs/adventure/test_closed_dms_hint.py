"""The hint a player with closed DMs reads names that game's own button and slash command, and
the command exists in that game's cog, in English and in German (the bug: the Adventure hint
named `/adventure hand`, which does not exist; it is `/adventure pack`)."""

from __future__ import annotations

import re

import pytest
from discord import app_commands

from bot.i18n import use_locale
from bot.i18n.commands import command_tree
from bot.i18n.shown import shown_paths
from bot.platform.presentation import presentations

PATH = re.compile(r"`/([\w-]+) ([\w-]+)`")


def _commands_by_locale() -> dict[str, set[tuple[str, str]]]:
    """(group, subcommand) pairs as a reader of each locale types them."""
    pairs = [
        (group.name, sub.name)
        for group in command_tree().tree.get_commands()
        if isinstance(group, app_commands.Group)
        for sub in group.commands
    ]
    out = {}
    for locale in ("en", "de"):
        with use_locale(locale):
            shown = (shown_paths(f"`/{g} {s}`") for g, s in pairs)
            out[locale] = {m.groups() for text in shown if (m := PATH.fullmatch(text))}
    return out


@pytest.fixture(scope="module")
def typed() -> dict[str, set[tuple[str, str]]]:
    return _commands_by_locale()


@pytest.mark.parametrize("locale", ["en", "de"])
@pytest.mark.parametrize("game", sorted(presentations()))
def test_the_closed_dms_hint_names_a_command_of_its_game(
    game: str, locale: str, typed: dict[str, set[tuple[str, str]]]
) -> None:
    shown = presentations()[game]
    with use_locale(locale):
        text = shown_paths(shown.closed_dms_text())
        group = shown_paths(f"`/{shown.command} x`")
    named = PATH.findall(text)
    assert named, text
    for pair in named:
        assert pair in typed[locale], f"{text!r} names /{' '.join(pair)}, which does not exist"
        assert pair[0] == PATH.fullmatch(group).group(1)  # type: ignore[union-attr]


def test_the_adventure_hint_says_pack_not_hand() -> None:
    shown = presentations()["adventure"]
    with use_locale("en"):
        assert "`/adventure pack`" in shown.closed_dms_text()
        assert "hand" not in shown.closed_dms_text()
    with use_locale("de"):
        german = shown_paths(shown.closed_dms_text())
    assert "`/abenteuer rucksack`" in german and "Rucksack" in german
