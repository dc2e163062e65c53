"""The i18n core: which locale a reader gets, how templates are filled, the pseudo-locale."""

from __future__ import annotations

import asyncio
from pathlib import Path

import discord
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.i18n import _, catalogues, current_locale, force_locale, n_, normalise, p_, use_locale
from bot.i18n.pseudo import plain_words, pseudo


@pytest.mark.parametrize(
    ("given_locale", "expected"),
    [
        ("de", "de"),
        ("de-AT", "de"),
        ("de_DE.UTF-8", "de"),
        (discord.Locale.german, "de"),
        ("en-GB", "en"),
        ("fr", "en"),
        ("", "en"),
        (None, "en"),
        ("pseudo", "pseudo"),
    ],
)
def test_normalise_gives_a_locale_with_catalogues_or_english(given_locale, expected):
    assert normalise(given_locale) == expected


def test_english_fills_placeholders():
    assert _("{name} played {card}", name="Ann", card="Guard") == "Ann played Guard"
    assert n_("{n} token", "{n} tokens", 1) == "1 token"
    assert n_("{n} token", "{n} tokens", 3) == "3 tokens"
    assert p_("card", "Guard") == "Guard"


def test_use_locale_is_scoped_and_force_locale_wins():
    assert current_locale() == "en"
    with use_locale("de"):
        assert current_locale() == "de"
        with use_locale("en"):
            assert current_locale() == "en"
        assert current_locale() == "de"
    assert current_locale() == "en"
    with force_locale("pseudo"), use_locale("de"):
        assert current_locale() == "pseudo"


async def test_each_task_keeps_its_own_locale():
    async def reader(locale: str) -> str:
        with use_locale(locale):
            await asyncio.sleep(0)
            return current_locale()

    assert await asyncio.gather(reader("de"), reader("en"), reader("de")) == ["de", "en", "de"]


def test_german_comes_from_the_catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "platform.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "{name} played {card}"\nmsgstr "{card} gespielt von {name}"\n\n'
        'msgid "{n} token"\nmsgid_plural "{n} tokens"\n'
        'msgstr[0] "{n} Marker"\nmsgstr[1] "{n} Marker (viele)"\n\n'
        'msgid "broken {name}"\nmsgstr "kaputt {nom}"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(catalogues, "LOCALE_DIR", tmp_path)
    catalogues.reload()
    try:
        with use_locale("de"):
            assert _("{name} played {card}", name="Ann", card="Zofe") == "Zofe gespielt von Ann"
            assert n_("{n} token", "{n} tokens", 2) == "2 Marker (viele)"
            assert _("Not translated") == "Not translated"
            # A translation whose placeholders do not fit shows the English, not a traceback.
            assert _("broken {name}", name="Ann") == "broken Ann"
    finally:
        catalogues.reload()


def test_pseudo_locale_swaps_letters_but_keeps_placeholders_and_markup():
    text = pseudo("Hello {name}, see <@123> and https://example.com/x {{literal}}")
    assert "{name}" in text and "<@123>" in text and "https://example.com/x" in text
    assert text.format(name="Ann").endswith("{ĺíţéŕáĺ}")
    assert plain_words(text.format(name="Ann")) == ["Ann"]
    assert plain_words(text.format(name="Ann"), frozenset({"Ann"})) == []
    with use_locale("pseudo"):
        assert plain_words(_("{name} played {card}", name="Ann", card="Guard")) == [
            "Ann",
            "Guard",
        ]


@given(st.text(alphabet=st.characters(codec="ascii", exclude_characters="{}"), max_size=60))
def test_pseudo_leaves_no_plain_word(text: str):
    assert plain_words(pseudo(text)) == []


def test_a_mo_compiled_from_another_po_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A `.mo` is read only if compiled from the `.po` beside it, whatever the file times say
    (an install compiled it a moment before a merge changed the `.po`)."""
    import os

    from bot.i18n.tool import compile_all

    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = folder / "platform.po"
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
    po.write_text(header + 'msgid "Hand"\nmsgstr "Alte Hand"\n', encoding="utf-8")
    (mo,) = compile_all(["platform"], tmp_path)
    monkeypatch.setattr(catalogues, "LOCALE_DIR", tmp_path)
    catalogues.reload()
    try:
        with use_locale("de"):
            assert _("Hand") == "Alte Hand"
        po.write_text(header + 'msgid "Hand"\nmsgstr "Neue Hand"\n', encoding="utf-8")
        later = po.stat().st_mtime + 60
        os.utime(mo, (later, later))  # the stale .mo looks newer than the .po
        catalogues.reload()
        with use_locale("de"):
            assert _("Hand") == "Neue Hand"
    finally:
        catalogues.reload()
