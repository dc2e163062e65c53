"""The Hobbit Adventure Boardgame as terminal text: events, decisions and the board.

Everything here reads the player's view (ADV-12) or events addressed to them, so nothing
secret of another hobbit reaches the screen.
"""

from __future__ import annotations

from typing import Any

from bot.games.adventure import words
from bot.games.adventure.combat import bonus_text, combat_count, face, rerolled_text
from bot.games.adventure.places import place_from, place_to
from bot.i18n import N_, _, n_, p_
from engine.adventure import board as B
from engine.adventure.cards import CARDS, HELD, MASTER_OF
from engine.adventure.decisions import Decision
from engine.adventure.riddles import BY_ID


def place(pid: str) -> str:
    """A place's name in the reader's language (the names are the content's catalogue)."""
    return _(B.PLACES[pid].name) if pid in B.PLACES else pid


def card_name(cid: str | None, deck: str | None = None) -> str:
    if cid is None:
        return _("a card")
    if cid == "dragon":
        return _("the Dragon")
    if deck and (deck, cid) in CARDS:
        return _(CARDS[(deck, cid)].name)
    if cid in HELD:
        return _(HELD[cid].name)
    return next((_(c.name) for (_unused, i), c in CARDS.items() if i == cid), cid)


NAMED = ("shadow_shield", "weapon_smith", "rope", "jewellery", "swift_as_the_wind")
"""Cards the sentences here name (`{rope}`): filled in by their names in the reader's language,
as the content's catalogue has them, so a sentence and the card agree."""


def named() -> dict[str, str]:
    """The cards of `NAMED` by name, for a template that names one."""
    return {cid: card_name(cid) for cid in NAMED}


def who(pid: str | None, me: str) -> str:
    """A hobbit opening a sentence: the reader is "You"."""
    return _("You") if pid == me else str(pid)


def whom(pid: str | None, me: str) -> str:
    """A hobbit inside a sentence (to or from whom): the reader is "you"."""
    return p_("to or from whom", "you") if pid == me else str(pid)


def reason(why: str) -> str:
    """Why LP or GP changed: a card by its name ("Good Night's Sleep"), else the words."""
    name = card_name(why)
    return name if name != why else words.word(words.REASONS, why)


HOW = {
    "travel": "",
    "swift": N_("{swift_as_the_wind}"),
    "forced": N_("sent there"),
    "special": N_("by a card"),
    "flee": N_("fleeing"),
}
"""How a hobbit moved, said after the move; travel needs no word (it is every turn's move)."""


def _plural(n: int, word: str) -> str:
    """`1 road`, `2 roads` (the only counted word here)."""
    assert word == "road"
    return n_("{n} road", "{n} roads", n)


def _say(mine: bool, you: str, other: str, **values: object) -> str:
    """The reader's own sentence (`You keep …`) or a hobbit's (`{p} keeps …`): two messages,
    since a translation turns the verb with its subject."""
    return _(you, **values) if mine else _(other, **values)


STEPS = {
    "no_answer": (N_("You cannot answer."), N_("{p} cannot answer.")),
    "end": (N_("You end the duel."), N_("{p} ends the duel.")),
    "shield": (
        N_("You refuse the duel with {shadow_shield}."),
        N_("{p} refuses the duel with {shadow_shield}."),
    ),
}
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


def talisman(c: str | None) -> str:
    """`the blue talisman` inside a sentence."""
    return _("the {colour} talisman", colour=words.colour(c))


