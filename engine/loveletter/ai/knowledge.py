"""Card counting from one player's view: what every other hand may hold, and how likely.

Everything here is derived from a `PlayerView` only (the round's public events plus the
viewer's private ones), so an AI built on it cannot peek. The log has no event for the
viewer's own ordinary draws, so their hand is tracked forwards and backwards from the
current hand and the two passes fill each other's gaps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from engine.loveletter import events as E
from engine.loveletter.cards import Kind
from engine.loveletter.editions import VALUES, Edition, edition
from engine.loveletter.views import PlayerView

Hand = tuple[str, ...] | None


@dataclass(slots=True)
class Limits:
    """Public or private facts about one player's current card (cleared when it may change)."""

    not_named: set[str | int] = field(default_factory=set)  # missed guesses
    low: int = -1  # value is greater than this
    high: int = 99  # value is smaller than this
    exact: int | None = None  # value is exactly this (Bishop hit, tie with a known card)


@dataclass(slots=True)
class Knowledge:
    """The viewer's picture of the round: unseen cards, known hands, limits, exposure."""

    ed: Edition
    me: str
    unseen: Counter[str]  # cards not accounted for: other hands, draw pile, set-aside
    known: dict[str, str]  # opponent -> card the viewer knows they hold
    limits: dict[str, Limits]
    exposed: set[str]  # players who know the viewer's current card
    exposed_card: str | None  # the card of the viewer's they know
    # (log index, opponent, my card) for each opponent's look at the viewer's hand this round
    looks: list[tuple[int, str, str]] = field(default_factory=list)
    values: Mapping[str, int] = field(default_factory=dict)  # card -> value (`editions.VALUES`)
    # `dist` of a player no fact limits: the same for all of them, worked out once (the
    # count is complete when `analyse` returns; nothing changes `unseen` after it)
    free: dict[str, float] | None = None

    def value(self, card: str) -> int:
        return self.values.get(card) or self.ed.card(card).value

    def allows(self, player: str, card: str) -> bool:
        """Whether the public and private facts allow `player` to hold `card`."""
        lim = self.limits.get(player)
        if lim is None:
            return True
        v = self.values.get(card) or self.value(card)
        named: str | int = v if self.ed.guess_by_value else card
        if named in lim.not_named or not lim.low < v < lim.high:
            return False
        return lim.exact is None or lim.exact == v

    def dist(self, player: str) -> dict[str, float]:
        """Probability of each card id being `player`'s hand card."""
        card = self.known.get(player)
        if card is not None:
            return {card: 1.0}
        if player not in self.limits:  # nothing limits their card: every unseen card is allowed
            free = self.free
            if free is None:
                weights = {c: float(n) for c, n in self.unseen.items() if n > 0}
                total = sum(weights.values()) or 1.0
                free = self.free = {c: w / total for c, w in weights.items()}
            return free
        weights = {c: float(n) for c, n in self.unseen.items() if n > 0 and self.allows(player, c)}
        if not weights:
            weights = {c: float(n) for c, n in self.unseen.items() if n > 0}
        total = sum(weights.values()) or 1.0
        return {c: w / total for c, w in weights.items()}

    def weighted(self, player: str, w: Mapping[str, float]) -> dict[str, float] | None:
        """The count's picture of `player`'s hand with each copy of a card weighed by `w`
        (a card missing weighs nothing); None if nothing allowed has any weight."""
        mass = {
            c: n * w.get(c, 0.0) for c, n in self.unseen.items() if n > 0 and self.allows(player, c)
        }
        total = sum(mass.values())
        return {c: m / total for c, m in mass.items()} if total > 0 else None

    def p_value(self, player: str, value: int) -> float:
        return sum(p for c, p in self.dist(player).items() if self.value(c) == value)

    def p_named(self, player: str, named: str | int) -> float:
        """Chance a guess naming `named` (a card id or a value) is right."""
        return self.chance_named(self.dist(player), named)

    def chance_named(self, dist: dict[str, float], named: str | int) -> float:
        """Chance that naming `named` (a card id or a value) hits a hand drawn from `dist`."""
        if isinstance(named, int):
            return sum(p for c, p in dist.items() if self.value(c) == named)
        return dist.get(named, 0.0)

    def mean_unseen(self) -> float:
        total = sum(self.unseen.values())
        if not total:
            return 0.0
        return sum(self.value(c) * n for c, n in self.unseen.items()) / total


