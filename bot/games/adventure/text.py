"""The Hobbit Adventure Boardgame as terminal text: events, decisions and the board.

Everything here reads the player's view (ADV-12) or events addressed to them, so nothing
secret of another hobbit reaches the screen.
"""

from __future__ import annotations

from typing import Any

from bot.games.adventure.combat import bonus_text, combat_count, face, rerolled_text
from engine.adventure import board as B
from engine.adventure.cards import CARDS, HELD, MASTER_OF
from engine.adventure.decisions import Decision
from engine.adventure.riddles import BY_ID


def place(pid: str) -> str:
    return B.PLACES[pid].name if pid in B.PLACES else pid


def card_name(cid: str | None, deck: str | None = None) -> str:
    if cid is None:
        return "a card"
    if cid == "dragon":
        return "the Dragon"
    if deck and (deck, cid) in CARDS:
        return CARDS[(deck, cid)].name
    if cid in HELD:
        return HELD[cid].name
    return next((c.name for (_, i), c in CARDS.items() if i == cid), cid)


def who(pid: str | None, me: str) -> str:
    """A hobbit opening a sentence: the reader is "You"."""
    return "You" if pid == me else str(pid)


def whom(pid: str | None, me: str) -> str:
    """A hobbit inside a sentence: the reader is "you"."""
    return "you" if pid == me else str(pid)


def reason(why: str) -> str:
    """Why LP or GP changed: a card by its name ("Good Night's Sleep"), else the words."""
    name = card_name(why)
    return name if name != why else why.replace("_", " ")


HOW = {
    "travel": "",
    "swift": "Swift as the wind",
    "forced": "sent there",
    "special": "by a card",
    "flee": "fleeing",
}
"""How a hobbit moved, said after the move; travel needs no word (it is every turn's move)."""


def _plural(n: int | str, word: str) -> str:
    return f"{n} {word}" if str(n) == "1" else f"{n} {word}s"


def _verb(p: str, third: str, base: str) -> str:
    return base if p == "You" else third


STEPS = {"no_answer": ("cannot answer", "cannot answer"), "end": ("ends the duel", "end the duel")}
STEPS["shield"] = ("refuses the duel with Shadow-shield", "refuse the duel with Shadow-shield")
LABELS = {
    "roll": "Roll the movement die",
    "rest": "Rest (draw two Rest cards)",
    "place": "Take the place's action instead",
    "heal": "Heal 2 LP",
    "draw_magic": "Draw a Magic card",
    "draw_riddle": "Draw a Riddle card",
    "browse": "Look at the top 5 Equipment cards",
    "sell": "Offer a Jewellery for sale",
    "accept": "Accept the price",
    "refuse": "Refuse the price",
    "done": "Done",
    "fight": "Fight",
    "stop": "Keep this roll",
    "end_duel": "End the duel",
    "shield": "Refuse the duel with Shadow-shield",
}


