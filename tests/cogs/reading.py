"""What a player reads in a message the bot sent, as SimCord hands it to the tests: its words
(content, embeds, a Components V2 layout's text, button labels, pictures' alt texts), its
pictures and its controls. The driver (tests/cogs/driver.py) checks these after every step;
the tests read them too.
"""

from __future__ import annotations

from typing import Any

from simcord.components import walk_components


def message_text(message: Any) -> str:
    """Everything a user reads in a message: content, embeds, the text of a Components V2
    layout, button labels (not menus) and every picture's alt text."""
    parts = [message.content or ""]
    for e in message.embeds:
        parts += [e.title or "", e.description or "", (e.footer.text or "") if e.footer else ""]
        for f in e.fields:
            parts += [f.name or "", f.value or ""]
    for c in walk_components(raw_components(message)):
        if c["type"] == 10:  # TextDisplay
            parts.append(c.get("content") or "")
        elif c["type"] == 2:  # button
            parts.append(c.get("label") or "")
    alts = [item.get("description") or "" for item in gallery(message)]  # each picture's
    alts += [getattr(att, "description", None) or "" for att in message.attachments]
    return "\n".join(parts + list(dict.fromkeys(alts)))  # an alt text shown twice, once


class MessageTexts:
    """`message_text` worked out once per message object. The tests read SimCord's messages
    through tests/simcord_reads.py's `built_once`, which hands out the very same discord.Message
    while a message is unchanged and a new object once anything in it changed: a leak check
    that reads every message each member sees after every step asks again and again for the
    text of objects it has read before. Kept by message id with the object itself, so a
    message built afresh is read afresh (and its old version is let go)."""

    def __init__(self) -> None:
        self._kept: dict[int, tuple[Any, str]] = {}

    def __call__(self, message: Any) -> str:
        kept = self._kept.get(message.id)
        if kept is not None and kept[0] is message:
            return kept[1]
        text = message_text(message)
        self._kept[message.id] = (message, text)
        return text


def text_of(message: Any) -> str:
    """What a message says in words: the text of its Components V2 layout (a table), else its
    first embed's description."""
    comps = walk_components(raw_components(message))
    layout = [c.get("content") or "" for c in comps if c["type"] == 10]
    if layout:
        return "\n".join(layout)
    return (message.embeds[0].description or "") if message.embeds else ""


def footer_of(message: Any) -> str:
    """A table's footer (game, round, move): the small last line of its layout's text, else
    its embed's footer."""
    small = [line for line in text_of(message).splitlines() if line.startswith("-# ")]
    if small:
        return small[-1].removeprefix("-# ")
    footer = message.embeds[0].footer if message.embeds else None
    return (footer.text or "") if footer else ""


COMPONENTS_V2 = 1 << 15  # the message flag of a Components V2 layout


def first_shown(message: Any) -> dict[str, Any]:
    """The first thing a player sees in a Components V2 message (inside its container)."""
    (container,) = raw_components(message)
    assert container["type"] == 17, container
    first: dict[str, Any] = container["components"][0]
    return first


def gallery(message: Any) -> list[dict[str, Any]]:
    """The pictures a Components V2 layout shows (MediaGallery items), in order."""
    comps = walk_components(raw_components(message))
    return [item for c in comps if c["type"] == 12 for item in c.get("items", [])]


def raw_components(message: Any) -> list[dict[str, Any]]:
    comps = message.components
    if comps and isinstance(comps[0], dict):
        return comps
    return [row.to_dict() for row in comps]


CONTROLS = {2, 3, 4, 5, 6, 7, 8}  # buttons, text inputs and menus


def flat(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every control of a message, in order, also inside a Components V2 layout."""
    return [c for c in walk_components(rows) if c.get("type") in CONTROLS]


def button(message: Any, prefix: str) -> str:
    """The custom_id of the message's control starting `prefix` (any client language)."""
    return next(
        c["custom_id"]
        for c in flat(raw_components(message))
        if c.get("custom_id", "").startswith(prefix)
    )
