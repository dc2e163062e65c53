"""What each card does, in our own short words of ADV-10/11: one line per held card for the
pack, and a line for every card of every deck (creatures, events, Money) for `card <name>` in
the terminal and `/adventure rules` in Discord. Looked up by (part of) a name or an id, in
English or the reader's language. Texts are English templates (`N_`, catalogue
`adventure_content`) written in the reader's language where they are shown."""

from __future__ import annotations

from functools import cache
from typing import Final

from bot.games.adventure.text.content import answer_words, in_every_language, riddle_text
from bot.i18n import N_, _, n_
from engine.adventure.board import to_id
from engine.adventure.cards import (
    CARDS,
    COIN,
    CREATURE,
    DANGER,
    ENCHANTER,
    GAIN_GP,
    GAIN_LP,
    HELD,
    LOSE_GP,
    LOSE_LP,
    PERIL,
    Card,
)
from engine.adventure.riddles import BY_ID

TEXTS: Final[dict[str, str]] = {
    "thunder_of_light": N_("Before a fight: send the creature to the nearest other hobbit."),
    "adan_wind_horn": N_("Before a fight: send the creature to the nearest other hobbit."),
    "shadow_shield": N_("Refuse a fight with a creature, or a riddle duel."),
    "scroll_of_minds": N_("+4 in a fight (not the Dragon); or take something from a hobbit here."),
    "dragon_bane_rune": N_("+2 against the Dragon."),
    "elven_cloak": N_("+1 in every fight (shown once it counts)."),
    "athelas": N_("Any time: heal 3 LP."),
    "wizard_s_counsel": N_("+3 against the Dragon."),
    "swift_as_the_wind": N_("Instead of travelling: move up to 5 roads."),
    "blessing": N_("+2 in one fight."),
    "potion_2": N_("+2 in one fight, or heal 2 LP."),
    "potion_3": N_("+3 in one fight, or heal 3 LP."),
    "lantern": N_("+1 against Peril creatures."),
    "rope": N_("Cancels one forced movement."),
    "pipe": N_("+1 LP when you rest."),
    "sword": N_("+1 in fights (best weapon counts)."),
    "axe": N_("+1 in fights (best weapon counts)."),
    "shield": N_("+1 in fights."),
    "mithril_shirt": N_("+1 in fights; lose 1 LP less to creatures."),
    "horse": N_("+1 to your travel roll."),
    "jewellery": N_("Sell it at a Village."),
    "dwarf_companion": N_("+1 in fights until you lose one."),
    "ranger": N_("+2 in your next fight."),
    "sword_master": N_("+1 more with a Sword."),
    "axe_master": N_("+1 more with an Axe."),
    "weapon_smith": N_("+1 more on one weapon."),
}

DRAWN: Final[dict[str, str]] = {
    "lost_in_the_woods": N_(
        "You are moved to the nearest Adventure place (your pick between"
        " equals) and arrive there. A Rope cancels it."
    ),
    "swept_downriver": N_("You are moved to Gladden Fields and arrive there. A Rope cancels it."),
    "fog": N_("Back to where your turn began; your turn ends. A Rope cancels it."),
    "friendly_eagle": N_("If you like, fly to any Haven and arrive there."),
    "hidden_path": N_("If you like, go to any place up to 4 roads away and arrive there."),
    "raging_fire": N_(
        "Stay and lose 2 LP (your turn goes on), or go back to where your turn"
        " began (your turn ends)."
    ),
    "peddler": N_(
        "Turn up the top Equipment card: buy it at its price if you like, wherever you are."
    ),
    "evil_conjurer": N_("It beats you: one talisman of your choice is destroyed (no LP lost)."),
    "evil_mage": N_(
        "You fight it again, a new power each time, until you win; every lost fight"
        " after the fifth costs 1 GP."
    ),
    "old_angry_mage": N_(
        "It beats you: your weapons go back to the deck, a Weapon-smith on them too."
    ),
}
"""Cards resolved when drawn that need more than a number (ADV-10, ADV-11)."""

DECK_NAMES: Final = {
    "equipment": N_("Equipment"),
    "adventure": N_("Adventure"),
    "peril": N_("Peril"),
    "danger": N_("Danger"),
    "rest": N_("Rest"),
    "magic": N_("Magic, secret"),
    "riddle": N_("Riddle, secret"),
    "money": N_("Money"),
}
"""A deck as card help names it (the secret decks say so)."""

