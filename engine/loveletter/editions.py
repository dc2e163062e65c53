"""The three editions as data: decks, tally names, targets, guess mode and tie rule."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from engine.loveletter.cards import HOBBIT, L5R, PEGASUS, Card, Kind


@dataclass(frozen=True, slots=True)
class Edition:
    """Everything about an edition that is data rather than behaviour."""

    id: str
    title: str
    cards: tuple[Card, ...]
    tally: str  # singular: "crown"
    tallies: str  # plural: "crowns"
    targets: Mapping[int, int]  # player count -> tokens to win
    min_players: int
    max_players: int
    guess_by_value: bool  # Pegasus names a value; the others name a card
    tie_by_discards: bool  # L5R-11: equal rank -> highest discard total
    options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    by_id: Mapping[str, Card] = field(default_factory=dict)

    def card(self, card_id: str) -> Card:
        """The card with this id; KeyError names the edition when it has none."""
        try:
            return self.by_id[card_id]
        except KeyError:
            raise KeyError(f"{self.title} has no card {card_id!r}") from None

    def deck(self, players: int) -> tuple[str, ...]:
        """The card ids of a full deck for this many players (PEG-1)."""
        full = players >= 5
        return tuple(c.id for c in self.cards if full or not c.expansion for _ in range(c.copies))

    def target(self, players: int) -> int:
        """Tokens needed to win with this many seats (HOB-2, L5R-2, PEG-2)."""
        t = self.targets.get(players)  # every view asks: the usual case without a max()
        return t if t is not None else self.targets[min(players, max(self.targets))]

    def protection_name(self) -> str:
        """The protection card as players call it: "Gandalf the Grey", "the Handmaid"."""
        card = next(c for c in self.cards if c.kind is Kind.PROTECT)
        if card.title:
            return f"the {card.title}"
        return f"the {card.name}" if card.german else card.name


def _edition(**kw: object) -> Edition:
    cards = kw["cards"]
    assert isinstance(cards, tuple)
    return Edition(**kw, by_id=MappingProxyType({c.id: c for c in cards}))  # type: ignore[arg-type]


EDITIONS: Mapping[str, Edition] = MappingProxyType(
    {
        "hobbit": _edition(
            id="hobbit",
            title="The Hobbit – The Battle of the Five Armies",
            cards=HOBBIT,
            tally="crown",
            tallies="crowns",
            targets=MappingProxyType({2: 5, 3: 4, 4: 3}),
            min_players=2,
            max_players=4,
            guess_by_value=False,
            tie_by_discards=False,
            options=MappingProxyType({"elves": ("printed", "german")}),
        ),
        "l5r": _edition(
            id="l5r",
            title="Legend of the Five Rings",
            cards=L5R,
            tally="token of affection",
            tallies="tokens of affection",
            targets=MappingProxyType({2: 7, 3: 5, 4: 4}),
            min_players=2,
            max_players=4,
            guess_by_value=False,
            tie_by_discards=True,
        ),
        "pegasus": _edition(
            id="pegasus",
            title="Pegasus (with the 5–8 player expansion)",
            cards=PEGASUS,
            tally="heart",
            tallies="hearts",
            targets=MappingProxyType({2: 5, 3: 4, 4: 3, 5: 3}),
            min_players=2,
            max_players=8,
            guess_by_value=True,
            tie_by_discards=False,
        ),
    }
)


def edition(edition_id: str) -> Edition:
    """Look an edition up with an error a player can read."""
    try:
        return EDITIONS[edition_id]
    except KeyError:
        names = ", ".join(EDITIONS)
        raise ValueError(f"Unknown edition {edition_id!r}; choose one of {names}") from None


# Plain dicts for the hot path: a card's kind and value by edition and card id.
KINDS: dict[str, dict[str, Kind]] = {
    e.id: {c.id: c.kind for c in e.cards} for e in EDITIONS.values()
}
VALUES: dict[str, dict[str, int]] = {
    e.id: {c.id: c.value for c in e.cards} for e in EDITIONS.values()
}
# The value a card counts for at the round end: The One Ring counts 7 (HOB-12).
END_VALUES: dict[str, dict[str, int]] = {
    e.id: {c.id: 7 if c.kind is Kind.RING else c.value for c in e.cards} for e in EDITIONS.values()
}
# The one card of each kind an edition has (Pegasus has two Guess cards: the Guard's kind is
# not looked up this way), so rules find "the Count" or "the Assassin" by what it does.
CARD_OF_KIND: dict[str, dict[Kind, str]] = {
    e.id: {c.kind: c.id for c in e.cards} for e in EDITIONS.values()
}
# The cards the hot paths test for, looked up once: `Kind.X` is a slow class attribute
# (an enum member), and each knock-out and round end asked for two or three of them.
MARSHAL_CARD: dict[str, str | None] = {e: c.get(Kind.MARSHAL) for e, c in CARD_OF_KIND.items()}
OUT_IF_DISCARDED_CARD: dict[str, str | None] = {
    e: c.get(Kind.OUT_IF_DISCARDED) for e, c in CARD_OF_KIND.items()
}


class RoundEnd(NamedTuple):
    """What a round's end needs of an edition (C-7, HOB-12, L5R-11, PEG-13, PEG-15)."""

    values: dict[str, int]  # each card's round-end value (END_VALUES)
    count_card: str | None  # the Count (`count` is a tuple method): +1 per discarded one, PEG-15
    bishop: str | None  # the Bishop: loses to the out-if-discarded card (PEG-13)
    out_if_discarded: str | None  # the Princess, or in Hobbit the Arkenstone
    tie_by_discards: bool  # a tie goes to the higher discards (L5R-11)


ROUND_END: dict[str, RoundEnd] = {
    e.id: RoundEnd(
        END_VALUES[e.id],
        CARD_OF_KIND[e.id].get(Kind.COUNT),
        CARD_OF_KIND[e.id].get(Kind.BISHOP),
        OUT_IF_DISCARDED_CARD[e.id],
        e.tie_by_discards,
    )
    for e in EDITIONS.values()
}
# HOB-9 [decision]: under this (option, value) a "higher value is out" compare knocks out the
# lower value instead (the German rulebook's elves).
LOWER_OUT_WITH: dict[str, tuple[str, str] | None] = {
    e.id: ("elves", "german") if "elves" in e.options else None for e in EDITIONS.values()
}