def event_line(e: dict[str, Any], me: str) -> str | None:
    """One line for an event (already visible to `me`), or None to skip it."""
    t, p = e["type"], who(e.get("player"), me)
    mine = e.get("player") == me
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
        card = card_name(e["card"], e["deck"])
        return _say(
            mine, N_("You must fight {card}."), N_("{p} must fight {card}."), p=p, card=card
        )
    if t == "power":
        return _("Its power is {power}.", power=e["power"])
    if t == "combat":
        return _combat(e, p, mine)
    if t == "fight_ended":
        return _fight_ended(e, p, mine)
    if t == "avoided":
        values = {"p": p, "card": card_name(e["card"]), "creature": card_name(e["creature"])}
        if e.get("chased_to"):
            return _say(
                mine,
                N_("You played {card}: {creature} goes away to {whom}."),
                N_("{p} played {card}: {creature} goes away to {whom}."),
                whom=whom(e["chased_to"], me),
                **values,
            )
        return _say(
            mine,
            N_("You played {card}: {creature} goes away."),
            N_("{p} played {card}: {creature} goes away."),
            **values,
        )
    if t == "riddle":
        return _riddle(e, p, mine)
    if t == "taken":
        if e["what"] == "equipment":
            thing = card_name(e["thing"])
        elif e["what"] == "talisman":
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
        return _("The {jewellery} is offered {price} GP.", price=e["price"], **named())
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
    return None


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
    `mine`: it is the reader's card."""
    cid, why = e["cards"][0], e["why"]
    values = {"p": p, "name": card_name(cid, e["deck"]), "deck": words.deck(e["deck"])}
    if cid in MASTER_OF:
        if why == "held":
            return _say(
                mine,
                N_("{name} goes back under the {deck} deck: you have one already."),
                N_("{name} goes back under the {deck} deck: {p} has one already."),
                **values,
            )
        return _say(
            mine,
            N_("{name} goes back under the {deck} deck: you have no {weapon}."),
            N_("{name} goes back under the {deck} deck: {p} has no {weapon}."),
            weapon=card_name(MASTER_OF[cid]),
            **values,
        )
    if why == "declined":
        return _say(
            mine,
            N_("You sent the {name} away; it goes back under the {deck} deck."),
            N_("{p} sent the {name} away; it goes back under the {deck} deck."),
            **values,
        )
    if why == "no_weapon":
        return _say(
            mine,
            N_("The {name} goes back under the {deck} deck: you have no weapon for it."),
            N_("The {name} goes back under the {deck} deck: {p} has no weapon for it."),
            **values,
        )
    if why == "smith_left":
        return _("The {name} leaves; it goes back under the {deck} deck.", **values)
    if cid == "weapon_smith":
        return _("The {name} failed and goes back under the {deck} deck.", **values)
    return _say(
        mine,
        N_("You: the {name} goes back under the {deck} deck with the smith."),
        N_("{p}: the {name} goes back under the {deck} deck with the smith."),
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


def _cards(cards: Any) -> str:
    return ", ".join(card_name(c) for c in cards or ()) or _("nothing")


def decision_label(d: Decision, view: dict[str, Any]) -> str:
    """A short line for one legal decision of the viewer."""
    a = d.action
    here = view["hobbits"][view["me"]]["place"]
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
        faces = (view.get("fight") or {}).get("dice") or []
        dice = [f"{i + 1}" + (f" {face(faces[i])}" if i < len(faces) else "") for i in d.dice or ()]
        if len(dice) > 1:
            return _("Reroll dice {dice} and {last}", dice=", ".join(dice[:-1]), last=dice[-1])
        return _("Reroll die {die}", die="".join(dice))
    if a == "avoid":
        if d.target:
            return _(
                "Avoid with {card} (send it to {target})", card=card_name(d.card), target=d.target
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
        return _("Take {card}", card=card_name(d.card)) if d.card else _("Take the gold")
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


def status_lines(view: dict[str, Any], names: dict[str, str] | None = None) -> list[str]:
    """Where everyone is and what you hold (hobbits by `names`, else by their ids)."""
    me = view["me"]
    lines = []
    for pid, h in view["hobbits"].items():
        tag = _("You") if pid == me else (names or {}).get(pid, pid)
        if h["out"]:
            lines.append(_("{who}: out of the game", who=tag))
            continue
        secret = h["secret"] if isinstance(h["secret"], list) else None
        cards = [card_name(c) for c in h["cards"]]
        if secret is not None:
            cards += [card_name(c) for c in secret if c not in h["cards"]]
        elif h["secret"]:
            cards.append(n_("{n} secret card", "{n} secret cards", h["secret"]))
        lines.append(
            _(
                "{who}: {place} — {lp} LP, {gp} GP, {talismans}; {cards}",
                who=tag,
                place=place(h["place"]),
                lp=h["lp"],
                gp=h["gp"],
                talismans=words.colours(h["talismans"]) or _("no talismans"),
                cards=", ".join(cards) or _("no cards"),
            )
        )
    lying = ", ".join(
        f"{place(p)} {'/'.join(words.colour(c) for c in cs)}"
        for p, cs in view["board"].items()
        if cs
    )
    lines.append(_("Talismans on the board: {lying}", lying=lying or _("none")))
    return lines
