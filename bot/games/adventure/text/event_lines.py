"""The lines of the Adventure's events that have several wordings: rolls, cards drawn, LP and GP
changed, talismans, fights and their combat rolls, riddle steps and cards going back for a
reason. Each takes the engine's typed record (`events.py` matches the kind), the reader's own
as "You …" and another hobbit's by name (`say`).
"""

from __future__ import annotations

from bot.games.adventure.text import words
from bot.games.adventure.text.combat import bonus_text, combat_count, rerolled_text
from bot.games.adventure.text.names import card_gender, card_name, named, reason, talisman
from bot.i18n import G_, N_, _, g_
from engine.adventure import events as E
from engine.adventure.cards import MASTER_OF
from engine.adventure.riddles import BY_ID


def say(mine: bool, you: str, other: str, of: str | None = None, **values: object) -> str:
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

SMITH_ROLL = N_("1–2 the weapon goes with it, 3–4 it leaves, 5–6 it stays")


def rolled_line(e: E.Rolled, p: str, mine: bool) -> str:
    res = _("eagle") if e.result == "eagle" else e.result
    if e.why == "travel":  # every turn's roll: no word needed
        return say(
            mine,
            N_("You rolled the {die}: {result}."),
            N_("{p} rolled the {die}: {result}."),
            p=p,
            die=words.die(e.die),
            result=res,
        )
    if e.why == "weapon_smith":
        return say(
            mine,
            N_("You rolled the green die for the {weapon_smith}: {result} ({smith})."),
            N_("{p} rolled the green die for the {weapon_smith}: {result} ({smith})."),
            p=p,
            result=res,
            smith=_(SMITH_ROLL),
            **named(),
        )
    return say(
        mine,
        N_("You rolled the {die} ({why}): {result}."),
        N_("{p} rolled the {die} ({why}): {result}."),
        p=p,
        die=words.die(e.die),
        why=words.word(words.ROLLED_FOR, e.why),
        result=res,
    )


def drawn_line(e: E.Drawn, p: str, mine: bool, me: str) -> str | None:
    deck = e.deck
    if e.card is None:
        if e.player == me:
            return None
        return _("{p} drew a {deck} card.", p=p, deck=words.deck(deck))
    if deck == "riddle" and e.card in BY_ID:  # its riddle, not "Riddle 06"
        text = _(BY_ID[e.card].text)
        return say(
            mine,
            N_("You drew a Riddle card: “{text}”"),
            N_("{p} drew a Riddle card: “{text}”"),
            p=p,
            text=text,
        )
    card = card_name(e.card, deck)
    if deck == "equipment":  # a Village's cards, turned up to buy or leave
        return say(
            mine,
            N_("You look at {card} from the Equipment deck."),
            N_("{p} looks at {card} from the Equipment deck."),
            p=p,
            card=card,
        )
    return say(
        mine,
        N_("You drew {card} ({deck})."),
        N_("{p} drew {card} ({deck})."),
        p=p,
        card=card,
        deck=words.deck(deck),
    )


def changed_line(e: E.Changed, p: str, mine: bool) -> str:
    values: dict[str, object] = {"p": p, "delta": f"{'+' if e.delta > 0 else ''}{e.delta}"}
    values["now"] = e.now
    values["why"] = reason(e.why)
    if e.what == "lp":
        return say(
            mine,
            N_("You: {delta} LP ({why}), now {now} LP."),
            N_("{p}: {delta} LP ({why}), now {now} LP."),
            None,
            **values,
        )
    return say(
        mine,
        N_("You: {delta} GP ({why}), now {now} GP."),
        N_("{p}: {delta} GP ({why}), now {now} GP."),
        None,
        **values,
    )


