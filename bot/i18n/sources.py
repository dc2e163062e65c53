"""Which code's texts go to which catalogue (domain), and how `_` and friends are spelled.

One domain per owner keeps each `.po` file readable and lets the Love Letter and Adventure texts
be translated apart. A file belongs to the first domain whose path prefix it starts with.
`adventure_content` (the names and texts of places, cards, creatures and riddles, which live in
the engine's data, not in `_` calls) and `commands` (slash commands, read from the command
tree) are extracted by their own code, named in `EXTRACTORS` (a domain may have both).
"""

from __future__ import annotations

# (path prefix, domain): first match wins, so the specific prefixes come first.
SOURCES: tuple[tuple[str, str], ...] = (
    ("bot/cli/", "terminal"),
    ("bot/games/loveletter/pictures/", "loveletter_pictures"),
    ("bot/games/adventure/pictures/", "adventure_pictures"),
    ("bot/games/loveletter/", "loveletter"),
    ("cogs/loveletter", "loveletter"),
    ("engine/loveletter/", "loveletter"),
    ("bot/games/adventure/text/cards.py", "adventure_content"),  # card help: the cards' texts
    ("bot/games/adventure/text/cardlookup.py", "adventure_content"),
    ("bot/games/adventure/", "adventure"),
    ("cogs/adventure", "adventure"),
    ("engine/adventure/", "adventure"),
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
# Messages not written in `_` calls (names from the engine's data, the command tree): per domain,
# `module:function`s returning `babel.messages.catalog.Catalog.add` keyword dicts
# (`{"id": "Guard", "context": "card"}`), added to what the domain's code holds.
EXTRACTORS: dict[str, tuple[str, ...]] = {
    "commands": ("bot.i18n.commands:messages",),
    "adventure_content": ("bot.games.adventure.text.content:messages",),
    "loveletter": ("bot.games.loveletter.text.cardnames:catalogue_entries",),
}


def domain_of(path: str) -> str | None:
    """The domain of a repository-relative path, or None for code with no player text."""
    for prefix, domain in SOURCES:
        if path.startswith(prefix):
            return domain
    return None
