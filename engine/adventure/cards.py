"""The 142 cards of the eight decks (ADV-10), as data: kind, numbers, and where they may be held.

Ids follow adventure-scenario-format.md: the name in lower case with other characters turned
into `_`, with the fixed exceptions `potion_2`, `potion_3`, `money_0`..`money_5` and `r01`..`r24`.
Copies share an id. A held card's id names one deck only, so held cards need no deck label.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from engine.adventure.board import to_id
from engine.adventure.riddles import RIDDLES

MONEY: Final = "money"
EQUIPMENT: Final = "equipment"
ADVENTURE: Final = "adventure"
PERIL: Final = "peril"
DANGER: Final = "danger"
REST: Final = "rest"
MAGIC: Final = "magic"
RIDDLE: Final = "riddle"
DECKS: Final = (EQUIPMENT, ADVENTURE, PERIL, DANGER, REST, MAGIC, RIDDLE, MONEY)
"""The decks in the order a plain scenario id is looked up (scenario format, "Ids")."""
SECRET_DECKS: Final = frozenset({MAGIC, RIDDLE})
"""Cards of these decks are held face down (ADV-12)."""

# Card kinds: what resolving the card does.
CREATURE: Final = "creature"
ENCHANTER: Final = "enchanter"
FORCED: Final = "forced"
SPECIAL: Final = "special"
FIRE: Final = "fire"
GAIN_GP: Final = "gain_gp"
LOSE_GP: Final = "lose_gp"
GAIN_LP: Final = "gain_lp"
LOSE_LP: Final = "lose_lp"
COMPANION: Final = "companion"
TREASURE: Final = "treasure"
MASTER: Final = "master"
SMITH: Final = "smith"
PEDDLER: Final = "peddler"
GOODS: Final = "goods"
SPELL: Final = "spell"
RIDDLE_KIND: Final = "riddle"
COIN: Final = "coin"

COMMON: Final = "common"
GOODS_PEOPLE: Final = {"common": None, "hobbit": "hobbits", "men": "men", "dwarven": "dwarves"}
"""Which Village people sells each kind of goods (None: every Village)."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its deck, kind and numbers.

    `power` is the creature's n (power = green die + n), `money` the Money cards drawn when it
    is beaten, `loss` the LP lost to it (0 for enchanters). `value` is the GP or LP a simple
    card gives or takes, a price for goods, a bonus for spells. `held`: kept by the drawer.
    """

    id: str
    name: str
    deck: str
    kind: str
    power: int = 0
    money: int = 0
    loss: int = 0
    value: int = 0
    goods: str | None = None
    held: bool = False

    @property
    def secret(self) -> bool:
        return self.deck in SECRET_DECKS


def _c(name: str, deck: str, kind: str, copies: int = 1, **numbers: int | str | bool) -> list[Card]:
    card = Card(to_id(name), name, deck, kind, **numbers)  # type: ignore[arg-type]
    return [card] * copies


def _creature(
    deck: str, name: str, power: int, money: int, loss: int, copies: int = 1
) -> list[Card]:
    return _c(name, deck, CREATURE, copies, power=power, money=money, loss=loss)


def _goods(name: str, cid: str, price: int, goods: str, copies: int) -> list[Card]:
    return [Card(cid, name, EQUIPMENT, GOODS, value=price, goods=goods, held=True)] * copies


_MONEY = [
    Card(f"money_{gp}", "Empty pockets" if gp == 0 else f"{gp} GP", MONEY, COIN, value=gp)
    for gp, copies in ((0, 1), (1, 4), (2, 4), (3, 3), (4, 1), (5, 1))
    for _ in range(copies)
]

_EQUIPMENT = [
    *_goods("Potion (2 GP)", "potion_2", 2, "common", 4),
    *_goods("Potion (3 GP)", "potion_3", 3, "common", 3),
    *_goods("Lantern", "lantern", 2, "common", 2),
    *_goods("Rope", "rope", 1, "common", 2),
    *_goods("Pipe", "pipe", 1, "hobbit", 2),
    *_goods("Sword", "sword", 4, "men", 3),
    *_goods("Shield", "shield", 3, "men", 2),
    *_goods("Horse", "horse", 5, "men", 2),
    *_goods("Axe", "axe", 4, "dwarven", 3),
    *_goods("Mithril shirt", "mithril_shirt", 8, "dwarven", 1),
]

_ADVENTURE = [
    *_creature(ADVENTURE, "Wolf", 1, 1, 2, 2),
    *_creature(ADVENTURE, "Orc scouts", 2, 1, 2, 2),
    *_creature(ADVENTURE, "Bandits", 2, 2, 2),
    *_creature(ADVENTURE, "Giant spider", 3, 1, 3),
    *_creature(ADVENTURE, "Warg rider", 3, 2, 3),
    *_creature(ADVENTURE, "Hill troll", 4, 2, 3),
    *_creature(ADVENTURE, "Stone troll", 5, 3, 4),
    *_creature(ADVENTURE, "Cave bats", 1, 0, 1),
    *_c("Lost in the woods", ADVENTURE, FORCED),
    *_c("Swept downriver", ADVENTURE, FORCED),
    *_c("Fog", ADVENTURE, FORCED),
    *_c("Friendly eagle", ADVENTURE, SPECIAL),
    *_c("Hidden path", ADVENTURE, SPECIAL, value=4),
    *_c("Raging Fire", ADVENTURE, FIRE, value=2),
    *_c("Found a purse", ADVENTURE, GAIN_GP, 2, value=2),
    *_c("Healing spring", ADVENTURE, GAIN_LP, 2, value=2),
    *_c("Dwarf companion", ADVENTURE, COMPANION, value=1, held=True),
    *_c("Ranger", ADVENTURE, COMPANION, value=2, held=True),
    *_c("Snare", ADVENTURE, LOSE_LP, 2, value=1),
]

_PERIL = [
    *_creature(PERIL, "Barrow-wight", 4, 2, 3),
    *_creature(PERIL, "Goblin band", 3, 2, 3, 2),
    *_creature(PERIL, "Great Goblin", 5, 3, 4),
    *_creature(PERIL, "Cave troll", 6, 3, 5),
    *_creature(PERIL, "Warg pack", 4, 2, 3),
    *_creature(PERIL, "Stone giant", 6, 2, 5),
    *_creature(PERIL, "Giant spider", 4, 2, 3),
    *_creature(PERIL, "Snow troll", 5, 3, 4),
    *_creature(PERIL, "Were-wolf", 5, 2, 4),
    *_creature(PERIL, "Drake", 6, 3, 5),
    *_creature(PERIL, "Hill giant", 5, 2, 4),
    *_c("Jewellery", PERIL, TREASURE, 3, held=True),
    *_c("Purse of gold", PERIL, GAIN_GP, value=4),
    *_c("Evil Conjurer", PERIL, ENCHANTER, power=5, money=2),
    *_c("Evil Mage", PERIL, ENCHANTER, power=4, money=1),
    *_c("Old angry Mage", PERIL, ENCHANTER, power=5, money=2),
    *_c("Rockslide", PERIL, LOSE_LP, value=2),
]

_DANGER = [
    *_creature(DANGER, "Orc captain", 6, 3, 4),
    *_creature(DANGER, "Troll of the deep", 7, 3, 5),
    *_creature(DANGER, "Cave troll", 6, 3, 5),
    *_creature(DANGER, "Uruk band", 5, 3, 4),
    *_creature(DANGER, "Wolf chieftain", 5, 2, 4),
    *_creature(DANGER, "Spider queen", 7, 3, 5),
    *_creature(DANGER, "Shade of the Necromancer", 8, 4, 6),
    *_creature(DANGER, "Orc horde", 6, 3, 4),
    *_creature(DANGER, "Goblin king", 6, 3, 4),
    *_creature(DANGER, "Watcher in the water", 7, 3, 5),
    *_creature(DANGER, "Black sorcerer", 7, 3, 5),
    *_creature(DANGER, "Barrow king", 6, 3, 4),
]

_REST = [
    *_c("Axe-master", REST, MASTER, held=True),
    *_c("Sword-master", REST, MASTER, held=True),
    *_c("Weapon-smith", REST, SMITH, 2, held=True),
    *_c("Good night's sleep", REST, GAIN_LP, 2, value=2),
    *_c("Peddler", REST, PEDDLER),
    *_creature(REST, "Night wolves", 2, 1, 2, 2),
    *_c("Thief in the night", REST, LOSE_GP, value=2),
    *_c("Hidden cache", REST, GAIN_GP, value=3),
    *_c("Bad dreams", REST, LOSE_LP, value=1),
]

_MAGIC = [
    *_c("Thunder of Light", MAGIC, SPELL, held=True),
    *_c("Adan Wind-horn", MAGIC, SPELL, held=True),
    *_c("Shadow-shield", MAGIC, SPELL, held=True),
    *_c("Scroll of Minds", MAGIC, SPELL, value=4, held=True),
    *_c("Dragon-bane rune", MAGIC, SPELL, 2, value=2, held=True),
    *_c("Elven cloak", MAGIC, SPELL, value=1, held=True),
    *_c("Athelas", MAGIC, SPELL, 2, value=3, held=True),
    *_c("Wizard's counsel", MAGIC, SPELL, value=3, held=True),
    *_c("Swift as the wind", MAGIC, SPELL, value=5, held=True),
    *_c("Blessing", MAGIC, SPELL, value=2, held=True),
]

_RIDDLE = [Card(r.id, f"Riddle {r.id[1:]}", RIDDLE, RIDDLE_KIND, held=True) for r in RIDDLES]

DECK_LISTS: Final[dict[str, tuple[Card, ...]]] = {
    MONEY: tuple(_MONEY),
    EQUIPMENT: tuple(_EQUIPMENT),
    ADVENTURE: tuple(_ADVENTURE),
    PERIL: tuple(_PERIL),
    DANGER: tuple(_DANGER),
    REST: tuple(_REST),
    MAGIC: tuple(_MAGIC),
    RIDDLE: tuple(_RIDDLE),
}
"""Every card of each deck, copies included (142 in all)."""

CARDS: Final[dict[tuple[str, str], Card]] = {
    (c.deck, c.id): c for cards in DECK_LISTS.values() for c in cards
}
"""Each distinct card by (deck, id)."""

DECK_COUNTS: Final[dict[str, Counter[str]]] = {
    deck: Counter(c.id for c in cards) for deck, cards in DECK_LISTS.items()
}
"""How many copies of each id every deck has."""

HELD: Final[dict[str, Card]] = {c.id: c for cards in DECK_LISTS.values() for c in cards if c.held}
"""Every card a hobbit may hold, by id (each id names one deck)."""
SECRET: Final = frozenset(cid for cid, c in HELD.items() if c.secret)
"""The held cards only their holder sees (Riddle and Magic cards, ADV-12)."""
RIDDLE_CARDS: Final = frozenset(c.id for c in _RIDDLE)
"""The Riddle cards' ids (a hand holds one if it is not disjoint from these)."""

