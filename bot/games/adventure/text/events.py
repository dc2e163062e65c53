"""The Hobbit Adventure Boardgame's events as lines a hobbit reads: who moved where, what was
drawn, fought, riddled or returned; the reader's own as "You …", another's by name.

Only events visible to the reader come here (ADV-12), so nothing secret of another hobbit is
told.
"""

from __future__ import annotations

from typing import Any

from bot.games.adventure.text import words
from bot.games.adventure.text.combat import bonus_text, combat_count, rerolled_text
from bot.games.adventure.text.decided import QUIET, decided_line
from bot.games.adventure.text.names import (
    card_gender,
    card_name,
    named,
    reason,
    talisman,
    who,
    whom,
)
from bot.games.adventure.text.places import place_at, place_from, place_to
from bot.i18n import G_, N_, _, g_, n_
from engine.adventure.cards import MASTER_OF
from engine.adventure.riddles import BY_ID

HOW = {
    "travel": "",
    "swift": N_("{swift_as_the_wind}"),
    "forced": N_("sent there"),
    "special": N_("by a card"),
    "flee": N_("fleeing"),
}
"""How a hobbit moved, said after the move; travel needs no word (it is every turn's move)."""


def _say(mine: bool, you: str, other: str, of: str | None = None, **values: object) -> str:
    """The reader's own sentence (`You keep …`) or a hobbit's (`{p} keeps …`): two messages,
    since a translation turns the verb with its subject. `of`: the grammatical gender of the
    name the sentence speaks of (`card_gender`), for sentences marked `G_`."""
    said = you if mine else other
    return g_(of, said, **values) if of is not None else _(said, **values)


STEPS = {
    "no_answer": (N_("You cannot answer."), N_("{p} cannot answer.")),
    "end": (N_("You end the duel."), N_("{p} ends the duel.")),
    "shield": (
        N_("You refuse the duel with {shadow_shield}."),
        N_("{p} refuses the duel with {shadow_shield}."),
    ),
}


