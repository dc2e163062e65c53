"""The rules and the help reach every reader whole through Discord (issue 41): the Pegasus
Rules button answered a German reader with an apology (its 2,117 characters were refused) and
`/loveletter rules` cut the same text inside the Assassin's rule. Now a text over a message's
2,000 characters comes in several ephemeral messages (SimCord refuses a longer one, as Discord
does), which together say the whole text, for every edition and topic, in every language."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bot.games.adventure.text.rulebook import TEMPLATES, rules_text
from bot.games.loveletter.messages.rules import rules_summary
from bot.i18n import ENGLISH, GERMAN, PSEUDO, force_locale, use_locale
from cogs.loveletter import LOVELETTER, help_text
from engine.loveletter.editions import EDITIONS
from tests.cogs.adventure.driver import open_adventure
from tests.cogs.driver import button, open_game
from tests.cogs.locales import client_locales
from tests.cogs.loveletter.test_german_loveletter import Everyone


def said(res: Any) -> list[str]:
    """Every message an answer took (the answer, then its followups), all only for the
    clicker."""
    messages = [res.response, *res.followups]
    assert all(m.ephemeral for m in messages)
    return [m.content for m in messages]


@contextmanager
def readers(monkeypatch: pytest.MonkeyPatch, locale: str) -> Iterator[None]:
    """Every client in `locale` (the pseudo-locale: every text written in it)."""
    if locale == PSEUDO:
        with force_locale(PSEUDO):
            yield
    else:
        with client_locales(monkeypatch, Everyone(locale)):
            yield


def written(locale: str, text: Any, *args: Any) -> str:
    """`text(*args)` as a reader of `locale` reads it."""
    with force_locale(locale), use_locale(locale):
        return str(text(*args))


@pytest.mark.parametrize("locale", [ENGLISH, GERMAN, PSEUDO])
async def test_each_editions_rules_and_the_help_reach_the_reader_whole(
    simcord_env, monkeypatch: pytest.MonkeyPatch, locale: str
) -> None:
    with readers(monkeypatch, locale):
        for seed, edition in enumerate(EDITIONS):
            g = await open_game(simcord_env, edition, 2, seed=seed)
            ann = g.members[0]
            whole = written(locale, rules_summary, edition)
            clicked = await ann.click(g.table(), custom_id=button(g.table(), "ll:rules:"))
            asked = await ann.slash(g.channel, "loveletter rules")
            assert "".join(said(clicked)) == whole, edition
            assert "".join(said(asked)) == whole, edition
        helped = await ann.slash(g.channel, "loveletter help")
    assert "".join(said(helped)) == written(locale, help_text, LOVELETTER)
    if locale == GERMAN:  # the text Discord refused: now two messages
        assert len(said(clicked)) == len(said(asked)) == 2


@pytest.mark.parametrize("locale", [ENGLISH, GERMAN, PSEUDO])
async def test_every_adventure_topic_reaches_the_reader_whole(
    simcord_env, monkeypatch: pytest.MonkeyPatch, locale: str
) -> None:
    with readers(monkeypatch, locale):
        g = await open_adventure(simcord_env, humans=2, bots=0, seed=3)
        ann = g.members[0]
        overview = written(locale, rules_text, None)
        clicked = await ann.click(g.table(), custom_id=f"adv:rules:{g.game_id}")
        assert "".join(said(clicked)) == overview
        assert "".join(said(await ann.slash(g.channel, "adventure rules"))) == overview
        for topic in TEMPLATES:
            res = await ann.slash(g.channel, "adventure rules", topic=topic)
            assert "".join(said(res)) == written(locale, rules_text, topic), topic