TOTAL: Final = sum(len(cards) for cards in DECK_LISTS.values())


def card(deck: str, cid: str) -> Card:
    """The card `cid` of `deck`."""
    return CARDS[(deck, cid)]


def held(cid: str) -> Card:
    """A holdable card by id."""
    return HELD[cid]


def deck_of(cid: str) -> str | None:
    """The first deck (scenario lookup order) having `cid`, or None."""
    for deck in DECKS:
        if cid in DECK_COUNTS[deck]:
            return deck
    return None


def name(deck: str, cid: str) -> str:
    return CARDS[(deck, cid)].name


WEAPONS: Final = ("sword", "axe")
DEFENCES: Final = ("shield", "mithril_shirt")
POTIONS: Final = ("potion_2", "potion_3")
HEALS: Final = {"potion_2": 2, "potion_3": 3, "athelas": 3}
"""Free-action heals (ADV-11) and the LP each gives."""
POTION_BONUS: Final = {"potion_2": 2, "potion_3": 3}
CHASE_AWAY: Final = ("thunder_of_light", "adan_wind_horn")
SHADOW_SHIELD: Final = "shadow_shield"
SCROLL: Final = "scroll_of_minds"
SWIFT: Final = "swift_as_the_wind"
FIGHT_SPELLS: Final = {"blessing": 2, "scroll_of_minds": 4}
"""One-use cards for any fight but the Dragon (the Blessing counts against it too)."""
DRAGON_SPELLS: Final = {"dragon_bane_rune": 2, "wizard_s_counsel": 3}
MASTER_OF: Final = {"axe_master": "axe", "sword_master": "sword"}
JEWELLERY: Final = "jewellery"