def analyse(view: PlayerView) -> Knowledge:
    """Read the round's log in `view` and count cards (C-10 knowledge only)."""
    assert view.me is not None, "a spectator has no hand to play"
    ed = edition(view.edition)
    me = view.me
    playing = 0
    for s in view.seats:
        playing += s.playing
    unseen: Counter[str] = Counter()
    # dict's own update: Counter's checks the argument against the Mapping ABC first, a
    # tenth of an analysis (the same counts in the same order)
    dict.update(unseen, _deck_counts(ed.id, playing))
    # a card missing from the deck goes negative, as subtract did
    for card in view.face_up:
        unseen[card] -= 1
    for s in view.seats:
        for card in s.discards:
            unseen[card] -= 1
    for card in view.hand:
        unseen[card] -= 1
    k = Knowledge(ed, me, unseen, {}, {}, set(), None, [], VALUES[ed.id])
    _replay(k, view)
    k.known.pop(me, None)
    k.limits.pop(me, None)
    for s in view.seats:
        if not s.in_round:
            k.known.pop(s.id, None)
    for p, card in list(k.known.items()):
        if unseen[card] > 0:
            unseen[card] -= 1
        else:  # inconsistent with the count (a copy went by unseen): forget it
            del k.known[p]
    return k


@lru_cache(maxsize=64)
def _deck_counts(edition_id: str, players: int) -> Counter[str]:
    """The full deck as counts, copied by every `analyse` (never changed)."""
    return Counter(deck(edition_id, players))


@lru_cache(maxsize=64)
def deck(edition_id: str, players: int) -> tuple[str, ...]:
    return edition(edition_id).deck(players)


def _my_hands_backwards(view: PlayerView) -> list[Hand]:
    """after[i] = the viewer's hand just after log event i, where the present reveals it.

    Each event's type is tested first, the commonest first (turns, plays): this runs for
    every analysis of the expert's playouts, over every event of the round.
    """
    me = view.me
    cur: Hand = tuple(view.hand)
    log = view.log
    after: list[Hand] = [None] * len(log)
    for i in range(len(log) - 1, -1, -1):
        e = log[i]
        after[i] = cur
        if type(e) is E.TurnStarted:
            if e.player == me:
                cur = (cur[0],) if cur and len(cur) == 2 and cur[0] == cur[1] else None
        elif type(e) is E.CardPlayed:
            if e.player == me:
                cur = (*cur, e.card) if cur is not None else None
        elif type(e) is E.Discarded:
            if e.player == me:
                cur = (e.card,)
        elif type(e) is E.CardDrawn:
            if e.player == me:
                cur = ()
        elif type(e) is E.KnockedOut:
            if e.player == me:
                cur = e.discarded
        elif type(e) is E.Compared:
            if me in (e.player, e.target):
                cur = (e.player_card if e.player == me else e.target_card,)
        elif type(e) is E.CardReceived:
            if e.player == me:
                cur = None
        elif type(e) is E.HandsSwapped and me in (e.first, e.second):
            cur = None
    return after


