"""`/loveletter odds` in words: the cards a player has not seen this round."""

from __future__ import annotations

from bot.games.loveletter.text.cardnames import card_name
from bot.games.loveletter.text.cards import label
from bot.i18n import _
from engine.loveletter.odds import Odds


def render_odds(edition_id: str, result: Odds) -> str:
    if not result.rows:
        return _("You have seen every card of this round.")
    head = _(
        "**Cards you have not seen this round: {total}** (other hands, the draw pile"
        " and the set-aside card), counted from what you know only.",
        total=result.total,
    )
    lines = [head]
    for o in result.rows:
        if result.by_value:
            names = " / ".join(card_name(edition_id, c) for c in o.cards)
            what = _("value {value} ({cards})", value=o.key, cards=names)
        else:
            what = label(edition_id, str(o.key))
        lines.append(
            _(
                "• {what}: {unseen} unseen — {chance}",
                what=what,
                unseen=o.unseen,
                chance=f"{o.chance:.0%}",
            )
        )
    return "\n".join(lines)[:2000]
