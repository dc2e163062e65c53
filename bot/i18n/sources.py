"""Which code's texts go to which catalogue (domain), and how `_` and friends are spelled.

One domain per owner keeps each `.po` file readable and lets each game's texts be translated
apart. A file belongs to the first domain whose path prefix it starts with. The platform's
prefixes are here; each game's come from its registration (`bot.platform.registry.Texts`:
its folders, the parts of them with a catalogue of their own, and the extractors of texts kept
outside `_` calls, such as the names of cards in the engine's data), so a new game edits
nothing here. `commands` (slash commands, read from the command tree) is extracted by its own
code, named in `PLATFORM_EXTRACTORS` (a domain may have both).
"""

from __future__ import annotations

# (path prefix, domain) of the platform: the terminal's first (a game's terminal files in
# bot/cli are the terminal's), the rest after every game's prefixes.
TERMINAL: tuple[tuple[str, str], ...] = (("bot/cli/", "terminal"),)
PLATFORM: tuple[tuple[str, str], ...] = (
    ("bot/", "platform"),
    ("cogs/", "platform"),
    ("storage/", "platform"),
)
# Babel keyword specs: `_(msgid)`, `N_(msgid)`, `n_(singular, plural, n)`, `p_(context, msgid)`.
Keyword = tuple[int | tuple[int, str], ...] | None
"""Which arguments of a keyword's call are the message (Babel's `extract` keywords)."""
KEYWORDS: dict[str, Keyword] = {"_": None, "N_": None, "n_": (1, 2), "p_": ((1, "c"), 2)}
# Gendered sentences, `g_(gender, msgid)` and `G_(msgid)`: extracted once per grammatical
# gender (bot/i18n/__init__.py, GENDERS), each form in its own context.
GENDERED_KEYWORDS: dict[str, Keyword] = {"g_": (2,), "G_": None}
# Messages not written in `_` calls: per domain, `module:function`s returning
# `babel.messages.catalog.Catalog.add` keyword dicts (`{"id": "Guard", "context": "card"}`),
# added to what the domain's code holds. The games' own are in their registrations.
PLATFORM_EXTRACTORS: dict[str, tuple[str, ...]] = {"commands": ("bot.i18n.commands:messages",)}


def sources() -> tuple[tuple[str, str], ...]:
    """Every (path prefix, domain), first match wins: the terminal, each registered game's
    parts and then its folders, the platform."""
    from bot.platform.registry import entries

    games: list[tuple[str, str]] = []
    for entry in entries().values():
        texts = entry.texts
        games += [*texts.parts, *((folder, texts.domain) for folder in texts.folders)]
    return (*TERMINAL, *games, *PLATFORM)


def extractors() -> dict[str, tuple[str, ...]]:
    """Per domain, the extractors of its texts kept outside `_` calls (platform and games)."""
    from bot.platform.registry import entries

    found = dict(PLATFORM_EXTRACTORS)
    for entry in entries().values():
        for domain, specs in entry.texts.extractors.items():
            found[domain] = (*found.get(domain, ()), *specs)
    return found


def domains() -> tuple[str, ...]:
    """Every domain some code or extractor writes to, in the order of `sources()`."""
    named = [domain for _prefix, domain in sources()] + list(extractors())
    return tuple(dict.fromkeys(named))


def domain_of(path: str) -> str | None:
    """The domain of a repository-relative path, or None for code with no player text."""
    for prefix, domain in sources():
        if path.startswith(prefix):
            return domain
    return None
