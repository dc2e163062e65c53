"""The Hobbit Adventure Boardgame's decisions and table as lines: a short label for each legal
decision (the terminal's menu, the pack's buttons) and where everyone stands (the terminal).

Everything here reads the player's view (ADV-12), so nothing secret of another hobbit reaches
the screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.adventure.text import words
from bot.games.adventure.text.combat import face
from bot.games.adventure.text.names import card_gender, card_name, named, place, talisman
from bot.games.adventure.text.places import place_to
from bot.i18n import N_, _, g_, n_
from engine.adventure import board as B
from engine.adventure.decisions import Decision
from engine.adventure.riddles import BY_ID
from engine.adventure.view import AdventureView, FightView, typed


def _plural(n: int, word: str) -> str:
    """`1 road`, `2 roads` (the only counted word here)."""
    assert word == "road"
    return n_("{n} road", "{n} roads", n)


LABELS = {
    "roll": N_("Roll the movement die"),
    "rest": N_("Rest (draw two Rest cards)"),
    "place": N_("Take the place's action instead"),
    "heal": N_("Heal 2 LP"),
    "draw_magic": N_("Draw a Magic card"),
    "draw_riddle": N_("Draw a Riddle card"),
    "browse": N_("Look at the top 5 Equipment cards"),
    "sell": N_("Offer a {jewellery} for sale"),
    "accept": N_("Accept the price"),
    "refuse": N_("Refuse the price"),
    "done": N_("Done"),
    "fight": N_("Fight"),
    "stop": N_("Keep this roll"),
    "end_duel": N_("End the duel"),
    "shield": N_("Refuse the duel with {shadow_shield}"),
}


def _cards(cards: Any) -> str:
    return ", ".join(card_name(c) for c in cards or ()) or _("nothing")


def decision_label(d: Decision, view: AdventureView | Mapping[str, Any]) -> str:
    """A short line for one legal decision of the viewer."""
    v = typed(view)
    a = d.action
    here = v.hobbits[str(v.me)].place
    if a in ("travel", "move_to") and d.to is not None:
        pl = B.PLACES[d.to]
        values = {
            "to_place": place_to(d.to),
            "symbol": pl.symbol,
            "kind": words.word(words.KIND_WORDS, pl.kind),
        }
        values["roads"] = _plural(B.distance(here, d.to), "road")
        if a == "travel":
            return _("Travel {to_place} {symbol} {kind} ({roads})", **values)
        return _("Move {to_place} {symbol} {kind} ({roads})", **values)
    if a == "move_to":
        return _("Stay where you are")
    if a == "buy":
        return _("Buy {cards}", cards=_cards(d.cards))
    if a == "prepare":
        return _("Add {cards}", cards=_cards(d.cards))
    if a == "reroll":
        faces = v.fight.dice if v.fight else ()
        dice = [f"{i + 1}" + (f" {face(faces[i])}" if i < len(faces) else "") for i in d.dice or ()]
        if len(dice) > 1:
            return _("Reroll dice {dice} and {last}", dice=", ".join(dice[:-1]), last=dice[-1])
        return _("Reroll die {die}", die="".join(dice))
    if a == "avoid":
        if d.target:
            fight = v.fight or FightView()
            return g_(
                card_gender(fight.card, fight.deck or None),
                "Avoid with {card} (send it to {target})",
                card=card_name(d.card),
                target=d.target,
            )
        return _("Avoid with {card}", card=card_name(d.card))
    if a in ("challenge", "answer") and d.card:
        r = BY_ID[d.card]
        values = {"text": _(r.text), "answers": ", ".join(_(w) for w in r.answers)}
        if a == "challenge":
            return _("Challenge with “{text}” ({answers})", **values)
        return _("Answer with “{text}” ({answers})", **values)
    if a == "answer":
        return _("You cannot answer")
    if a == "take":
        if d.colour:
            return _("Take {talisman}", talisman=talisman(d.colour))
        if not d.card:
            return _("Take the gold")
        return g_(card_gender(d.card), "Take {card}", card=card_name(d.card))
    if a == "use":
        if not d.target:
            return _("Use {card}", card=card_name(d.card))
        if d.colour:
            thing = talisman(d.colour)
        else:
            thing = card_name(d.item) if d.item else _("half the gold")
        return _(
            "Use {card} on {target}: {thing}", card=card_name(d.card), target=d.target, thing=thing
        )
    if a == "smith":
        if d.card:
            return _("Let the smith work on your {card}", card=card_name(d.card))
        return _("Send the smith away")
    if a == "riddle":
        return _("Riddle {target}", target=d.target)
    if a in LABELS:
        return _(LABELS[a], **named())
    if a == "buy_talisman":
        return _("Buy {talisman} (5 GP)", talisman=talisman(d.colour))
    if a == "choose":
        return _choice(d.option)
    fields = {k: v for k, v in d.to_dict().items() if k != "action"}
    extra = " ".join(f"{v}" for v in fields.values() if v is not None)
    return (a.replace("_", " ").capitalize() + (" " + extra if extra else "")).strip()


CHOICES = {
    "stay": N_("Stay in the fire"),
    "flee": N_("Flee the fire"),
    "keep": N_("Keep the {rope} (the card takes effect)"),
    "decline": N_("Use the {rope} to decline the card"),
    None: N_("No talisman to lose"),
}
COLOURS = ("blue", "green", "red", "yellow")


def _choice(option: str | None) -> str:
    """A `choose` decision (the fire, the Rope, the way out of the woods, a talisman lost)."""
    if option in B.PLACES:
        return _("Go {to_place}", to_place=place_to(option))
    if option in COLOURS:
        return _("Lose {talisman}", talisman=talisman(option))
    if option in CHOICES:
        return _(CHOICES[option], **named())
    return _("Choose {option}", option=option)


def status_lines(
    view: AdventureView | Mapping[str, Any], names: dict[str, str] | None = None
) -> list[str]:
    """Where everyone is and what you hold (hobbits by `names`, else by their ids)."""
    v = typed(view)
    me = v.me
    lines = []
    for pid, h in v.hobbits.items():
        tag = _("You") if pid == me else (names or {}).get(pid, pid)
        if h.out:
            lines.append(_("{who}: out of the game", who=tag))
            continue
        secret = h.secret_cards
        cards = [card_name(c) for c in h.cards]
        if secret is not None:
            cards += [card_name(c) for c in secret if c not in h.cards]
        elif h.secret:
            cards.append(n_("{n} secret card", "{n} secret cards", h.secret))
        lines.append(
            _(
                "{who}: {place} — {lp} LP, {gp} GP, {talismans}; {cards}",
                who=tag,
                place=place(h.place),
                lp=h.lp,
                gp=h.gp,
                talismans=words.colours(h.talismans) or _("no talismans"),
                cards=", ".join(cards) or _("no cards"),
            )
        )
    lying = ", ".join(
        f"{place(p)} {'/'.join(words.colour(c) for c in cs)}" for p, cs in v.board.items() if cs
    )
    lines.append(_("Talismans on the board: {lying}", lying=lying or _("none")))
    return lines