def _replay(k: Knowledge, view: PlayerView) -> None:
    """The forward pass over the log; fills `k.known`, `k.limits` and `k.exposed`."""
    me = k.me
    backwards = _my_hands_backwards(view)
    mine: Hand = None
    before_turn: Hand = None
    last_card = ""
    last_player = ""
    compare: tuple[str, str, Kind] | None = None
    for i, e in enumerate(view.log):
        # the commonest types first (see `_my_hands_backwards`)
        if type(e) is E.TurnStarted:
            if e.player == me:
                before_turn, mine = mine, None
        elif type(e) is E.CardPlayed:
            last_card, last_player = e.card, e.player
            if e.player == me:
                mine = _after_my_play(mine, before_turn, e.card)
                if k.exposed_card == e.card:
                    k.exposed.clear()
            else:
                _played(k, e, mine, i)
        elif type(e) is E.GuessResult:
            lim = k.limits.get(e.target)
            if lim is None:
                lim = k.limits[e.target] = Limits()
            if e.correct and e.target == me and mine:
                _expose(k, {s.id for s in view.seats if s.id != me}, mine[0])
            if e.correct and isinstance(e.guess, int):
                lim.exact = e.guess
            elif e.correct and isinstance(e.guess, str):
                k.known[e.target] = e.guess
            elif e.guess is not None:
                lim.not_named.add(e.guess)
        elif type(e) is E.KnockedOut:
            _forget(k, e.player)
            if compare is not None and e.player in compare[:2]:
                winner = compare[0] if compare[1] == e.player else compare[1]
                v = max((k.value(c) for c in e.discarded), default=0)
                lim = k.limits.setdefault(winner, Limits())
                if compare[2] is Kind.COMPARE_HIGH_OUT:
                    lim.high = min(lim.high, v)
                else:
                    lim.low = max(lim.low, v)
            compare = None
            if e.player == me:
                mine = ()
        elif type(e) is E.CardDealt:
            if e.player == me:
                mine = (e.card,)
        elif type(e) is E.Discarded or type(e) is E.CardDrawn:
            if e.player == me:
                mine = (e.card,) if type(e) is E.CardDrawn else ()
                k.exposed.clear()
            else:
                _forget(k, e.player)
        elif type(e) is E.HandSeen:
            if e.viewer == me and e.target != me:
                k.known[e.target] = e.card
                k.limits.pop(e.target, None)
        elif type(e) is E.Compared:
            if me in (e.player, e.target):
                other = e.target if e.player == me else e.player
                theirs = e.target_card if e.player == me else e.player_card
                k.known[other] = theirs
                k.limits.pop(other, None)
                mine = (e.player_card if e.player == me else e.target_card,)
                _expose(k, {other}, mine[0])
        elif type(e) is E.CompareResult:
            kind = k.ed.card(last_card).kind if last_card else Kind.COMPARE_LOW_OUT
            if last_card == "tauriel" and view.options.get("elves") == "german":
                kind = Kind.COMPARE_LOW_OUT
            compare = (e.player, e.target, kind) if e.loser is not None else None
            if e.loser is None:
                _tie(k, e.player, e.target, mine)
        elif type(e) is E.HandsSwapped:
            _swapped(k, e, mine, last_player)
            if me in (e.first, e.second):
                mine = None
        elif type(e) is E.CardReceived and e.player == me:
            mine = (e.card,)
            k.exposed_card = e.card
        if mine is None:
            mine = backwards[i]


def _after_my_play(mine: Hand, before_turn: Hand, card: str) -> Hand:
    """My hand after playing `card`: what is left of two known cards, or the card I held."""
    if mine is not None and card in mine:
        rest = list(mine)
        rest.remove(card)
        return tuple(rest)
    if before_turn and len(before_turn) == 1 and before_turn[0] != card:
        return before_turn
    return None


def _played(k: Knowledge, e: E.CardPlayed, mine: Hand, at: int) -> None:
    """An opponent played a card: what was known or limited about their hand may be stale."""
    known = k.known.get(e.player)
    if known is not None and known == e.card:
        del k.known[e.player]
    k.limits.pop(e.player, None)
    if k.me in e.targets and k.ed.card(e.card).kind in (Kind.LOOK, Kind.BARONESS):
        card = mine[0] if mine and len(mine) == 1 else k.exposed_card
        _expose(k, {e.player}, card)
        if card is not None:
            k.looks.append((at, e.player, card))


def _expose(k: Knowledge, who: set[str], card: str | None) -> None:
    if card is not None and card != k.exposed_card:
        k.exposed.clear()
    k.exposed |= who
    if card is not None:
        k.exposed_card = card


def _forget(k: Knowledge, player: str) -> None:
    k.known.pop(player, None)
    k.limits.pop(player, None)


def _tie(k: Knowledge, a: str, b: str, mine: Hand) -> None:
    """A compare tie: equal values, so a known card on one side tells the other."""
    values = {}
    for p in (a, b):
        if p == k.me and mine:
            values[p] = k.value(mine[0])
        elif p in k.known:
            values[p] = k.value(k.known[p])
    for p, other in ((a, b), (b, a)):
        if other in values and p not in values and p != k.me:
            k.limits.setdefault(p, Limits()).exact = values[other]


def _swapped(k: Knowledge, e: E.HandsSwapped, mine: Hand, actor: str) -> None:
    """Known cards and limits follow the hands; the viewer knows what they gave away."""
    a, b = e.first, e.second
    ka, kb = k.known.pop(a, None), k.known.pop(b, None)
    la, lb = k.limits.pop(a, None), k.limits.pop(b, None)
    if k.me == a:
        la = None
    if k.me == b:
        lb = None
    for p, card, lim in ((a, kb, lb), (b, ka, la)):
        if p == k.me:
            continue
        if card is not None:
            k.known[p] = card
        if lim is not None:
            k.limits[p] = lim
    if k.me in (a, b):
        other = b if a == k.me else a
        if mine:
            k.known[other] = mine[0]
            k.limits.pop(other, None)
        k.exposed = {other} | ({actor} if actor not in (a, b) else set())
        k.exposed_card = None