def event_line(e: dict[str, Any], me: str) -> str | None:
    """One line for an event (already known to be visible to `me`), or None to skip it."""
    t, p = e["type"], who(e.get("player"), me)
    if t == "game_started":
        names = ", ".join(e["players"])
        first = who(e["first"], me)
        return (
            f"The Hobbit Adventure Boardgame: {names}. {first} {_verb(first, 'goes', 'go')} first."
        )
    if t == "turn_began":
        return f"— Turn {e['turn']}: {p} —"
    if t == "rolled":
        res, why = e["result"], e["why"].replace("_", " ")
        if e["why"] == "travel":  # every turn's roll: no word needed
            return f"{p} rolled the {e['die']} die: {res}."
        if e["why"] == "weapon_smith":
            return f"{p} rolled the green die for the Weapon-smith: {res} ({SMITH_ROLL})."
        return f"{p} rolled the {e['die']} die ({why}): {res}."
    if t == "moved":
        how = HOW.get(e["how"], e["how"].replace("_", " "))
        where = f"{p} moved from {place(e['frm'])} to {place(e['to_place'])}"
        return f"{where} ({how})." if how else f"{where}."
    if t == "drawn":
        if e["card"] is None:
            return None if e["player"] == me else f"{p} drew a {e['deck'].title()} card."
        if e["deck"] == "riddle" and e["card"] in BY_ID:  # its riddle, not "Riddle 06"
            return f"{p} drew a Riddle card: “{BY_ID[e['card']].text}”"
        if e["deck"] == "equipment":  # a Village's cards, turned up to buy or leave
            looks = _verb(p, "looks", "look")
            return f"{p} {looks} at {card_name(e['card'], e['deck'])} from the Equipment deck."
        return f"{p} drew {card_name(e['card'], e['deck'])} ({e['deck'].title()})."
    if t == "returned" and e.get("why") and len(e.get("cards") or ()) == 1:
        return _returned(e, p, whom(e.get("player"), me))
    if t == "kept":
        return f"{p} {_verb(p, 'keeps', 'keep')} {card_name(e['card'])}."
    if t == "changed":
        unit = "LP" if e["what"] == "lp" else "GP"
        sign = "+" if e["delta"] > 0 else ""
        return f"{p}: {sign}{e['delta']} {unit} ({reason(e['why'])}), now {e['now']} {unit}."
    if t == "talisman":
        if e["how"] in ("bought", "won"):
            return f"{p} {e['how']} the {e['colour']} talisman."
        gone = {"out_of_game": "is out of the game", "destroyed": "is destroyed"}
        how = gone.get(e["how"], e["how"].replace("_", " "))
        return f"{p}: the {e['colour']} talisman {how}."
    if t == "fight_began":
        return f"{p} must fight {card_name(e['card'], e['deck'])}."
    if t == "power":
        return f"Its power is {e['power']}."
    if t == "combat":
        return _combat(e, p)
    if t == "fight_ended":
        bonus = bonus_text(e["bonuses"])
        result = "won" if e["won"] else "lost"
        return f"{p} {result} ({e['total']} against {e['power']}{'; ' + bonus if bonus else ''})."
    if t == "avoided":
        to = f" to {whom(e['chased_to'], me)}" if e.get("chased_to") else ""
        return f"{p} played {card_name(e['card'])}: {card_name(e['creature'])} goes away{to}."
    if t == "riddle":
        if e["step"] in ("challenge", "answer") and e.get("card"):
            if e["step"] == "challenge":
                verb = _verb(p, "asks", "ask")
            else:
                verb = _verb(p, "answers with", "answer with")
            return f"{p} {verb} “{BY_ID[e['card']].text}” (answer: {e['answer']})."
        third, base = STEPS.get(e["step"], (e["step"], e["step"]))
        return f"{p} {_verb(p, third, base)}."
    if t == "taken":
        thing = e["thing"] or f"{e['amount']} GP"
        thing = card_name(thing) if e["what"] == "equipment" else thing
        thing = f"the {thing} talisman" if e["what"] == "talisman" else thing
        return f"{p} {_verb(p, 'takes', 'take')} {thing} from {whom(e['frm'], me)}."
    if t == "offer":
        return f"The Jewellery is offered {e['price']} GP."
    if t == "bought":
        return f"{p} bought {', '.join(card_name(c) for c in e['cards'])} for {e['price']} GP."
    if t == "skipped":
        return f"{p}: {e['what'].replace('_', ' ')}; nothing happens."
    if t == "out":
        return f"{p} {_verb(p, 'is', 'are')} out of the game."
    if t == "game_over":
        if e["dragon_won"]:
            return "Every hobbit is out: the Dragon wins."
        return f"{who(e['winner'], me)} beat the Dragon and won the game!"
    if t == "decided" and e.get("auto"):
        return None
    return None


SMITH_ROLL = "1–2 the weapon goes with it, 3–4 it leaves, 5–6 it stays"


def _returned(e: dict[str, Any], p: str, w: str) -> str:
    """A card that goes back where players would not see why: a master card or a
    Weapon-smith that cannot stay, a smith sent away or leaving, a weapon the smith broke.
    `p` opens a sentence, `w` stands inside one."""
    cid, why = e["cards"][0], e["why"]
    name = card_name(cid, e["deck"])
    under = f"under the {e['deck'].title()} deck"
    has = "have" if w == "you" else "has"
    if cid in MASTER_OF:
        if why == "held":
            return f"{name} goes back {under}: {w} {has} one already."
        return f"{name} goes back {under}: {w} {has} no {card_name(MASTER_OF[cid])}."
    if why == "declined":
        return f"{p} sent the {name} away; it goes back {under}."
    if why == "no_weapon":
        return f"The {name} goes back {under}: {w} {has} no weapon for it."
    if why == "smith_left":
        return f"The {name} leaves; it goes back {under}."
    if cid == "weapon_smith":
        return f"The {name} failed and goes back {under}."
    return f"{p}: the {name} goes back {under} with the smith."


def _combat(e: dict[str, Any], p: str) -> str:
    """A combat roll counted as the rules count it; a reroll says which dice changed."""
    bonuses = e.get("bonuses")
    if bonuses is None:  # an event from before bonuses were named
        bonuses = {"bonuses": e["total"] - e["result"]} if e["total"] != e["result"] else {}
    count = combat_count(e["dice"], bonuses, e["power"])
    if e.get("rerolled"):
        changed = rerolled_text(e["rerolled"], e.get("before") or e["dice"], e["dice"])
        return f"{p} rerolled {changed}: {count}"
    return f"{p} rolled the combat dice {count}"