def talisman_line(e: E.TalismanMoved, p: str, mine: bool) -> str:
    how = e.how
    if how in ("bought", "won"):
        values = {"p": p, "talisman": talisman(e.colour)}
        if how == "bought":
            return say(mine, N_("You bought {talisman}."), N_("{p} bought {talisman}."), **values)
        return say(mine, N_("You won {talisman}."), N_("{p} won {talisman}."), **values)
    values = {"p": p, "colour": words.colour(e.colour)}
    if how == "out_of_game":
        return say(
            mine,
            N_("You: the {colour} talisman is out of the game."),
            N_("{p}: the {colour} talisman is out of the game."),
            **values,
        )
    if how == "destroyed":
        return say(
            mine,
            N_("You: the {colour} talisman is destroyed."),
            N_("{p}: the {colour} talisman is destroyed."),
            **values,
        )
    return _("{p}: the {colour} talisman {how}.", how=how.replace("_", " "), **values)


def fight_ended_line(e: E.FightEnded, p: str, mine: bool) -> str:
    bonus = bonus_text(e.bonuses)
    count = _("{total} against {power}", total=e.total, power=e.power)
    count += f"; {bonus}" if bonus else ""
    if e.won:
        return say(mine, N_("You won ({count})."), N_("{p} won ({count})."), p=p, count=count)
    return say(mine, N_("You lost ({count})."), N_("{p} lost ({count})."), p=p, count=count)


def riddle_line(e: E.Riddled, p: str, mine: bool) -> str:
    step = e.step
    if step in ("challenge", "answer") and e.card:
        values = {"p": p, "text": _(BY_ID[e.card].text), "answer": _(e.answer) if e.answer else ""}
        if step == "challenge":
            return say(
                mine,
                N_("You ask “{text}” (answer: {answer})."),
                N_("{p} asks “{text}” (answer: {answer})."),
                **values,
            )
        return say(
            mine,
            N_("You answer with “{text}” (answer: {answer})."),
            N_("{p} answers with “{text}” (answer: {answer})."),
            **values,
        )
    you, other = STEPS.get(step, (step, step))
    return say(mine, you, other, p=p, **named()) if step in STEPS else f"{p}: {step}."


def returned_line(e: E.Returned, p: str, mine: bool) -> str:
    """A card that goes back where players would not see why: a master card or a
    Weapon-smith that cannot stay, a smith sent away or leaving, a weapon the smith broke.
    `mine`: it is the reader's card. Each sentence takes the gender of the card it names (a
    master's missing weapon: the weapon's), for German's articles: der Waffenschmied, die Axt."""
    cid, why = e.cards[0], e.why
    values = {"p": p, "name": card_name(cid, e.deck), "deck": words.deck(e.deck)}
    if why == "rope":  # the Rope went back just before: one line for both
        return say(
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
    of = card_gender(cid, e.deck)
    if cid in MASTER_OF:
        if why == "held":
            return say(
                mine,
                G_("{name} goes back under the {deck} deck: you have one already."),
                G_("{name} goes back under the {deck} deck: {p} has one already."),
                of,
                **values,
            )
        return say(
            mine,
            G_("{name} goes back under the {deck} deck: you have no {weapon}."),
            G_("{name} goes back under the {deck} deck: {p} has no {weapon}."),
            card_gender(MASTER_OF[cid]),
            weapon=card_name(MASTER_OF[cid]),
            **values,
        )
    if why == "declined":
        return say(
            mine,
            G_("You sent the {name} away; it goes back under the {deck} deck."),
            G_("{p} sent the {name} away; it goes back under the {deck} deck."),
            of,
            **values,
        )
    if why == "no_weapon":
        return say(
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
    return say(
        mine,
        G_("You: the {name} goes back under the {deck} deck with the smith."),
        G_("{p}: the {name} goes back under the {deck} deck with the smith."),
        of,
        **values,
    )


def combat_line(e: E.Combat, p: str, mine: bool) -> str:
    """A combat roll counted as the rules count it; a reroll says which dice changed (a roll from
    before the bonuses were named has them as one sum: `records.record`)."""
    count = combat_count(e.dice, e.bonuses, e.power)
    if e.rerolled:
        changed = rerolled_text(e.rerolled, e.before or e.dice, e.dice)
        return say(
            mine,
            N_("You rerolled {changed}: {count}"),
            N_("{p} rerolled {changed}: {count}"),
            p=p,
            changed=changed,
            count=count,
        )
    return say(
        mine,
        N_("You rolled the combat dice {count}"),
        N_("{p} rolled the combat dice {count}"),
        p=p,
        count=count,
    )