def event_line(e: dict[str, Any], me: str) -> str | None:
    """One line for an event (already visible to `me`), or None to skip it (a QUIET one)."""
    t, p = e["type"], who(e.get("player"), me)
    mine = e.get("player") == me
    if t == "decided":
        return decided_line(e, p, mine, me)
    if t == "game_started":
        names = ", ".join(e["players"])
        return _say(
            e["first"] == me,
            N_("The Hobbit Adventure Boardgame: {names}. You go first."),
            N_("The Hobbit Adventure Boardgame: {names}. {first} goes first."),
            names=names,
            first=e["first"],
        )
    if t == "turn_began":
        return _say(
            mine, N_("— Turn {turn}: You —"), N_("— Turn {turn}: {p} —"), turn=e["turn"], p=p
        )
    if t == "rolled":
        return _rolled(e, p, mine)
    if t == "moved":
        how = e["how"]
        if how == "forced" and e["frm"] == e["to_place"]:  # Swept downriver at Gladden Fields
            return _say(  # [decision] cardplay.py: it stays and arrives there again
                mine,
                N_(
                    "You are {at_place} already, so the river sweeps you nowhere: you arrive there"
                    " again."
                ),
                N_(
                    "{p} is {at_place} already, so the river sweeps them nowhere: {p} arrives there"
                    " again."
                ),
                p=p,
                at_place=place_at(e["to_place"]),
            )
        values = {"p": p, "from_place": place_from(e["frm"]), "to_place": place_to(e["to_place"])}
        if not HOW.get(how, how):
            return _say(
                mine,
                N_("You moved {from_place} {to_place}."),
                N_("{p} moved {from_place} {to_place}."),
                **values,
            )
        return _say(
            mine,
            N_("You moved {from_place} {to_place} ({how})."),
            N_("{p} moved {from_place} {to_place} ({how})."),
            how=_(HOW[how], **named()) if how in HOW else how.replace("_", " "),
            **values,
        )
    if t == "drawn":
        return _drawn(e, p, mine, me)
    if t == "returned" and e.get("why") and len(e.get("cards") or ()) == 1:
        return _returned(e, p, mine)
    if t == "kept":
        return _say(
            mine, N_("You keep {card}."), N_("{p} keeps {card}."), p=p, card=card_name(e["card"])
        )
    if t == "changed":
        return _changed(e, p, mine)
    if t == "talisman":
        return _talisman(e, p, mine)
    if t == "fight_began":
        if e["card"] == "dragon":  # a sentence of its own: German turns "the Dragon" by case
            return _say(
                mine, N_("You must fight the Dragon."), N_("{p} must fight the Dragon."), p=p
            )
        card = card_name(e["card"], e["deck"])
        return _say(
            mine, N_("You must fight {card}."), N_("{p} must fight {card}."), p=p, card=card
        )
    if t == "power":
        return g_(card_gender(e["card"]), "Its power is {power}.", power=e["power"])
    if t == "combat":
        return _combat(e, p, mine)
    if t == "fight_ended":
        return _fight_ended(e, p, mine)
    if t == "avoided":
        values = {"p": p, "card": card_name(e["card"]), "creature": card_name(e["creature"])}
        of = card_gender(e["creature"])  # a plural creature: German "ziehen ab"
        if e.get("chased_to"):
            return _say(
                mine,
                G_("You played {card}: {creature} goes away to {whom}."),
                G_("{p} played {card}: {creature} goes away to {whom}."),
                of,
                whom=whom(e["chased_to"], me),
                **values,
            )
        return _say(
            mine,
            G_("You played {card}: {creature} goes away."),
            G_("{p} played {card}: {creature} goes away."),
            of,
            **values,
        )
    if t == "riddle":
        return _riddle(e, p, mine)
    if t == "taken":
        if e["what"] == "equipment":  # German gives the card its article: "nimmt dir das Pferd ab"
            return _say(
                mine,
                G_("You take {card} from {whom}."),
                G_("{p} takes {card} from {whom}."),
                card_gender(e["thing"]),
                p=p,
                card=card_name(e["thing"]),
                whom=whom(e["frm"], me),
            )
        if e["what"] == "talisman":
            thing = talisman(e["thing"])
        else:
            thing = e["thing"] or _("{amount} GP", amount=e["amount"])
        return _say(
            mine,
            N_("You take {thing} from {whom}."),
            N_("{p} takes {thing} from {whom}."),
            p=p,
            thing=thing,
            whom=whom(e["frm"], me),
        )
    if t == "offer":
        return n_(  # German: "wird 1 Gold geboten", "werden 4 Gold geboten"
            "The {jewellery} is offered {n} GP.",
            "The {jewellery} is offered {n} GP.",
            e["price"],
            **named(),
        )
    if t == "bought":
        cards = ", ".join(card_name(c) for c in e["cards"])
        return _say(
            mine,
            N_("You bought {cards} for {price} GP."),
            N_("{p} bought {cards} for {price} GP."),
            p=p,
            cards=cards,
            price=e["price"],
        )
    if t == "skipped":
        what = e["what"]
        if what.endswith("_deck_empty"):
            deck = words.deck(what.removesuffix("_deck_empty"))
            return _say(
                mine,
                N_("You: the {deck} deck is empty; nothing happens."),
                N_("{p}: the {deck} deck is empty; nothing happens."),
                p=p,
                deck=deck,
            )
        return _("{p}: {what}; nothing happens.", p=p, what=what.replace("_", " "))
    if t == "out":
        return _say(mine, N_("You are out of the game."), N_("{p} is out of the game."), p=p)
    if t == "game_over":
        if e["dragon_won"]:
            return _("Every hobbit is out: the Dragon wins.")
        return _say(
            e["winner"] == me,
            N_("You beat the Dragon and won the game!"),
            N_("{p} beat the Dragon and won the game!"),
            p=e["winner"],
        )
    if t in QUIET:
        return None
    return _("{p}: {what}.", p=p, what=t.replace("_", " "))  # a kind added without its line


