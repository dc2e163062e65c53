"""A German Discord client sees the slash commands in German: the bot's sync sends every
command, option and choice with its German localisation, read back here from SimCord's
simulated Discord as a client reads them.

SimCord resolves `slash()` by a command's own (English) names, as Discord's payload names it:
a German client shows `/loveletter neu`, and Discord sends the interaction for `loveletter new`.
`as_discord_sends` does that client's part from the localisations the bot synced.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.i18n.catalogues import translations
from tests.cogs.locales import client_locales

GERMAN = discord.Locale.german


def german(item: Any) -> str:
    """What a German client shows for a synced command, option or choice."""
    return item.name_localizations.get(GERMAN, item.name)


def named(items: list[Any], shown: str) -> Any:
    (found,) = [item for item in items if german(item) == shown]
    return found


def as_discord_sends(synced: list[Any], typed: str, **options: Any) -> tuple[str, dict[str, Any]]:
    """`/loveletter neu ausgabe:…` as typed in a German client -> the command's own names and
    the chosen choice's value, which is what the interaction carries."""
    first, *rest = typed.split()
    node = named(synced, first)
    path = [node.name]
    for word in rest:
        node = named(node.options, word)
        path.append(node.name)
    sent: dict[str, Any] = {}
    for shown, value in options.items():
        option = named(node.options, shown)
        picked = [choice.value for choice in option.choices if german(choice) == value]
        sent[option.name] = picked[0] if picked else value
    return " ".join(path), sent


async def synced_commands(env: Any) -> dict[str, Any]:
    return {c.name: c for c in await env.bot.tree.fetch_commands()}


async def test_the_synced_commands_carry_their_german_names_and_texts(simcord_env) -> None:
    synced = await synced_commands(simcord_env)
    adventure, loveletter = synced["adventure"], synced["loveletter"]
    assert adventure.name_localizations[GERMAN] == "abenteuer"
    assert german(loveletter) == "loveletter"  # the game's name in German too
    assert loveletter.description_localizations[GERMAN] == "Spiele Love Letter in diesem Kanal"
    subcommands = {c.name: c for c in loveletter.options}
    assert {german(subcommands[n]) for n in ("join", "leave", "start", "rules", "play")} == {
        "beitreten",
        "verlassen",
        "starten",
        "regeln",
        "ausspielen",
    }
    assert subcommands["odds"].description_localizations[GERMAN] == (
        "Deine Chancen: die Karten, die du in dieser Runde nicht gesehen hast"
    )
    play = {o.name: o for o in subcommands["play"].options}
    assert play["target"].name_localizations[GERMAN] == "ziel"
    assert play["card"].description_localizations[GERMAN] == "Die Karte, die du ausspielst"
    topic = named(named(adventure.options, "regeln").options, "thema")
    assert [german(c) for c in topic.choices][:3] == ["Überblick", "Spielzug", "Orte"]
    # The English stays each command's own name, what every other client shows.
    assert adventure.name == "adventure" and subcommands["join"].name == "join"
    # Only German has a catalogue: every other client is sent no localisation (English).
    assert {locale for c in synced.values() for locale in c.name_localizations} == {GERMAN}


async def test_every_synced_command_option_and_choice_shows_its_german(simcord_env) -> None:
    catalogue = translations("de")
    wrong = []

    def check(item: Any, kind: str, where: str) -> None:
        name = item.name_localizations.get(GERMAN, item.name)
        if name != catalogue.pgettext(f"{kind} name", item.name):
            wrong.append(f"{where}: {kind} name {name!r}")
        if kind == "choice":
            return
        text = item.description_localizations.get(GERMAN, item.description)
        if text != catalogue.pgettext(f"{kind} description", item.description):
            wrong.append(f"{where}: {kind} description {text!r}")

    def walk(item: Any, where: str) -> None:
        for option in getattr(item, "options", []):
            below = f"{where} {option.name}"
            is_command = isinstance(option, discord.app_commands.AppCommandGroup)
            check(option, "command" if is_command else "option", below)
            for choice in getattr(option, "choices", []):
                check(choice, "choice", f"{below} {choice.name}")
            walk(option, below)

    synced = await synced_commands(simcord_env)
    for command in synced.values():
        check(command, "command", f"/{command.name}")
        walk(command, f"/{command.name}")
    assert len(synced) >= 2 and wrong == []


async def test_german_players_open_and_join_lobbies_with_the_german_commands(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild(preferred_locale="de")
    karten, brett = guild.create_text_channel("karten"), guild.create_text_channel("brett")
    anna, bernd = (guild.add_member(simcord_env.create_user(n)) for n in ("anna", "bernd"))
    synced = list((await synced_commands(simcord_env)).values())
    opened = as_discord_sends(
        synced, "loveletter neu", ausgabe="Pegasus (mit der Erweiterung für 5–8 Personen)"
    )
    assert opened == ("loveletter new", {"edition": "pegasus"})
    assert as_discord_sends(synced, "loveletter beitreten") == ("loveletter join", {})
    adventure = as_discord_sends(synced, "abenteuer neu", zugzeit=90)
    assert adventure == ("adventure new", {"timer": 90})
    with client_locales(monkeypatch, {anna.id: "de", bernd.id: "de"}):
        await anna.slash(karten, opened[0], **opened[1])
        await bernd.slash(karten, "loveletter join")
        await bernd.slash(brett, adventure[0], **adventure[1])
    storage = simcord_env.bot.storage
    game = await storage.get_game_in_channel(karten.id)
    assert (game.status, game.variant, [s.display_name for s in game.seats]) == (
        "lobby",
        "pegasus",
        ["anna", "bernd"],
    )
    game = await storage.get_game_in_channel(brett.id)
    assert (game.game, game.timer_seconds, [s.display_name for s in game.seats]) == (
        "adventure",
        90,
        ["bernd"],
    )
