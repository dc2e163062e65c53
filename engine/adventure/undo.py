"""The bounded undo (issue 45): which decisions a hobbit may take back.

A hobbit may take back its own last decision while that decision, and everything the engine
played on by itself after it, rolled no die, drew no card, showed nobody anything hidden
(ADV-12), changed no other hobbit and left the same hobbit deciding in the same turn. The
platform keeps the state before such a decision; undo restores it, so the engine needs no
reverse of any move. `CASES` classifies every decision the engine asks by the rules (the
README's Undo table says the same to players); `refusal` checks a move against it and against
what the move did, so a decision the table allows is still refused when it rolled or drew.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.adventure.cards import POTIONS, SECRET, SECRET_DECKS
from engine.adventure.decisions import Decision
from engine.adventure.state import State

FREE: Final = ""
"""The kind of a free action (ADV-11), which answers no awaited decision."""


@dataclass(frozen=True, slots=True)
class Case:
    """One decision as the undo rules see it: may it be taken back, and when or why not."""

    undoable: bool
    why: str


CASES: Final[dict[tuple[str, str], Case]] = {
    ("roll", "roll"): Case(False, "ADV-3 1: the movement die is rolled"),
    ("travel", "travel"): Case(
        True,
        "a roll of 2 or 3, to a Haven or Village that asks its action (ADV-5) with no duel "
        "offered (ADV-4); never a roll of 1 (ADV-3 2: an Adventure card is drawn first) nor "
        "the eagle (only to Adventure places, whose card is drawn)",
    ),
    ("travel", "rest"): Case(False, "ADV-3 3: two Rest cards are drawn"),
    ("travel", "move_to"): Case(
        False, "ADV-10, ADV-12: Swift as the wind, a secret card, is played"
    ),
    ("riddle", "riddle"): Case(
        False,
        "ADV-8 1: the duel with another hobbit begins; its riddle is shown at once, or being "
        "asked which one tells everyone the challenger holds two (ADV-12)",
    ),
    ("riddle", "place"): Case(True, "ADV-4: the place's action instead, at a Haven or Village"),
    ("haven", "buy_talisman"): Case(False, "ADV-5: the Haven's one action ends the turn (ADV-3 4)"),
    ("haven", "heal"): Case(False, "ADV-5: the Haven's one action ends the turn (ADV-3 4)"),
    ("haven", "draw_magic"): Case(False, "ADV-5: a Magic card is drawn"),
    ("haven", "done"): Case(False, "ADV-3 4: the turn ends"),
    ("village", "draw_riddle"): Case(False, "ADV-5: a Riddle card is drawn"),
    ("village", "sell"): Case(False, "ADV-11: the green die gives the Jewellery's price"),
    ("village", "browse"): Case(False, "ADV-5: five Equipment cards are turned over"),
    ("village", "done"): Case(False, "ADV-3 4: the turn ends"),
    ("offer", "accept"): Case(True, "ADV-11: the price stays as rolled; the visit goes on"),
    ("offer", "refuse"): Case(True, "ADV-11: the price stays as rolled; the visit goes on"),
    ("buy", "buy"): Case(
        True,
        "ADV-5: from the cards a Village turned over; the visit goes on. Never from a Peddler "
        "(ADV-10: the next Rest card is drawn, or the turn ends)",
    ),
    ("fight", "fight"): Case(False, "ADV-6 2: the power die is rolled"),
    ("fight", "avoid"): Case(
        False, "ADV-6 1: a secret Magic card is played; a chased creature makes another fight"
    ),
    ("prepare", "prepare"): Case(False, "ADV-6 3-4: the combat dice are rolled"),
    ("reroll", "reroll"): Case(False, "ADV-6 4: dice are rolled"),
    ("reroll", "stop"): Case(False, "ADV-6 4-6: the roll stands and decides the fight"),
    ("prize", "take"): Case(
        False, "ADV-6 6: Money cards are drawn, or the talisman is won and the turn ends"
    ),
    ("lose_talisman", "choose"): Case(False, "ADV-7, ADV-11: the talisman is destroyed"),
    ("challenge", "challenge"): Case(False, "ADV-8 1: the riddle is shown"),
    ("answer", "answer"): Case(
        False, "ADV-8 2: a Riddle card is shown, or everyone learns there is no answer"
    ),
    ("answer", "shield"): Case(False, "ADV-8 2: Shadow-shield, a secret card, is played"),
    ("counter", "challenge"): Case(False, "ADV-8 3: the riddle is shown"),
    ("counter", "end_duel"): Case(False, "ADV-8 3: the duel ends, and the turn with it"),
    ("spoils", "take"): Case(False, "ADV-8 4: taken from another hobbit; the turn ends"),
    ("fire", "choose"): Case(
        True,
        "ADV-11: staying (2 LP lost) while the turn goes on with nothing drawn; never fleeing "
        "(the turn ends)",
    ),
    ("rope", "choose"): Case(
        True, "ADV-11: the forced movement kept or cancelled, while nothing is drawn after"
    ),
    ("lost", "choose"): Case(
        False,
        "ADV-11: moved to an Adventure place, whose card is drawn (ADV-5) or whose duel offer "
        "shows a Riddle card (ADV-4)",
    ),
    ("special", "move_to"): Case(
        True, "ADV-11: going or not, while nothing is drawn after (Friendly eagle to a Haven)"
    ),
    ("smith", "smith"): Case(
        False, "ADV-11: the green die is rolled; sent away, the next Rest card or the turn's end"
    ),
    (FREE, "use"): Case(
        True,
        "ADV-11: a Potion drunk to heal; never Athelas or the Scroll of Minds (secret cards, "
        "ADV-12; the Scroll takes from another hobbit)",
    ),
}
"""Every decision the engine asks, by (awaited kind, action): legal.py's kinds, and free
actions under FREE."""

RULE: Final = "rule"
"""The rules never let this decision back (CASES)."""
ROLLED: Final = "rolled"
DREW: Final = "drew"
REVEALED: Final = "revealed"
"""Something hidden was told or shown: an event to one hobbit, a secret card played, or a
decision asked that only a secret card explains (ADV-12)."""
FOUGHT: Final = "fight"
OTHERS: Final = "others"
"""Another hobbit decided or was changed."""
TURN: Final = "turn"
"""The turn ended, or another hobbit decides next."""
OVER: Final = "over"
NOT_THEIRS: Final = "not_theirs"
"""The events are not this player's decision."""