def decision_label(d: Decision, view: dict[str, Any]) -> str:
    """A short line for one legal decision of the viewer."""
    a = d.action
    here = view["hobbits"][view["me"]]["place"]
    if a in ("travel", "move_to") and d.to is not None:
        pl = B.PLACES[d.to]
        verb = "Travel to" if a == "travel" else "Move to"
        far = B.distance(here, d.to)
        return f"{verb} {pl.name} {pl.symbol} {pl.kind} ({_plural(far, 'road')})"
    if a == "move_to":
        return "Stay where you are"
    if a == "buy":
        return "Buy " + (", ".join(card_name(c) for c in d.cards or ()) or "nothing")
    if a == "prepare":
        return "Add " + (", ".join(card_name(c) for c in d.cards or ()) or "nothing")
    if a == "reroll":
        faces = (view.get("fight") or {}).get("dice") or []
        dice = [f"{i + 1}" + (f" {face(faces[i])}" if i < len(faces) else "") for i in d.dice or ()]
        listed = ", ".join(dice[:-1]) + f" and {dice[-1]}" if len(dice) > 1 else "".join(dice)
        return f"Reroll {'dice' if len(dice) > 1 else 'die'} {listed}"
    if a == "avoid":
        to = f" (send it to {d.target})" if d.target else ""
        return f"Avoid with {card_name(d.card)}{to}"
    if a in ("challenge", "answer") and d.card:
        return f"{a.title()} with “{BY_ID[d.card].text}” ({', '.join(BY_ID[d.card].answers)})"
    if a == "answer":
        return "You cannot answer"
    if a == "take":
        if d.colour:
            return f"Take the {d.colour} talisman"
        return f"Take {card_name(d.card)}" if d.card else "Take the gold"
    if a == "use":
        extra = (
            f" on {d.target}: {d.colour or card_name(d.item) if d.item else d.what}"
            if d.target
            else ""
        )
        return f"Use {card_name(d.card)}{extra}"
    if a == "smith":
        return (
            f"Let the smith work on your {card_name(d.card)}" if d.card else "Send the smith away"
        )
    if a == "riddle":
        return f"Riddle {d.target}"
    if a in LABELS:
        return LABELS[a]
    if a == "buy_talisman":
        return f"Buy the {d.colour} talisman (5 GP)"
    if a == "choose":
        return _choice(d.option)
    fields = {k: v for k, v in d.to_dict().items() if k != "action"}
    extra = " ".join(f"{v}" for v in fields.values() if v is not None)
    return (a.replace("_", " ").capitalize() + (" " + extra if extra else "")).strip()


CHOICES = {
    "stay": "Stay in the fire",
    "flee": "Flee the fire",
    "keep": "Keep the Rope (the card takes effect)",
    "decline": "Use the Rope to decline the card",
    None: "No talisman to lose",
}
COLOURS = ("blue", "green", "red", "yellow")


def _choice(option: str | None) -> str:
    """A `choose` decision (the fire, the Rope, the way out of the woods, a talisman lost)."""
    if option in B.PLACES:
        return f"Go to {place(option)}"
    if option in COLOURS:
        return f"Lose the {option} talisman"
    return CHOICES.get(option, f"Choose {option}")


def status_lines(view: dict[str, Any], names: dict[str, str] | None = None) -> list[str]:
    """Where everyone is and what you hold (hobbits by `names`, else by their ids)."""
    me = view["me"]
    lines = []
    for pid, h in view["hobbits"].items():
        tag = "You" if pid == me else (names or {}).get(pid, pid)
        if h["out"]:
            lines.append(f"{tag}: out of the game")
            continue
        secret = h["secret"] if isinstance(h["secret"], list) else None
        cards = [card_name(c) for c in h["cards"]]
        if secret is not None:
            cards += [card_name(c) for c in secret if c not in h["cards"]]
        elif h["secret"]:
            cards.append(_plural(h["secret"], "secret card"))
        tal = ", ".join(h["talismans"]) or "no talismans"
        lines.append(
            f"{tag}: {place(h['place'])} — {h['lp']} LP, {h['gp']} GP, {tal}; "
            f"{', '.join(cards) or 'no cards'}"
        )
    lying = ", ".join(f"{place(p)} {'/'.join(c)}" for p, c in view["board"].items() if c)
    lines.append(f"Talismans on the board: {lying or 'none'}")
    return lines
