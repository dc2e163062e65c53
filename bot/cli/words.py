"""The words a terminal player types or reads that the code spells in English as keys: the
commands typed at a prompt, the AI levels, the Adventure rule topics. Each has its word in
the reader's language (the catalogue), and a typed command is taken in either language."""

from __future__ import annotations

from bot.i18n import _, p_


def command_words() -> dict[str, str]:
    """Each command's English word -> its word in the reader's language."""
    return {
        "help": p_("typed command", "help"),
        "rules": p_("typed command", "rules"),
        "rule": p_("typed command", "rule"),
        "table": p_("typed command", "table"),
        "back": p_("typed command", "back"),
        "card": p_("typed command", "card"),
        "board": p_("typed command", "board"),
        "hand": p_("typed command", "hand"),
        "cards": p_("typed command", "cards"),
        "status": p_("typed command", "status"),
        "done": p_("typed command", "done"),
        "undo": p_("typed command", "undo"),
    }


def command(typed: str) -> str:
    """The English command `typed` names in English or the reader's language (any case), or
    `typed` itself (folded) when it names none."""
    word = typed.casefold()
    for english, local in command_words().items():
        if word in (english, local.casefold()):
            return english
    return word


def quoted(text: str) -> str:
    """What was typed, cut short at 40 characters, in the reader's quotation marks."""
    return _("'{text}'", text=text if len(text) <= 40 else text[:39] + "…")


def level_name(level: str) -> str:
    """An AI level (`--ai`) as the reader reads it."""
    return {
        "novice": p_("AI level", "novice"),
        "standard": p_("AI level", "standard"),
        "expert": p_("AI level", "expert"),
    }.get(level, level)


def topic_word(key: str) -> str:
    """An Adventure rule topic's key (`rule fights`) in the reader's language."""
    return {
        "overview": p_("rule topic", "overview"),
        "turn": p_("rule topic", "turn"),
        "places": p_("rule topic", "places"),
        "fights": p_("rule topic", "fights"),
        "dragon": p_("rule topic", "dragon"),
        "riddles": p_("rule topic", "riddles"),
        "free": p_("rule topic", "free"),
        "dice": p_("rule topic", "dice"),
        "moving": p_("rule topic", "moving"),
        "secrets": p_("rule topic", "secrets"),
    }.get(key, key)
