"""A sentence about one player, said to that player or about them (`said`).

A sentence about the reader is its own template ("You played …"), since other languages change
more than a word; about anyone else it names them.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.loveletter.text.cards import name
from bot.i18n import _, g_

Names = Mapping[str, str]


def said(
    viewer_text: str,
    other_text: str,
    player: str,
    v: str | None,
    n: Names,
    of: str | None = None,
    **values: object,
) -> str:
    """`viewer_text` for the player themself, else `other_text` with their `{name}`; `of`: the
    grammatical gender of the card the sentence speaks of, for texts marked `G_`."""
    said_text, values = (
        (viewer_text, values) if player == v else (other_text, {**values, "name": name(n, player)})
    )
    return g_(of, said_text, **values) if of is not None else _(said_text, **values)
