"""Every command a text names exists in that game's command group (issue 42 item 3): a
player with closed DMs in the Adventure was told to use `/adventure hand`, which does not
exist (`/adventure pack`).

The texts are every message the bot can show: each catalogue's English source strings as
`python -m bot i18n extract` reads them from the code, and every msgid of the `.po` files.
A command a player should type is written in backticks (`/loveletter end`, `/{command} new`):
there the whole path is checked, its group, subcommand and any `option:`. In prose ("What
every /loveletter command does") only the group is. A placeholder in the group's place
(`{command}`, `{group}`) is the game's group: in a game's catalogue that game's, in the
platform's every registered game's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import cache

from babel.messages.pofile import read_po
from discord import app_commands

from bot.i18n.catalogues import DOMAINS, LOCALE_DIR
from bot.i18n.commands import command_tree
from bot.i18n.tool import template
from bot.platform.registry import all_presentations

MENTION = re.compile(
    r"(?<![\w/.:<}-])(?P<code>`?)/(?P<group>\{?[a-z][a-z_-]*\}?)"
    r"(?P<rest>(?: \{?[a-z][a-z_-]*\}?:?)*)"
)
"""`/group sub option:` after anything but a word, a path or a placeholder (`{lp}/{max}`)."""
PLACEHOLDER = re.compile(r"^\{\w+\}$")


@cache
def commands() -> frozenset[str]:
    """Every group, subcommand and option path the bot declares ("loveletter new edition")."""
    paths: set[str] = set()

    def walk(command: app_commands.Command | app_commands.Group, path: str) -> None:
        paths.add(path)
        if isinstance(command, app_commands.Group):
            for sub in command.commands:
                walk(sub, f"{path} {sub.name}")
        else:
            paths.update(f"{path} {p.display_name}" for p in command.parameters)

    for top in command_tree().tree.get_commands():
        if isinstance(top, app_commands.Command | app_commands.Group):
            walk(top, top.name)
    return frozenset(paths)


def texts(domain: str) -> Iterator[str]:
    """The domain's English texts: from the code, and the msgids of its German catalogue."""
    for message in template(domain):  # type: ignore[attr-defined]
        yield from (message.id if isinstance(message.id, tuple) else [message.id])
    with (LOCALE_DIR / "de" / "LC_MESSAGES" / f"{domain}.po").open("rb") as source:
        for message in read_po(source):
            yield from (message.id if isinstance(message.id, tuple) else [message.id])


def groups_of(domain: str) -> list[str]:
    """What a `{command}` placeholder in the domain's texts stands for."""
    games = all_presentations()
    game = domain.split("_")[0]
    if game in games:
        return [games[game].command]
    return [presenter.command for presenter in games.values()]


def named(domain: str, text: str) -> Iterator[str]:
    """The command paths `text` names, placeholders filled in."""
    for found in MENTION.finditer(text):
        group = found["group"]
        groups = groups_of(domain) if PLACEHOLDER.match(group) else [group]
        words = [w.rstrip(":") for w in found["rest"].split()] if found["code"] else []
        words = words[: next((i for i, w in enumerate(words) if PLACEHOLDER.match(w)), None)]
        for name in groups:
            yield " ".join([name, *words])


@cache
def all_named() -> frozenset[tuple[str, str, str]]:
    """(domain, command path, text) for every mention in every text the bot can show."""

    def collect() -> set[tuple[str, str, str]]:
        return {
            (domain, path, text)
            for domain in DOMAINS
            for text in texts(domain)
            if text
            for path in named(domain, text)
        }

    with ThreadPoolExecutor(max_workers=1) as pool:  # babel's extract outside the test loop
        return frozenset(pool.submit(collect).result())


def missing() -> set[tuple[str, str]]:
    return {(domain, path) for domain, path, _text in all_named() if path not in commands()}


def test_every_command_a_text_names_exists() -> None:
    assert missing() == set()


def test_the_texts_do_name_commands() -> None:
    """The reading finds what is there (so an empty result above means something)."""
    paths = {path for _domain, path, _text in all_named()}
    assert {"loveletter end", "adventure new", "loveletter", "adventure"} <= paths


def test_a_misnamed_command_is_found() -> None:
    found = set(named("adventure", "Try `/adventure hand` or `/{command} rules topic:` here."))
    assert found == {"adventure hand", "adventure rules topic"}
    assert "adventure hand" not in commands() and "adventure rules topic" in commands()
    assert set(named("platform", "What every /loveletter command does")) == {"loveletter"}
    assert set(named("loveletter", "page {page}/{pages}")) == set()
