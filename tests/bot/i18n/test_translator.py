"""The command translator: German from the `commands` catalogue by kind of string, None (Discord
shows the English) for English, any other locale, an unknown string, or a name Discord refuses."""

from __future__ import annotations

import gettext

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import force_locale, use_locale
from bot.i18n import shown as module  # where the catalogue is read
from bot.i18n.pseudo import plain_words
from bot.i18n.translator import CommandTranslator, shown_command, translated


async def translate(text: str, locale: discord.Locale, where: Where) -> str | None:
    context = TranslationContext(location=where, data=None)
    return await CommandTranslator().translate(app_commands.locale_str(text), locale, context)


async def test_german_names_descriptions_options_and_choices() -> None:
    german = discord.Locale.german
    assert await translate("join", german, Where.command_name) == "beitreten"
    assert await translate("adventure", german, Where.group_name) == "abenteuer"
    assert (
        await translate("Leave this channel's lobby", german, Where.command_description)
        == "Verlasse die Lobby dieses Kanals"
    )
    assert await translate("tally", german, Where.parameter_name) == "wertung"
    assert (
        await translate("The card to play", german, Where.parameter_description)
        == "Die Karte, die du ausspielst"
    )
    assert await translate("riddles", german, Where.choice_name) == "Rätsel"


@pytest.mark.parametrize(
    "locale",
    [discord.Locale.american_english, discord.Locale.british_english, discord.Locale.french],
)
async def test_english_and_other_locales_get_none_so_discord_shows_english(
    locale: discord.Locale,
) -> None:
    assert await translate("join", locale, Where.command_name) is None
    assert await translate("riddles", locale, Where.choice_name) is None


async def test_an_unknown_string_or_place_gets_none() -> None:
    german = discord.Locale.german
    assert await translate("no-such-command", german, Where.command_name) is None
    assert await translate("join", german, Where.other) is None
    # The same word as another kind of string: "card" is an option's name, not a command's.
    assert await translate("card", german, Where.command_name) is None
    assert await translate("card", german, Where.parameter_name) == "karte"


def test_a_translated_name_discord_would_refuse_is_left_out(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    class Broken(gettext.NullTranslations):
        def pgettext(self, context: str, message: str) -> str:
            return {"join": "Bei treten", "Join": "x" * 101}.get(message, message)

    monkeypatch.setattr(module, "translations", lambda locale: Broken())
    assert translated("join", module.COMMAND_NAME, "de") is None
    assert translated("Join", module.CHOICE_NAME, "de") is None
    assert "is not one Discord takes" in caplog.text


def test_a_command_named_in_a_text_is_the_one_the_reader_sees() -> None:
    assert shown_command("loveletter join") == "loveletter join"
    with use_locale("de"):
        assert shown_command("loveletter join") == "loveletter beitreten"
        assert shown_command("adventure pack") == "abenteuer rucksack"
    with use_locale(discord.Locale.french):
        assert shown_command("adventure pack") == "adventure pack"
    with force_locale("pseudo"), use_locale("de"):
        assert plain_words(f"/{shown_command('adventure pack')}") == []
