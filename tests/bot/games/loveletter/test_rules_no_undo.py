"""Love Letter has no decision to take back (issue 45, the bounded undo): every play shows its
card to the table and the next turn begins with a card drawn. `/loveletter rules` says so, in
every edition and in German too."""

from __future__ import annotations

import pytest

from bot.games.loveletter.messages.rules import rules_summary
from bot.i18n import use_locale
from engine.loveletter.editions import EDITIONS


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_the_rules_say_no_play_can_be_taken_back(edition: str) -> None:
    assert "No play can be taken back" in rules_summary(edition)
    with use_locale("de"):
        german = rules_summary(edition)
    assert "Kein Zug lässt sich zurücknehmen" in german and "taken back" not in german
