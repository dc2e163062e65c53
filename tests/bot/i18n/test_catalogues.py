"""Every message the code has is in the German catalogue, and every slash command's German
text is one Discord takes.

Per domain, the template is extracted from the code as `python -m bot i18n extract` does
(bot/i18n/tool.py), so a sentence added to the code without its German fails here by name, as
does a translation that lost or renamed a `{placeholder}` (it would show the English instead).
"""

from __future__ import annotations

import string
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po, write_po
from discord import app_commands

from bot.i18n.catalogues import DOMAINS, LOCALE_DIR, translations
from bot.i18n.commands import command_tree
from bot.i18n.translator import (
    CHOICE_NAME,
    COMMAND_DESCRIPTION,
    COMMAND_NAME,
    OPTION_DESCRIPTION,
    OPTION_NAME,
)
from tests.bot.i18n.templates import SHARED, template

pytestmark = SHARED
GERMAN = "de"


def placeholders(text: str) -> set[str]:
    """The names of `text`'s `{fields}` (`{n:,}` -> `n`)."""
    try:
        fields = {field for _lit, field, _spec, _conv in string.Formatter().parse(text)}
    except ValueError:
        return {f"<not a format string: {text!r}>"}
    return {f.split(".")[0].split("[")[0] for f in fields if f is not None}


def forms(message: Any) -> list[str]:
    """A message's text(s): one, or the singular and plural."""
    value = message.id if message.pluralizable else (message.id,)
    return list(value)


def problems(domain: str, lang: str, folder: Path = LOCALE_DIR) -> list[str]:
    """What is missing or wrong in `lang`'s catalogue of `domain`, one line each."""
    po = folder / lang / "LC_MESSAGES" / f"{domain}.po"
    if not po.is_file():
        return [f"{po} is missing"]
    with po.open("rb") as source:
        translated = read_po(source, locale=lang)
    found = []
    for english in template(domain):  # type: ignore[attr-defined]
        if not english.id:
            continue
        where = f"{english.id!r}" + (f" ({english.context})" if english.context else "")
        german = translated.get(english.id, english.context)
        if german is None:
            found.append(f"{where}: not in {po.name}")
            continue
        texts = list(german.string) if german.pluralizable else [german.string]
        if german.fuzzy or not all(texts) or len(texts) != len(forms(english)):
            found.append(f"{where}: no German yet" + (" (fuzzy)" if german.fuzzy else ""))
            continue
        for source_text, text in zip(forms(english), texts, strict=True):
            if placeholders(text) != placeholders(source_text):
                found.append(f"{where}: placeholders {sorted(placeholders(text))} in {text!r}")
    return found


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_has_its_german_with_the_same_placeholders(domain: str) -> None:
    found = problems(domain, GERMAN)
    assert found == [], f"{len(found)} in {domain}:\n" + "\n".join(found[:40])


def test_a_missing_or_fuzzy_translation_is_named(tmp_path: Path) -> None:
    po = LOCALE_DIR / GERMAN / "LC_MESSAGES" / "commands.po"
    with po.open("rb") as source:
        catalogue = read_po(source, locale=GERMAN)
    catalogue.get("join", COMMAND_NAME).string = ""
    catalogue.get("leave", COMMAND_NAME).flags.add("fuzzy")
    catalogue.delete("start", context=COMMAND_NAME)
    broken = tmp_path / GERMAN / "LC_MESSAGES" / "commands.po"
    broken.parent.mkdir(parents=True)
    with broken.open("wb") as out:
        write_po(out, catalogue)
    assert problems("commands", GERMAN, tmp_path) == [
        "'join' (command name): no German yet",
        "'leave' (command name): no German yet (fuzzy)",
        "'start' (command name): not in commands.po",
    ]


def test_placeholders_are_compared_by_name() -> None:
    assert placeholders("{name} played {card:>3} for {n:,}") == {"name", "card", "n"}
    assert placeholders("{{not a field}} {who.name}") == {"who"}
    assert placeholders("Hallo {name}") != placeholders("Hello {player}")


# --- slash commands: Discord's rules for what it shows a German client ----------------------


def discord_takes_name(name: str) -> bool:
    """`^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`, lowercase (Discord's rule for chat
    command and option names; `isalnum` is Python's letters and numbers)."""
    return (
        1 <= len(name) <= 32
        and all(ch.isalnum() or ch in "-_" for ch in name)
        and name.lower() == name
    )


def german(english: str, context: str) -> str:
    return translations(GERMAN).pgettext(context, english)


def command_groups() -> list[tuple[str, list[Any]]]:
    """(`/path`, its commands) for the top level and every group, from the bot's real tree."""
    top = list(command_tree().tree.get_commands())
    out = [("/", top)]
    pending = list(top)
    while pending:
        command = pending.pop()
        if isinstance(command, app_commands.Group):
            out.append((f"/{command.qualified_name}", list(command.commands)))
            pending += command.commands
    return out


def test_german_command_and_option_names_are_names_discord_takes() -> None:
    bad, clashes = [], []
    for path, group in command_groups():
        names = [german(c.name, COMMAND_NAME) for c in group]
        bad += [f"{path} {n!r}" for n in names if not discord_takes_name(n)]
        clashes += [f"{path}: {n!r} twice" for n, k in Counter(names).items() if k > 1]
        for command in group:
            if isinstance(command, app_commands.Group):
                continue
            options = [german(p.display_name, OPTION_NAME) for p in command.parameters]
            where = f"/{command.qualified_name}"
            bad += [f"{where} option {n!r}" for n in options if not discord_takes_name(n)]
            clashes += [
                f"{where}: option {n!r} twice" for n, k in Counter(options).items() if k > 1
            ]
    assert len(command_groups()) >= 3  # the top level, /loveletter and /adventure at least
    assert bad == [] and clashes == []


def test_german_descriptions_and_choices_fit_discords_limits() -> None:
    too_long = []
    for path, group in command_groups():
        for command in group:
            texts = [(command.description, COMMAND_DESCRIPTION)]
            if not isinstance(command, app_commands.Group):
                for option in command.parameters:
                    texts.append((option.description, OPTION_DESCRIPTION))
                    texts += [(choice.name, CHOICE_NAME) for choice in option.choices]
            for english, context in texts:
                text = german(english, context)
                if not 1 <= len(text) <= 100:
                    too_long.append(f"{path} {command.name}: {text!r}")
    assert too_long == []


def test_a_name_discord_refuses_is_recognised() -> None:
    assert discord_takes_name("ki-hinzufügen") and discord_takes_name("beitreten")
    for refused in ("Beitreten", "zwei wörter", "", "x" * 33, "frage?"):
        assert not discord_takes_name(refused), refused
