"""The engine's reasons for refusing a move, in the reader's language.

The engine writes a reason in English and keeps its template, values and card ids
(`engine.loveletter.reasons.Reason`); here the template is translated and the cards named as the
reader knows them. Any other text (already written for the reader) is returned as it is.
"""

from __future__ import annotations

from bot.games.loveletter.text.cardnames import card_name
from bot.i18n import _
from engine.loveletter.reasons import Reason


def reason_text(reason: str) -> str:
    """`reason` for the current reader: "Du musst Gräfin (7) spielen"."""
    if not isinstance(reason, Reason):
        return reason
    cards = {key: card_name(reason.edition, card) for key, card in reason.cards.items()}
    return _(reason.template, **reason.values, **cards)
