"""Buying at a Village in the terminal card by card (bot/games/adventure/buying.py): each
turned card with its price, a running total, and option 1 buying what was chosen, which is
the engine's one decision for exactly that set. A card that would cost more than the gold
left is refused in one line; free actions (a potion, Athelas) stay numbered after the cards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.cli.choice import typed_number
from bot.cli.words import command
from bot.games.adventure import buying, decisions
from bot.i18n import N_, _
from engine.adventure.decisions import Decision

Ask = Callable[[str], str]
Say = Callable[[str], None]
Help = Callable[[str], list[str] | None]
PROMPT = N_("Number: add or take back a card; 1 or done: buy (? for help): ")


def buy_by_card(
    view: Mapping[str, Any],
    legal: Sequence[Decision],
    ask: Ask,
    say: Say,
    helped: Help,
    label: Callable[[Decision], str],
) -> Decision:
    """The buy decision for the cards chosen one at a time (or a free action taken)."""
    cards = decisions.items("buy", legal)
    free = [d for d in legal if d.action != "buy"]
    gp = view["hobbits"][view["me"]]["gp"]
    say(_("Equipment turned up; you have {gp} GP. Choose the cards you buy one at a time:", gp=gp))
    for line in buying.not_for_sale(view, cards, gp):
        say("  " + _("Not for you here: {card}", card=line))
    mask = 0
    while True:
        picked = decisions.chosen("buy", legal, mask)
        _menu(cards, mask, [buying.can_add(legal, picked, c) for c in cards], gp, free, say, label)
        raw = ask(_(PROMPT)).strip()
        number = 1 if command(raw) == "done" else typed_number(raw, 1 + len(cards) + len(free))
        if number == 1:
            found = decisions.decision_for("buy", legal, mask)
            assert found is not None  # every set offered fits a legal decision
            return found
        if number is None:
            most = 1 + len(cards) + len(free)
            typed = _("Type a number from 1 to {n}.", n=most) if most > 1 else _("Type 1.")
            say_all(helped(raw) or [typed], say)
        elif number > 1 + len(cards):
            return free[number - 2 - len(cards)]
        elif mask >> (number - 2) & 1 or buying.can_add(legal, picked, cards[number - 2]):
            mask = decisions.toggled("buy", legal, mask, number - 2)
        else:
            say(buying.refusal(picked, cards[number - 2], gp))


def _menu(
    cards: Sequence[str],
    mask: int,
    addable: Sequence[bool],
    gp: int,
    free: Sequence[Decision],
    say: Say,
    label: Callable[[Decision], str],
) -> None:
    picked = [c for i, c in enumerate(cards) if mask >> i & 1]
    total = sum(buying.price(c) for c in picked)
    names = ", ".join(buying.base_name(c) for c in picked)
    buy = _("Buy {cards} for {gp} GP", cards=names, gp=total) if picked else _("Buy nothing")
    say(f"  1. {buy}")
    for i, card in enumerate(cards):
        on = mask >> i & 1
        left = gp - total
        dear = "" if on or addable[i] else " " + _("(more than the {gp} GP left)", gp=left)
        say(f"  {i + 2}. [{'x' if on else ' '}] {buying.priced(card)}{dear}")
    for i, d in enumerate(free, 2 + len(cards)):
        say(f"  {i}. {label(d)}")
    say(buying.basket_line(picked, gp))


def say_all(lines: Sequence[str], say: Say) -> None:
    for line in lines:
        say(line)
