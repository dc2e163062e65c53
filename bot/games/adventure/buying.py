"""Buying at a Village (or from the Peddler) card by card, for the pack and the terminal.

The engine offers every set of the turned cards the hobbit can pay for as one decision (16 of
them for 5 cheap cards); the AIs choose among those. A player instead picks cards one at a
time, sees each price and the running total, and the chosen set is submitted as the one
legal decision it stands for. Nothing here decides what may be bought: a card can be added
only when some legal decision holds the set with it (decisions.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.adventure.text.cards import card_text
from bot.games.adventure.text.names import card_name
from bot.i18n import _
from engine.adventure.cards import HELD
from engine.adventure.decisions import Decision
from engine.adventure.view import AdventureView, typed


def price(cid: str) -> int:
    return HELD[cid].value


def base_name(cid: str) -> str:
    """`Potion` for `Potion (2 GP)`: the price is said beside it."""
    return card_name(cid).split(" (")[0]


def priced(cid: str) -> str:
    """`Sword · 4 GP`."""
    return _("{card} · {gp} GP", card=base_name(cid), gp=price(cid))


def uses(cards: Sequence[str]) -> dict[str, str]:
    """What each offered card does (once per card), so nobody buys blind."""
    return {c: card_text(c).split(" — ", 1)[-1] for c in dict.fromkeys(cards)}


def fits(legal: Sequence[Decision], picked: Sequence[str]) -> bool:
    """Whether some legal buy decision holds every picked card (so more may be bought)."""
    wanted = Counter(picked)
    return any(d.action == "buy" and not wanted - Counter(d.cards or ()) for d in legal)


def can_add(legal: Sequence[Decision], picked: Sequence[str], cid: str) -> bool:
    return fits(legal, [*picked, cid])


def over(picked: Sequence[str], gp: int) -> str:
    """A set that no decision holds, refused in one line."""
    total = sum(price(c) for c in picked)
    parts = " + ".join(f"{base_name(c)} {price(c)}" for c in picked)
    return _(
        "You cannot buy all of that: {parts} = {total} GP, and you have {gp} GP.",
        parts=parts,
        total=total,
        gp=gp,
    )


def basket_line(picked: Sequence[str], gp: int) -> str:
    """The running total: `Chosen: Sword 4 + Rope 1 = 5 GP of your 10 GP (5 left).`"""
    if not picked:
        return _("Chosen: nothing yet (you have {gp} GP).", gp=gp)
    total = sum(price(c) for c in picked)
    parts = " + ".join(f"{base_name(c)} {price(c)}" for c in picked)
    return _(
        "Chosen: {parts} = {total} GP of your {gp} GP ({left} left).",
        parts=parts,
        total=total,
        gp=gp,
        left=gp - total,
    )


def refusal(picked: Sequence[str], cid: str, gp: int) -> str:
    """Why `cid` cannot join the picked cards (the only reason left is the gold)."""
    total = sum(price(c) for c in picked) + price(cid)
    return _(
        "{card} costs {price} GP: with what you chose that makes {total} GP, and you have {gp} GP.",
        card=card_name(cid),
        price=price(cid),
        total=total,
        gp=gp,
    )


def not_for_sale(
    view: AdventureView | Mapping[str, Any], buyable: Sequence[str], gp: int
) -> list[str]:
    """The turned cards that no choice can buy, each with its price and why."""
    pending = typed(view).pending
    turned = list((pending.ctx.get("cards") if pending else None) or ())
    left = Counter(turned) - Counter(buyable)
    return [
        _("{card} (more than your gold)", card=priced(c))
        if price(c) > gp
        else _("{card} (not sold here)", card=priced(c))
        for c in sorted(left.elements())
    ]
