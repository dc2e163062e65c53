"""Love Letter as pictures: card faces, a player's hand and the public table, as PNG bytes.

`hand_png(view)` takes a player's own view (`player_view(state, player)`); `table_png(view)`
takes only the spectators' view (`player_view(state, None)`) and, between rounds, the
finished round's public result. `card_png` draws one card face. Card images are drawn once
per process and cached; a picture pastes them.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.loveletter.pictures.draw import png
from bot.games.loveletter.pictures.faces import face
from bot.games.loveletter.pictures.hand import hand_marks, hand_png
from bot.games.loveletter.pictures.table import public_table, table_png

__all__ = ["card_png", "hand_marks", "hand_png", "public_table", "table_png"]


def card_png(edition_id: str, card_id: str, options: Mapping[str, str] | None = None) -> bytes:
    """One card's full face as PNG bytes (for a rules page or a card look-up)."""
    return png(face(edition_id, card_id, options))
