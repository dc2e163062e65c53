"""Whole games of both games in Discord under the pseudo-locale (issue 36): every message any
player saw (the public table, lobby, hands and packs, answers to clicks, DMs; their text,
buttons, menus and pictures' alt text) went through the catalogues, so no plain English word
is left anywhere. A sentence written around `_`, or a value filled in untranslated, shows up
here as plain ASCII among the accented pseudo-text."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import pytest

from bot.i18n import force_locale
from bot.i18n.pseudo import plain_words
from tests.cogs.adventure.driver import open_adventure
from tests.cogs.adventure.driver import play_to_end as play_adventure_to_end
from tests.cogs.driver import Game, flat, open_game, play_to_end

# Player names, the games' own names, and Discord markup words that are not sentences.
ALLOWED = frozenset(
    {"ann", "bob", "cid", "dee", "eve", "fay", "gus", "hal", "Love", "Letter", "Hobbit"}
)


def menu_words(rows: Iterable[dict[str, Any]]) -> list[str]:
    """What menus say (placeholders, options and their descriptions): not in message_text."""
    out = []
    for c in flat(list(rows)):
        if c.get("type") == 3:
            out.append(c.get("placeholder") or "")
            for o in c.get("options", []):
                out += [o.get("label") or "", o.get("description") or ""]
    return out


def untranslated(texts: Iterable[str], names: Iterable[str] = ()) -> dict[str, list[str]]:
    allowed = ALLOWED | {word for name in names for word in name.split()}
    found = {}
    for text in texts:
        words = plain_words(text, allowed)
        if words:
            found[text[:160]] = words
    return found


class ReadingGame(Game):
    """A Love Letter game whose every version of every message is kept for reading."""

    read: set[str]

    def check_texts(
        self, member: Any, fresh: list[tuple[Any, str]], *rest: Any, **named: Any
    ) -> None:
        self.read.update(text for _, text in fresh)  # each text once, as it is first read
        super().check_texts(member, fresh, *rest, **named)


@pytest.mark.parametrize(("edition", "players"), [("pegasus", 4), ("hobbit", 2), ("l5r", 3)])
async def test_a_whole_love_letter_game_reads_through_the_catalogues(
    simcord_env, monkeypatch, edition: str, players: int
) -> None:
    monkeypatch.setattr("tests.cogs.driver.Game", ReadingGame)
    with force_locale("pseudo"):
        await simcord_env.restart_bot()  # its timers' tasks start in here, in the locale
        g = await open_game(simcord_env, edition, players, seed=11)
        g.__class__ = ReadingGame
        g.read = set()
        await play_to_end(g)
        game = await simcord_env.bot.storage.get_game(g.game_id)
    assert game.status == "finished"
    assert g.leaks == []
    read = g.read | set(menu_words(r for c in g.components for r in c["rows"]))
    assert len(read) > 50
    assert untranslated(read) == {}


@pytest.mark.parametrize("seed", [2, 5])
async def test_a_whole_adventure_game_reads_through_the_catalogues(simcord_env, seed) -> None:
    with force_locale("pseudo"):
        await simcord_env.restart_bot()
        g = await open_adventure(simcord_env, humans=2, bots=1, seed=seed)
        g.rng = random.Random(seed)
        await play_adventure_to_end(g)
        game = await simcord_env.bot.storage.get_game(g.game_id)
    assert g.leaks == []
    read = set(g.texts) | set(menu_words(r for rows in g.rows for r in rows))
    assert len(read) > 50
    # The AI hobbit's Shire name ("Rosie Cotton") is a name, as the players' are.
    assert untranslated(read, (seat.display_name for seat in game.seats)) == {}
