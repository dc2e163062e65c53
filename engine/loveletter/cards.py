"""Card kinds and card definitions of all three editions.

A card's behaviour is decided by its *kind*, never by its name: the Hobbit's Smaug, the
L5R Guard and Pegasus' Guardswoman are one kind (`guess`), so the rules are written once.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    """What a card does; the effects table in `effects.py` is keyed by this."""

    OUT_IF_DISCARDED = "out_if_discarded"  # Arkenstone, Princess
    FORCED = "forced"  # Bilbo, Sensei, Countess
    TRADE = "trade"  # Thorin, Manipulator, King
    DISCARD_DRAW = "discard_draw"  # Kili & Fili, Hatamoto, Prince
    PROTECT = "protect"  # Gandalf, Shugenja, Handmaid
    COMPARE_LOW_OUT = "compare_low_out"  # Legolas, Diplomat, Baron
    COMPARE_HIGH_OUT = "compare_high_out"  # Tauriel, Dowager Queen
    LOOK = "look"  # Bard, Courtier, Priest
    GUESS = "guess"  # Smaug, Guard, Guardswoman
    RING = "ring"  # The One Ring: 7 at round end
    BISHOP = "bishop"
    MARSHAL = "marshal"
    COUNT = "count"
    FLATTERER = "flatterer"
    BARONESS = "baroness"
    CARDINAL = "cardinal"
    JESTER = "jester"
    ASSASSIN = "assassin"


# Cards that choose "another player" (C-5) and need a named card or value.
CHOOSE_OTHER = frozenset(
    {
        Kind.TRADE,
        Kind.COMPARE_LOW_OUT,
        Kind.COMPARE_HIGH_OUT,
        Kind.LOOK,
        Kind.GUESS,
        Kind.BISHOP,
        Kind.JESTER,
    }
)
CHOOSE_ANY = frozenset({Kind.DISCARD_DRAW, Kind.FLATTERER})
CHOOSE_MANY = frozenset({Kind.BARONESS, Kind.CARDINAL})
NEEDS_CHOICE = CHOOSE_OTHER | CHOOSE_ANY | CHOOSE_MANY  # no one to choose: no effect (C-5)


@dataclass(frozen=True, slots=True)
class Card:
    """One card design; `copies` says how many of it a deck holds."""

    id: str
    name: str
    value: int
    copies: int
    kind: Kind
    title: str = ""  # L5R: the person's title ("Hatamoto")
    german: str = ""  # Pegasus: the German name ("Zofe")
    expansion: bool = False  # Pegasus: only in the 5-8 player deck

    @property
    def label(self) -> str:
        """How players see the card: name, title or German name, and value."""
        if self.title:
            return f"{self.name}, {self.title} ({self.value})"
        if self.german and self.german != self.name:
            return f"{self.name} ({self.german}, {self.value})"
        return f"{self.name} ({self.value})"


K = Kind

HOBBIT: tuple[Card, ...] = (
    Card("arkenstone", "Arkenstone", 8, 1, K.OUT_IF_DISCARDED),
    Card("bilbo", "Bilbo Baggins", 7, 1, K.FORCED),
    Card("thorin", "Thorin Oakenshield", 6, 1, K.TRADE),
    Card("kili_fili", "Kili the Dwarf and Fili the Dwarf", 5, 2, K.DISCARD_DRAW),
    Card("gandalf", "Gandalf the Grey", 4, 2, K.PROTECT),
    Card("tauriel", "Tauriel", 3, 1, K.COMPARE_HIGH_OUT),
    Card("legolas", "Legolas Greenleaf", 3, 1, K.COMPARE_LOW_OUT),
    Card("bard", "Bard the Bowman", 2, 2, K.LOOK),
    Card("smaug", "Smaug", 1, 5, K.GUESS),
    Card("one_ring", "The One Ring", 0, 1, K.RING),
)

L5R: tuple[Card, ...] = (
    Card("princess", "Iweko Miaka", 8, 1, K.OUT_IF_DISCARDED, title="Princess"),
    Card("sensei", "Togashi Gozato", 7, 1, K.FORCED, title="Sensei"),
    Card("manipulator", "Doji Takato", 6, 1, K.TRADE, title="Manipulator"),
    Card("hatamoto", "Matsu Misato", 5, 2, K.DISCARD_DRAW, title="Hatamoto"),
    Card("shugenja", "Isawa Tenkawa", 4, 2, K.PROTECT, title="Shugenja"),
    Card("diplomat", "Kaiu Akemi", 3, 2, K.COMPARE_LOW_OUT, title="Diplomat"),
    Card("courtier", "Shosuro Yamazaki", 2, 2, K.LOOK, title="Courtier"),
    Card("guard", "Seppun Tasuke", 1, 5, K.GUESS, title="Guard"),
)

PEGASUS: tuple[Card, ...] = (
    Card("princess", "Princess", 8, 1, K.OUT_IF_DISCARDED, german="Prinzessin"),
    Card("countess", "Countess", 7, 1, K.FORCED, german="Gräfin"),
    Card("king", "King", 6, 1, K.TRADE, german="König"),
    Card("prince", "Prince", 5, 2, K.DISCARD_DRAW, german="Prinz"),
    Card("handmaid", "Handmaid", 4, 2, K.PROTECT, german="Zofe"),
    Card("baron", "Baron", 3, 2, K.COMPARE_LOW_OUT, german="Baron"),
    Card("priest", "Priest", 2, 2, K.LOOK, german="Priester"),
    Card("guardswoman", "Guardswoman", 1, 5, K.GUESS, german="Wächterin"),
    Card("bishop", "Bishop", 9, 1, K.BISHOP, german="Bischof", expansion=True),
    Card("dowager_queen", "Dowager Queen", 7, 1, K.COMPARE_HIGH_OUT, "", "Königswitwe", True),
    Card("marshal", "Marshal", 6, 1, K.MARSHAL, german="Marschall", expansion=True),
    Card("count", "Count", 5, 2, K.COUNT, german="Graf", expansion=True),
    Card("flatterer", "Flatterer", 4, 2, K.FLATTERER, german="Schmeichler", expansion=True),
    Card("baroness", "Baroness", 3, 2, K.BARONESS, german="Baroness", expansion=True),
    Card("cardinal", "Cardinal", 2, 2, K.CARDINAL, german="Kardinal", expansion=True),
    Card("guard", "Guard", 1, 3, K.GUESS, german="Wächter", expansion=True),
    Card("jester", "Jester", 0, 1, K.JESTER, german="Hofnarr", expansion=True),
    Card("assassin", "Assassin", 0, 1, K.ASSASSIN, german="Assassine", expansion=True),
)