def _rolled(e: dict[str, Any], p: str, mine: bool) -> str:
    res = _("eagle") if e["result"] == "eagle" else e["result"]
    if e["why"] == "travel":  # every turn's roll: no word needed
        return _say(
            mine,
            N_("You rolled the {die}: {result}."),
            N_("{p} rolled the {die}: {result}."),
            p=p,
            die=words.die(e["die"]),
            result=res,
        )
    if e["why"] == "weapon_smith":
        return _say(
            mine,
            N_("You rolled the green die for the {weapon_smith}: {result} ({smith})."),
            N_("{p} rolled the green die for the {weapon_smith}: {result} ({smith})."),
            p=p,
            result=res,
            smith=_(SMITH_ROLL),
            **named(),
        )
    return _say(
        mine,
        N_("You rolled the {die} ({why}): {result}."),
        N_("{p} rolled the {die} ({why}): {result}."),
        p=p,
        die=words.die(e["die"]),
        why=words.word(words.ROLLED_FOR, e["why"]),
        result=res,
    )


def _drawn(e: dict[str, Any], p: str, mine: bool, me: str) -> str | None:
    deck = e["deck"]
    if e["card"] is None:
        if e["player"] == me:
            return None
        return _("{p} drew a {deck} card.", p=p, deck=words.deck(deck))
    if deck == "riddle" and e["card"] in BY_ID:  # its riddle, not "Riddle 06"
        text = _(BY_ID[e["card"]].text)
        return _say(
            mine,
            N_("You drew a Riddle card: “{text}”"),
            N_("{p} drew a Riddle card: “{text}”"),
            p=p,
            text=text,
        )
    card = card_name(e["card"], deck)
    if deck == "equipment":  # a Village's cards, turned up to buy or leave
        return _say(
            mine,
            N_("You look at {card} from the Equipment deck."),
            N_("{p} looks at {card} from the Equipment deck."),
            p=p,
            card=card,
        )
    return _say(
        mine,
        N_("You drew {card} ({deck})."),
        N_("{p} drew {card} ({deck})."),
        p=p,
        card=card,
        deck=words.deck(deck),
    )


def _changed(e: dict[str, Any], p: str, mine: bool) -> str:
    values = {"p": p, "delta": f"{'+' if e['delta'] > 0 else ''}{e['delta']}", "now": e["now"]}
    values["why"] = reason(e["why"])
    if e["what"] == "lp":
        return _say(
            mine,
            N_("You: {delta} LP ({why}), now {now} LP."),
            N_("{p}: {delta} LP ({why}), now {now} LP."),
            **values,
        )
    return _say(
        mine,
        N_("You: {delta} GP ({why}), now {now} GP."),
        N_("{p}: {delta} GP ({why}), now {now} GP."),
        **values,
    )


def _talisman(e: dict[str, Any], p: str, mine: bool) -> str:
    how = e["how"]
    if how in ("bought", "won"):
        values = {"p": p, "talisman": talisman(e["colour"])}
        if how == "bought":
            return _say(mine, N_("You bought {talisman}."), N_("{p} bought {talisman}."), **values)
        return _say(mine, N_("You won {talisman}."), N_("{p} won {talisman}."), **values)
    values = {"p": p, "colour": words.colour(e["colour"])}
    if how == "out_of_game":
        return _say(
            mine,
            N_("You: the {colour} talisman is out of the game."),
            N_("{p}: the {colour} talisman is out of the game."),
            **values,
        )
    if how == "destroyed":
        return _say(
            mine,
            N_("You: the {colour} talisman is destroyed."),
            N_("{p}: the {colour} talisman is destroyed."),
            **values,
        )
    return _("{p}: the {colour} talisman {how}.", how=how.replace("_", " "), **values)


def _fight_ended(e: dict[str, Any], p: str, mine: bool) -> str:
    bonus = bonus_text(e["bonuses"])
    count = _("{total} against {power}", total=e["total"], power=e["power"])
    count += f"; {bonus}" if bonus else ""
    if e["won"]:
        return _say(mine, N_("You won ({count})."), N_("{p} won ({count})."), p=p, count=count)
    return _say(mine, N_("You lost ({count})."), N_("{p} lost ({count})."), p=p, count=count)