_QUIET: Final = frozenset({"decided", "moved", "changed", "bought", "kept", "returned", "talisman"})
"""The event types a move that may be taken back can have; any other one refuses it."""
_EVENT_CODES: Final = {
    "rolled": ROLLED,
    "combat": ROLLED,
    "drawn": DREW,
    "skipped": DREW,
    "fight_began": FOUGHT,
    "power": FOUGHT,
    "fight_ended": FOUGHT,
    "avoided": FOUGHT,
    "turn_began": TURN,
    "out": TURN,
    "game_over": OVER,
    "taken": OTHERS,
}
_SECRET_ASKS: Final = frozenset({"riddle", "challenge", "answer", "counter", "fight", "prepare"})
"""Awaited kinds asked only because their hobbit holds a secret card (a Riddle card to riddle
with or answer, a Magic card to avoid a fight with; with none the engine goes on by itself), or
maybe because of one (a fight's preparation: a Potion, or a Magic card that counts in it):
everyone sees them asked."""


def undoable(
    before: State, player: str, decision: Decision, after: State, events: Sequence[Any]
) -> bool:
    """True when `player` may take back `decision` (applied to `before`, giving `after` and
    `events`) by restoring `before`."""
    return refusal(before, player, decision, after, events) is None


def refusal(
    before: State, player: str, decision: Decision, after: State, events: Sequence[Any]
) -> str | None:
    """Why the move may not be taken back (one of the codes above), or None if it may."""
    if not _theirs(before, player, decision, events):
        return NOT_THEIRS
    free = decision.action == "use"
    if not _allowed(before, decision, free):
        return RULE
    if before.over or after.over:
        return OVER
    if _drew(before, after):
        return DREW
    if after.rng != before.rng or after.dice != before.dice:
        return ROLLED  # whatever the kind: a die was used, or the generator moved on
    for event in events:
        code = _event_code(event, player)
        if code is not None:
            return code
    if any(after.hobbits[p] != before.hobbits[p] for p in before.players if p != player):
        return OTHERS
    if not _goes_on(before, after, player, free):
        return TURN
    if _secrets(after, player) != _secrets(before, player):
        return REVEALED
    if _awaited(after) != _awaited(before) and _asks_a_secret(after):
        return REVEALED
    return None


def _theirs(before: State, player: str, decision: Decision, events: Sequence[Any]) -> bool:
    """The events begin with `player`'s own `decision` (not one the engine took for them)."""
    if player not in before.hobbits or not events:
        return False
    first = events[0]
    return (
        getattr(first, "type", "") == "decided"
        and first.player == player
        and not first.auto
        and first.decision == decision.to_dict()
    )


def _allowed(before: State, d: Decision, free: bool) -> bool:
    """CASES, with the conditions a case names that the decision itself shows."""
    p = before.pending
    if p is None:
        return False
    kind = FREE if free else p.kind
    case = CASES.get((kind, d.action))
    if case is None or not case.undoable:
        return False
    if free:
        return d.card in POTIONS
    if p.player != before.active:
        return False  # only the hobbit whose turn it is takes a decision back
    if kind == "travel":
        return before.turn is not None and before.turn.roll != 1
    if kind == "buy":
        return p.ctx.get("source") == "browse"
    if kind == "fire":
        return d.option == "stay"
    return True


def _drew(before: State, after: State) -> bool:
    """A card left the top of a deck, or a new one lies on the table: something was drawn
    (cards put back go to the bottom, so every deck must still begin as it did)."""
    for deck, cards in before.decks.items():
        if after.decks[deck][: len(cards)] != cards:
            return True
    return bool(Counter(map(tuple, after.table)) - Counter(map(tuple, before.table)))


def _event_code(event: Any, player: str) -> str | None:
    """What an event of the move says against taking it back, or None."""
    if event.audience is not None:
        return REVEALED
    kind = event.type
    if kind not in _QUIET:
        return _EVENT_CODES.get(kind, REVEALED)
    if kind == "decided" and event.player != player:
        return OTHERS
    if kind == "returned" and (event.hidden or event.deck in SECRET_DECKS):
        return REVEALED
    return None


def _awaited(s: State) -> tuple[str, str] | None:
    return None if s.pending is None else (s.pending.player, s.pending.kind)


def _goes_on(before: State, after: State, player: str, free: bool) -> bool:
    """The same turn goes on: after a free action the same decision is awaited as before
    (ADV-11: it changes nothing of whose decision it is); after any other, the same hobbit's."""
    if after.turn_no != before.turn_no:
        return False
    if free:
        return _awaited(after) == _awaited(before)
    return after.pending is not None and after.pending.player == player


def _secrets(s: State, player: str) -> Counter[str]:
    h = s.hobbits[player]
    return Counter(c for c in h.cards if c in SECRET) + Counter(f"shown:{c}" for c in h.shown)


def _asks_a_secret(s: State) -> bool:
    """The awaited decision is asked only because its hobbit holds a secret card."""
    return s.pending is not None and s.pending.kind in _SECRET_ASKS
