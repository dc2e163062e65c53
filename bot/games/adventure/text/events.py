"""The Hobbit Adventure Boardgame's events as lines a hobbit reads: who moved where, what was
drawn, fought, riddled or returned; the reader's own as "You …", another's by name.

Each kind of the engine's typed records (`engine.adventure.events`) is matched by its class;
the kinds with several wordings have their lines in `event_lines.py`. Only events visible to
the reader come here (ADV-12), so nothing secret of another hobbit is told.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.adventure.text import words
from bot.games.adventure.text.decided import decided_line
from bot.games.adventure.text.event_lines import (
    changed_line,
    combat_line,
    drawn_line,
    fight_ended_line,
    returned_line,
    riddle_line,
    rolled_line,
    say,
    talisman_line,
)
from bot.games.adventure.text.names import card_gender, card_name, named, talisman, who, whom
from bot.games.adventure.text.places import place_at, place_from, place_to
from bot.games.adventure.text.records import record
from bot.i18n import G_, N_, _, g_, n_
from engine.adventure import events as E

HOW = {
    "travel": "",
    "swift": N_("{swift_as_the_wind}"),
    "forced": N_("sent there"),
    "special": N_("by a card"),
    "flee": N_("fleeing"),
}
"""How a hobbit moved, said after the move; travel needs no word (it is every turn's move)."""


def event_line(e: E.AdvEvent | Mapping[str, Any], me: str) -> str | None:
    """One line for an event (already visible to `me`), or None to skip it (a QUIET one); a
    record read back as JSON is made a typed one first (`records.record`)."""
    typed = record(e)
    if typed is None:  # a kind added without its line
        assert isinstance(e, Mapping)
        kind = str(e["type"])
        return _("{p}: {what}.", p=who(e.get("player"), me), what=kind.replace("_", " "))
    return _line(typed, me)


def _line(e: E.AdvEvent, me: str) -> str | None:
    player = getattr(e, "player", None)
    p, mine = who(player, me), player == me
    match e:
        case E.Decided():
            return decided_line(e, p, mine, me)
        case E.GameStarted(players=players, first=first):
            return say(
                first == me,
                N_("The Hobbit Adventure Boardgame: {names}. You go first."),
                N_("The Hobbit Adventure Boardgame: {names}. {first} goes first."),
                names=", ".join(players),
                first=first,
            )
        case E.TurnBegan(turn=turn):
            return say(mine, N_("— Turn {turn}: You —"), N_("— Turn {turn}: {p} —"), turn=turn, p=p)
        case E.Rolled():
            return rolled_line(e, p, mine)
        case E.Moved():
            return _moved(e, p, mine)
        case E.Drawn():
            return drawn_line(e, p, mine, me)
        case E.Returned(why=why, cards=cards) if why and len(cards or ()) == 1:
            return returned_line(e, p, mine)
        case E.Returned():  # told by the line that drew or played it (decided.QUIET)
            return None
        case E.Kept(card=card):
            return say(
                mine, N_("You keep {card}."), N_("{p} keeps {card}."), p=p, card=card_name(card)
            )
        case E.Changed():
            return changed_line(e, p, mine)
        case E.TalismanMoved():
            return talisman_line(e, p, mine)
        case E.FightBegan(card="dragon"):  # its own sentence: German turns "the Dragon" by case
            return say(
                mine, N_("You must fight the Dragon."), N_("{p} must fight the Dragon."), p=p
            )
        case E.FightBegan(card=card, deck=deck):
            return say(
                mine,
                N_("You must fight {card}."),
                N_("{p} must fight {card}."),
                p=p,
                card=card_name(card, deck),
            )
        case E.Power(card=card, power=power):
            return g_(card_gender(card), "Its power is {power}.", power=power)
        case E.Combat():
            return combat_line(e, p, mine)
        case E.FightEnded():
            return fight_ended_line(e, p, mine)
        case E.Avoided():
            return _avoided(e, p, mine, me)
        case E.Riddled():
            return riddle_line(e, p, mine)
        case E.Taken():
            return _taken(e, p, mine, me)
        case E.Offer(price=price):
            return n_(  # German: "wird 1 Gold geboten", "werden 4 Gold geboten"
                "The {jewellery} is offered {n} GP.",
                "The {jewellery} is offered {n} GP.",
                price,
                **named(),
            )
        case E.Bought(cards=cards, price=price):
            return say(
                mine,
                N_("You bought {cards} for {price} GP."),
                N_("{p} bought {cards} for {price} GP."),
                p=p,
                cards=", ".join(card_name(c) for c in cards),
                price=price,
            )
        case E.Skipped(what=what):
            return _skipped(what, p, mine)
        case E.Out():
            return say(mine, N_("You are out of the game."), N_("{p} is out of the game."), p=p)
        case E.GameOver(dragon_won=True):
            return _("Every hobbit is out: the Dragon wins.")
        case E.GameOver(winner=winner):
            return say(
                winner == me,
                N_("You beat the Dragon and won the game!"),
                N_("{p} beat the Dragon and won the game!"),
                p=winner,
            )
        case _:  # a kind added without its line
            return _("{p}: {what}.", p=p, what=e.type.replace("_", " "))


def _moved(e: E.Moved, p: str, mine: bool) -> str:
    how = e.how
    if how == "forced" and e.frm == e.to_place:  # Swept downriver at Gladden Fields
        return say(  # [decision] cardplay.py: it stays and arrives there again
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
            at_place=place_at(e.to_place),
        )
    values = {"p": p, "from_place": place_from(e.frm), "to_place": place_to(e.to_place)}
    if not HOW.get(how, how):
        return say(
            mine,
            N_("You moved {from_place} {to_place}."),
            N_("{p} moved {from_place} {to_place}."),
            **values,
        )
    return say(
        mine,
        N_("You moved {from_place} {to_place} ({how})."),
        N_("{p} moved {from_place} {to_place} ({how})."),
        how=_(HOW[how], **named()) if how in HOW else how.replace("_", " "),
        **values,
    )


def _avoided(e: E.Avoided, p: str, mine: bool, me: str) -> str:
    values = {"p": p, "card": card_name(e.card), "creature": card_name(e.creature)}
    of = card_gender(e.creature)  # a plural creature: German "ziehen ab"
    if e.chased_to:
        return say(
            mine,
            G_("You played {card}: {creature} goes away to {whom}."),
            G_("{p} played {card}: {creature} goes away to {whom}."),
            of,
            whom=whom(e.chased_to, me),
            **values,
        )
    return say(
        mine,
        G_("You played {card}: {creature} goes away."),
        G_("{p} played {card}: {creature} goes away."),
        of,
        **values,
    )


def _taken(e: E.Taken, p: str, mine: bool, me: str) -> str:
    if e.what == "equipment":  # German gives the card its article: "nimmt dir das Pferd ab"
        return say(
            mine,
            G_("You take {card} from {whom}."),
            G_("{p} takes {card} from {whom}."),
            card_gender(e.thing),
            p=p,
            card=card_name(e.thing),
            whom=whom(e.frm, me),
        )
    if e.what == "talisman":
        thing = talisman(e.thing)
    else:
        thing = e.thing or _("{amount} GP", amount=e.amount)
    return say(
        mine,
        N_("You take {thing} from {whom}."),
        N_("{p} takes {thing} from {whom}."),
        p=p,
        thing=thing,
        whom=whom(e.frm, me),
    )


def _skipped(what: str, p: str, mine: bool) -> str:
    if what.endswith("_deck_empty"):
        deck = words.deck(what.removesuffix("_deck_empty"))
        return say(
            mine,
            N_("You: the {deck} deck is empty; nothing happens."),
            N_("{p}: the {deck} deck is empty; nothing happens."),
            p=p,
            deck=deck,
        )
    return _("{p}: {what}; nothing happens.", p=p, what=what.replace("_", " "))
