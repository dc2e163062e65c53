"""Texts longer than Discord takes in one piece, sent in several, cut where a reader expects it.

Discord refuses (400, Invalid Form Body) a message whose content is over 2,000 characters, an
embed whose description is over 4,096, and a Components V2 message whose text displays add up
to over 4,000 characters or that has over 40 components. A text that can be longer in some
language (the Pegasus rules are 2,117 characters in German) is cut into pieces that fit: at
a paragraph, else at a line (each card's rule, each help line is one line), else after a
sentence, else at a space; only a single word longer than the limit is cut inside. Nothing is
dropped: the pieces joined are the whole text, and each piece goes out as a message of its own.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.ui.delivery import respond

MESSAGE_CONTENT = 2000  # a message's content (an embed's description: 4096; bot/ui/layout.py)

# Where to cut after a paragraph fails (a paragraph is taken only if it fills at least half
# the piece): after a line, after a sentence, after a word.
_BREAKS = ("\n", ". ", " ")


def _cut(text: str, start: int, limit: int) -> int:
    """Where the piece from `start` (at most `limit` long) ends."""
    window = text[start : start + limit]
    paragraph = window.rfind("\n\n")
    if paragraph > 0 and paragraph + 2 >= limit // 2:
        return start + paragraph + 2
    for mark in _BREAKS:
        at = window.rfind(mark)
        if at > 0:
            return start + at + len(mark)
    return start + limit  # one word longer than the limit: cut inside it


def pieces(text: str, limit: int = MESSAGE_CONTENT) -> list[str]:
    """`text` in pieces of at most `limit` characters that join to it again; one piece when
    it fits."""
    if limit < 1:
        raise ValueError("a limit of at least one character")
    out, start = [], 0
    while len(text) - start > limit:
        end = _cut(text, start, limit)
        out.append(text[start:end])
        start = end
    out.append(text[start:])
    return out


async def respond_text(
    interaction: discord.Interaction, text: str, *, ephemeral: bool = True, **more: Any
) -> None:
    """Answer with `text` however long: the first piece as the answer, the rest as followups
    (each a message of its own, in order). A piece of only blank lines is left out: Discord
    refuses an empty message, and it shows none at a message's end anyway."""
    for piece in pieces(text):
        if piece.strip():
            await respond(interaction, piece, ephemeral=ephemeral, **more)
