"""What the German help, rules and refusals name as commands are the ones a German client has
(issue 41): `/loveletter help` listed every command in English, `/adventure rules` ended
"Mehr: `/adventure rules topic:` `turn`, `places`, …". Each command and topic they name, typed
as written, resolves through the commands the bot synced (what a German client offers)."""

from __future__ import annotations

import re

import pytest

from bot.i18n import GERMAN
from cogs.loveletter import LOVELETTER
from tests.bot.i18n.test_commands_in_german import as_discord_sends, synced_commands
from tests.cogs.locales import client_locales


async def test_the_commands_the_german_help_rules_and_refusals_name_are_a_german_clients(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild(preferred_locale=GERMAN)
    channel = guild.create_text_channel("karten")
    ann = guild.add_member(simcord_env.create_user("ann"))
    synced = list((await synced_commands(simcord_env)).values())
    with client_locales(monkeypatch, {ann.id: GERMAN}):
        helped = (await ann.slash(channel, "loveletter help")).response.content
        rules = (await ann.slash(channel, "adventure rules")).response.content
        refused = (await ann.slash(channel, "adventure board")).response.content
        # `/loveletter neu <ausgabe> [elben] [zugzeit]` — …: every command, as typed
        usages = re.findall(r"^`/(\S+ \S+)[^`]*` — ", helped, re.MULTILINE)
        typed = {as_discord_sends(synced, usage)[0] for usage in usages}
        assert typed == {f"loveletter {c.name}" for c in LOVELETTER.commands}
        # "Mehr: `/abenteuer regeln thema:` `Spielzug`, `Orte`, …": each topic, as typed
        more = re.search(r"`/(\S+ \S+) (\S+):` (.+)\.$", rules)
        assert more is not None, rules
        command, option, topics = more.groups()
        assert command == "abenteuer regeln" and "`Spielzug`" in topics
        for topic in re.findall(r"`([^`]+)`", topics):
            sent = as_discord_sends(synced, command, **{option: topic})
            asked = await ann.slash(channel, sent[0], **sent[1])
            assert asked.response.content.startswith("**"), asked.response.content
    # "In diesem Kanal läuft kein Spiel (…). Starte eines mit `/abenteuer neu`."
    (hint,) = re.findall(r"`/([^`]+)`", refused)
    assert as_discord_sends(synced, hint) == ("adventure new", {})
