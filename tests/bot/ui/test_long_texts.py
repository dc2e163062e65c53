"""Help and rules texts reach Discord whole, in pieces Discord takes (issue 41): the German
Pegasus rules are 2,117 characters, over a message's 2,000. Every help and rules text of both
games (every edition, every card, every topic, every card's help, the help) in every language
is cut into pieces that fit, that join to the whole text, and that end where a line ends, so
no rule is cut in two."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.games.adventure.text.cardlookup import card_answer
from bot.games.adventure.text.rulebook import TEMPLATES, rules_text
from bot.games.loveletter.messages.rules import card_rule, rules_summary
from bot.i18n import ENGLISH, GERMAN, PSEUDO, force_locale, use_locale
from bot.ui.long_text import MESSAGE_CONTENT, pieces
from cogs.loveletter import LOVELETTER, help_text
from engine.adventure.cards import CARDS
from engine.loveletter.editions import EDITIONS


def help_and_rules() -> Iterator[tuple[str, str]]:
    """(what, text) for every help and rules text a reader can ask for, as the commands
    write them: Love Letter's help, each edition's rules (`/loveletter rules`, the Rules
    button) and each card's; the Adventure's overview, each topic, each card's help and a
    topic with a card under it (`/adventure rules topic: card:`, the longest of each)."""
    yield "/loveletter help", help_text(LOVELETTER)
    for edition in EDITIONS.values():
        yield f"{edition.id} rules", rules_summary(edition.id)
        for card in edition.by_id:
            yield f"{edition.id} {card}", card_rule(edition.id, card)
    topics = [rules_text(None)] + [rules_text(key) for key in TEMPLATES]
    yield from ((f"adventure topic {i}", text) for i, text in enumerate(topics))
    cards = [card_answer(f"{deck}:{card}") for deck, card in CARDS]
    yield from ((f"adventure card {i}", text) for i, text in enumerate(cards))
    yield "adventure topic and card", "\n\n".join([max(topics, key=len), max(cards, key=len)])


@pytest.mark.parametrize("locale", [ENGLISH, GERMAN, PSEUDO])
def test_every_help_and_rules_text_reaches_discord_whole(locale: str) -> None:
    with force_locale(locale), use_locale(locale):
        texts = list(help_and_rules())
    assert len(texts) > 150
    problems = []
    for what, text in texts:
        parts = pieces(text)
        if "".join(parts) != text:
            problems.append(f"{what}: something lost")
        problems += [f"{what}: a piece of {len(p)}" for p in parts if len(p) > MESSAGE_CONTENT]
        problems += [f"{what}: cut inside a line" for p in parts[:-1] if not p.endswith("\n")]
    assert problems == []
    if locale == GERMAN:  # the one that made Discord refuse the Rules button
        german = dict(texts)["pegasus rules"]
        assert len(german) > MESSAGE_CONTENT and len(pieces(german)) == 2


def test_a_text_that_fits_is_one_piece() -> None:
    assert pieces("") == [""]
    assert pieces("x" * MESSAGE_CONTENT) == ["x" * MESSAGE_CONTENT]


def test_a_cut_falls_after_a_paragraph_then_a_line_then_a_sentence_then_a_word() -> None:
    paragraphs = "aaaa aaaa\n\nbb\ncc"
    assert pieces(paragraphs, 14) == ["aaaa aaaa\n\n", "bb\ncc"]
    # A paragraph early in the piece would waste it: the last line end is taken instead.
    assert pieces("a\n\nbbbbbbb\ncccc", 12) == ["a\n\nbbbbbbb\n", "cccc"]
    assert pieces("One rule. Two rules. Three", 22) == ["One rule. Two rules. ", "Three"]
    assert pieces("words without any end", 10) == ["words ", "without ", "any end"]
    assert pieces("x" * 25, 10) == ["x" * 10, "x" * 10, "x" * 5]  # one word: cut inside it


@pytest.mark.parametrize("limit", [1, 2, 3, 7, 50])
def test_pieces_of_any_limit_fit_and_join_to_the_text(limit: int) -> None:
    text = "**Ann** — 3 hearts.\n\nBob: ×2, line.\nA very-long-word-indeed here\n\n\nend "
    parts = pieces(text, limit)
    assert "".join(parts) == text
    assert all(0 < len(p) <= limit for p in parts)