AFTER: Final = {
    PERIL: N_("A Lantern counts +1 against it."),
    DANGER: N_("Beaten, you may take a talisman lying there instead of the gold."),
}
"""What a deck's creatures add to the numbers (ADV-5, ADV-6 step 5)."""

SIMPLE: Final = {
    GAIN_GP: N_("+{n} GP at once."),
    LOSE_GP: N_("−{n} GP at once."),
    GAIN_LP: N_("+{n} LP at once (never above 12)."),
    LOSE_LP: N_("−{n} LP at once."),
}


def deck_name(deck: str) -> str:
    """A deck's name for card help, in the reader's language."""
    return _(DECK_NAMES[deck]) if deck in DECK_NAMES else deck.title()


def card_title(card: Card) -> str:
    """A card's name in the reader's language (`Lantern`, `Laterne`)."""
    return _(card.name)


def card_text(cid: str) -> str:
    """`Name — what it does`; a Riddle card shows its riddle and its answers."""
    if cid in BY_ID:
        answers = ", ".join(answer_words(cid))
        return _("“{riddle}” — answers: {answers}", riddle=riddle_text(cid), answers=answers)
    card = HELD.get(cid)
    name = card_title(card) if card else cid
    text = TEXTS.get(cid)
    return _("{card} — {text}", card=name, text=_(text)) if text else name


def riddle_help(cid: str) -> str:
    """A Riddle card as its holder needs it: what it asks, and which riddles it answers."""
    words = answer_words(cid)
    return _(
        "{card}: “{riddle}” Asked, its answer is {answer}; it answers a riddle whose answer is"
        " {answers}.",
        card=card_title(HELD[cid]),
        riddle=riddle_text(cid),
        answer=words[0],
        answers=_(" or ").join(words),
    )


def _gold(card: Card) -> str:
    if not card.money:
        return _("no gold")
    return n_("{n} Money card of gold", "{n} Money cards of gold", card.money)


def _does(card: Card) -> str:
    """What a card of any deck does when drawn or held, from its numbers where it can."""
    if card.kind == CREATURE:
        said = _(
            "A creature: power = green die + {power}. Beat it: {gold}; it beats you: −{loss} LP.",
            power=card.power,
            gold=_gold(card),
            loss=card.loss,
        )
        return f"{said} {_(AFTER[card.deck])}" if card.deck in AFTER else said
    if card.kind == ENCHANTER:
        return _(
            "An enchanter, fought and never avoided: power = green die + {power}."
            " Beat it: {gold}. {effect}",
            power=card.power,
            gold=_gold(card),
            effect=_(DRAWN[card.id]),
        )
    if card.kind == COIN:
        return _("Money: {n} GP, for a beaten creature.", n=card.value)
    if card.kind in SIMPLE:
        return _(SIMPLE[card.kind], n=card.value)
    if card.id in BY_ID:
        return riddle_help(card.id).split(": ", 1)[1]
    text = TEXTS.get(card.id) or DRAWN.get(card.id)
    return _(text) if text else ""


def card_help(deck: str, cid: str) -> str:
    """`Name (Deck) — what it does`, for any card of any deck."""
    card = CARDS[(deck, cid)]
    return _(
        "{card} ({deck}) — {text}", card=card_title(card), deck=deck_name(deck), text=_does(card)
    )


@cache
def name_ids(card: Card) -> frozenset[str]:
    """A card's name as ids in every language the bot speaks, so `Laterne` finds the Lantern
    for any reader."""
    return frozenset(to_id(name) for name in in_every_language(card.name))


def find_cards(asked: str) -> list[tuple[str, str]]:
    """The (deck, id) of every card named `asked` (its id, or its name in any language the bot
    speaks, any case, accent or punctuation); else of every card whose English name or name in
    the reader's language holds it. A name in two decks (Giant spider) gives both. Sorted by
    the names the reader reads."""
    needle = to_id(asked)
    if not needle:
        return []
    keys = sorted(CARDS, key=lambda k: card_title(CARDS[k]).lower())
    exact = [k for k in keys if needle == k[1] or needle in name_ids(CARDS[k])]
    if exact:
        return exact
    read = {k: (to_id(CARDS[k].name), to_id(card_title(CARDS[k]))) for k in keys}
    return [k for k in keys if any(needle in n for n in read[k])]