def _riddle(e: dict[str, Any], p: str, mine: bool) -> str:
    step = e["step"]
    if step in ("challenge", "answer") and e.get("card"):
        values = {"p": p, "text": _(BY_ID[e["card"]].text), "answer": _(e["answer"])}
        if step == "challenge":
            return _say(
                mine,
                N_("You ask “{text}” (answer: {answer})."),
                N_("{p} asks “{text}” (answer: {answer})."),
                **values,
            )
        return _say(
            mine,
            N_("You answer with “{text}” (answer: {answer})."),
            N_("{p} answers with “{text}” (answer: {answer})."),
            **values,
        )
    you, other = STEPS.get(step, (step, step))
    return _say(mine, you, other, p=p, **named()) if step in STEPS else f"{p}: {step}."


SMITH_ROLL = N_("1–2 the weapon goes with it, 3–4 it leaves, 5–6 it stays")


def _returned(e: dict[str, Any], p: str, mine: bool) -> str:
    """A card that goes back where players would not see why: a master card or a
    Weapon-smith that cannot stay, a smith sent away or leaving, a weapon the smith broke.
    `mine`: it is the reader's card. Each sentence takes the gender of the card it names (a
    master's missing weapon: the weapon's), for German's articles: der Waffenschmied, die Axt."""
    cid, why = e["cards"][0], e["why"]
    values = {"p": p, "name": card_name(cid, e["deck"]), "deck": words.deck(e["deck"])}
    if why == "rope":  # the Rope went back just before: one line for both
        return _say(
            mine,
            N_(
                "You use your {rope} against {name} and are not moved; both go back under their"
                " decks."
            ),
            N_(
                "{p} uses the {rope} against {name} and is not moved; both go back under their"
                " decks."
            ),
            **values,
            **named(),
        )
    of = card_gender(cid, e["deck"])
    if cid in MASTER_OF:
        if why == "held":
            return _say(
                mine,
                G_("{name} goes back under the {deck} deck: you have one already."),
                G_("{name} goes back under the {deck} deck: {p} has one already."),
                of,
                **values,
            )
        return _say(
            mine,
            G_("{name} goes back under the {deck} deck: you have no {weapon}."),
            G_("{name} goes back under the {deck} deck: {p} has no {weapon}."),
            card_gender(MASTER_OF[cid]),
            weapon=card_name(MASTER_OF[cid]),
            **values,
        )
    if why == "declined":
        return _say(
            mine,
            G_("You sent the {name} away; it goes back under the {deck} deck."),
            G_("{p} sent the {name} away; it goes back under the {deck} deck."),
            of,
            **values,
        )
    if why == "no_weapon":
        return _say(
            mine,
            G_("The {name} goes back under the {deck} deck: you have no weapon for it."),
            G_("The {name} goes back under the {deck} deck: {p} has no weapon for it."),
            of,
            **values,
        )
    if why == "smith_left":
        return g_(of, "The {name} leaves; it goes back under the {deck} deck.", **values)
    if cid == "weapon_smith":
        return g_(of, "The {name} failed and goes back under the {deck} deck.", **values)
    return _say(
        mine,
        G_("You: the {name} goes back under the {deck} deck with the smith."),
        G_("{p}: the {name} goes back under the {deck} deck with the smith."),
        of,
        **values,
    )


def _combat(e: dict[str, Any], p: str, mine: bool) -> str:
    """A combat roll counted as the rules count it; a reroll says which dice changed."""
    bonuses = e.get("bonuses")
    if bonuses is None:  # an event from before bonuses were named
        bonuses = {"bonuses": e["total"] - e["result"]} if e["total"] != e["result"] else {}
    count = combat_count(e["dice"], bonuses, e["power"])
    if e.get("rerolled"):
        changed = rerolled_text(e["rerolled"], e.get("before") or e["dice"], e["dice"])
        return _say(
            mine,
            N_("You rerolled {changed}: {count}"),
            N_("{p} rerolled {changed}: {count}"),
            p=p,
            changed=changed,
            count=count,
        )
    return _say(
        mine,
        N_("You rolled the combat dice {count}"),
        N_("{p} rolled the combat dice {count}"),
        p=p,
        count=count,
    )
