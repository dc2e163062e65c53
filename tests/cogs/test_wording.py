"""A game's `wording` of the shared commands (cogs/wording.py) is checked when its cog class is
declared: a misspelt command or option, or a choice option left without choices, would
otherwise reach Discord as the declared English or as an option nobody can fill in."""

from __future__ import annotations

import pytest
from discord import app_commands

from cogs.base import GameCog
from cogs.wording import Option

LEVELS = [app_commands.Choice(name="easy", value="easy")]
TALLIES = [app_commands.Choice(name="wins", value="wins")]


def test_a_game_words_the_shared_commands_and_offers_its_options() -> None:
    class Nim(GameCog, group_name="nim", group_description="Play Nim"):
        game = "nim"
        wording = {
            "new": "Open a Nim lobby",
            "addbot level": Option(choices=LEVELS),
            "leaderboard tally": Option("What wins", TALLIES),
            "rules card": Option(length=(1, 20)),
        }

    group = Nim.declared()
    commands = {c.name: c for c in group.commands}
    assert group.name == "nim" and set(GameCog.SHARED) <= set(commands)
    new = commands["new"]
    assert new.description == "Open a Nim lobby"
    assert [p.name for p in new.parameters] == ["timer"]  # edition, setting: not offered
    assert [c.value for c in commands["addbot"].parameters[0].choices] == ["easy"]
    tally, season = commands["leaderboard"].parameters  # no edition; every game has seasons
    assert season.name == "season"
    assert (tally.description, tally.name) == ("What wins", "tally")
    (card,) = commands["rules"].parameters  # no topic
    assert (card.min_value, card.max_value) == (1, 20)  # a text's length, at Discord
    # The declared commands stay as declared for the next game.
    assert [p.name for p in GameCog.new.parameters] == ["edition", "setting", "timer"]


def test_a_misspelt_wording_is_refused_when_the_cog_is_declared() -> None:
    with pytest.raises(TypeError, match="kick bots"):

        class Typo(GameCog, group_name="typo"):
            wording = {"addbot level": Option(choices=LEVELS), "kick bots": "An AI"}


def test_a_choice_option_without_choices_is_refused() -> None:
    with pytest.raises(TypeError, match="/addbot level"):

        class Silent(GameCog, group_name="silent"):
            wording = {"leaderboard tally": Option(choices=TALLIES)}
