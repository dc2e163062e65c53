"""Rules of thumb: a score for every legal move, from the card-counting `Knowledge`.

A move's score is what its effect is worth (a likely knock-out, a token, information,
protection) plus what the card kept in hand is worth, which grows as the draw pile runs out
and the round-end comparison nears. Scores compare moves of one decision; their scale is
"a sure knock-out is worth about 10".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.loveletter.ai.knowledge import Knowledge, deck
from engine.loveletter.cards import Kind
from engine.loveletter.editions import END_VALUES, KINDS, Edition
from engine.loveletter.moves import Decide, Move, Play
from engine.loveletter.views import PlayerView

KNOCK_OUT = 10.0
TOKEN = 7.0
FATAL = -100.0


@dataclass(slots=True)
class Context:
    """One decision's facts, with the per-opponent distributions computed once."""

    view: PlayerView
    k: Knowledge
    ed: Edition
    me: str
    progress: float  # 0 at the deal, 1 when the draw pile is empty
    counts: int  # Counts in my discard pile (PEG-15)
    next_player: str | None
    plain: Mapping[str, int]  # card -> its round-end value (`editions.END_VALUES`)
    kinds: Mapping[str, Kind]  # card -> its kind (`editions.KINDS`)
    dists: dict[str, dict[str, float]] = field(default_factory=dict)
    # Memos below keyed by `id(dist)`: every player no fact limits shares one distribution
    # (`Knowledge.dist`), so what follows from it is worked out once, not once per target;
    # `dists` keeps each distribution alive, hence its id unique, while the context lives.
    values: dict[int, dict[int, float]] = field(default_factory=dict)
    # card played -> (card kept, what keeping it is worth), filled by `score`
    kept: dict[str, tuple[str | None, float]] = field(default_factory=dict)
    pool: float | None = None  # `pool_showdown`, once per decision
    # Once per player and decision (many moves share a target): `their_showdown`, `_info`,
    # and what a Prince-like discard of their card is worth (`_discard_draw`).
    theirs: dict[int, float] = field(default_factory=dict)  # by `id(dist)`, as `values`
    infos: dict[str, float] = field(default_factory=dict)
    discards: dict[str, float] = field(default_factory=dict)
    hits: dict[tuple[int, str | int], float] = field(default_factory=dict)  # `_guess_value`

    def dist(self, player: str) -> dict[str, float]:
        d = self.dists.get(player)
        if d is None:
            d = self.dists[player] = self.k.dist(player)
        return d

    def value_dist(self, player: str) -> dict[int, float]:
        """Probability of each value being `player`'s hand card (the Assassin left out)."""
        dist = self.dist(player)
        d = self.values.get(id(dist))
        if d is None:
            d = self.values[id(dist)] = {}
            for card, p in dist.items():
                if card != "assassin":
                    v = self.ed.card(card).value
                    d[v] = d.get(v, 0.0) + p
        return d

    def showdown(self, card: str) -> float:
        """Round-end value of a card in my hand (HOB-12 One Ring, PEG-15 Count)."""
        c = self.ed.card(card)
        return (7 if c.kind is Kind.RING else c.value) + self.counts

    def their_showdown(self, player: str) -> float:
        dist = self.dist(player)
        s = self.theirs.get(id(dist))
        if s is None:
            plain = self.plain
            s = self.theirs[id(dist)] = sum(p * plain[c] for c, p in dist.items())
        return s

    def pool_showdown(self) -> float:
        if self.pool is None:
            self.pool = self._pool_showdown()
        return self.pool

    def _pool_showdown(self) -> float:
        total = sum(n for n in self.k.unseen.values() if n > 0)
        if not total:
            return 0.0
        plain = self.plain
        s = sum(plain[c] * n for c, n in self.k.unseen.items() if n > 0)
        return s / total


def context(view: PlayerView, k: Knowledge) -> Context:
    """Gather what every score needs once per decision."""
    me = k.me
    playing = 0
    alive = []
    for s in view.seats:  # one pass: every playout judgement sets up a context
        playing += s.playing
        if s.in_round:
            alive.append(s.id)
    start = len(deck(k.ed.id, playing)) - 1 - len(view.face_up) - playing
    progress = 1.0 - view.draw_pile / start if start > 0 else 1.0
    counts = view.seat(me).discards.count("count") if k.ed.id == "pegasus" else 0
    nxt = None
    if me in alive and len(alive) > 1:
        nxt = alive[(alive.index(me) + 1) % len(alive)]
    progress = max(0.0, min(1.0, progress))
    # END_VALUES: the One Ring counts 7 at the round end
    return Context(view, k, k.ed, me, progress, counts, nxt, END_VALUES[k.ed.id], KINDS[k.ed.id])


def score(ctx: Context, move: Move) -> float:
    """How good `move` looks to the rules of thumb; higher is better."""
    if isinstance(move, Decide):
        return _decide(ctx, move)
    card = move[1]  # move.card (a named tuple's field by name is a slower look-up)
    memo = ctx.kept.get(card)
    if memo is None:  # once per card played: many moves (targets, guesses) share it
        rest = list(ctx.view.hand)
        if card in rest:
            rest.remove(card)
        kept = rest[0] if rest else None
        memo = ctx.kept[card] = (kept, _keep(ctx, kept))
    kept, keep = memo
    return _effect(ctx, move, kept) + keep


def _keep(ctx: Context, kept: str | None) -> float:
    if kept is None:
        return 0.0
    value = (0.4 + 0.6 * ctx.progress) * ctx.showdown(kept)
    kind = ctx.ed.card(kept).kind
    if kind is Kind.ASSASSIN:
        value += 2.0 * (1.0 - ctx.progress)
    if kept == ctx.k.exposed_card and _exposed_to_rivals(ctx):
        value -= 3.0
    return value


def _exposed_to_rivals(ctx: Context) -> bool:
    alive = {s.id for s in ctx.view.seats if s.in_round}
    return bool((ctx.k.exposed & alive) - {ctx.me})


def _decide(ctx: Context, move: Decide) -> float:
    """PEG-11: keep a card everyone now knows, or discard it and draw a fresh one."""
    card = ctx.view.hand[0] if ctx.view.hand else None
    if card is None:
        return 0.0
    if ctx.ed.card(card).kind is Kind.OUT_IF_DISCARDED:
        return 1.0 if move.choice == "keep" else FATAL
    keep = ctx.showdown(card) - 2.0  # everyone knows it now: a sitting target
    redraw = ctx.pool_showdown() + ctx.counts
    return keep if move.choice == "keep" else redraw


def _effect(ctx: Context, move: Play, kept: str | None) -> float:
    kind = ctx.kinds[move.card]
    if kind is Kind.OUT_IF_DISCARDED:
        return FATAL
    targets = move.targets
    if targets:
        t = targets[0]
    elif move.target:
        t = move.target
        targets = (t,)
    else:
        return _passive(ctx, kind)
    if kind is Kind.GUESS:
        named = move.guess
        return 0.0 if named is None else _guess_value(ctx, t, named)
    if kind is Kind.BISHOP:
        g = move.guess
        return TOKEN * ctx.k.p_value(t, g) if isinstance(g, int) else 0.0
    if kind in (Kind.COMPARE_LOW_OUT, Kind.COMPARE_HIGH_OUT):
        return _compare(ctx, move, t, kept)
    if kind is Kind.LOOK:
        return _info(ctx, t) * 1.5
    if kind is Kind.TRADE:
        return _trade(ctx, t, kept)
    if kind is Kind.DISCARD_DRAW:
        return _discard_draw(ctx, t, kept)
    if kind is Kind.FLATTERER:
        return 1.5 if t == ctx.next_player else (-1.0 if t == ctx.me else 0.3)
    if kind is Kind.BARONESS:
        return sum(_info(ctx, p) for p in targets) * 1.2
    if kind is Kind.CARDINAL:
        return _cardinal(ctx, targets, move.look, kept)
    if kind is Kind.JESTER:
        return 0.5 + ctx.their_showdown(t) / 8.0
    return 0.0


def _passive(ctx: Context, kind: Kind) -> float:
    if kind is Kind.PROTECT:
        return 2.0 + (2.0 if _exposed_to_rivals(ctx) else 0.0)
    if kind in (Kind.MARSHAL, Kind.COUNT):
        return 1.0
    return 0.0


def _guess_value(ctx: Context, target: str, named: str | int) -> float:
    d = ctx.dist(target)
    key = (id(d), named)  # the same for every target no fact limits (see `Context.values`)
    value = ctx.hits.get(key)
    if value is None:
        assassin = d.get("assassin", 0.0)
        if isinstance(named, int):
            hit = ctx.value_dist(target).get(named, 0.0)
        else:
            hit = 0.0 if named == "assassin" else d.get(named, 0.0)
        value = ctx.hits[key] = KNOCK_OUT * (hit - assassin)
    return value


def _compare(ctx: Context, move: Play, target: str, kept: str | None) -> float:
    if kept is None:
        return 0.0
    mine = ctx.ed.card(kept).value
    high_out = ctx.ed.card(move.card).kind is Kind.COMPARE_HIGH_OUT
    if move.card == "tauriel" and ctx.view.options.get("elves") == "german":
        high_out = False
    win = lose = 0.0
    for card, p in ctx.dist(target).items():
        v = ctx.ed.card(card).value
        if v == mine:
            continue
        i_am_lower = mine < v
        if i_am_lower != high_out:
            lose += p
        else:
            win += p
    return KNOCK_OUT * (win - 1.1 * lose)


def _info(ctx: Context, target: str) -> float:
    """How much a look at `target`'s hand would tell: none if already known."""
    if target in ctx.k.known:
        return 0.1
    info = ctx.infos.get(target)
    if info is None:
        d = ctx.dist(target)
        info = ctx.infos[target] = 1.0 - max(d.values(), default=1.0) * 0.5
    return info


def _trade(ctx: Context, target: str, kept: str | None) -> float:
    if kept is None:
        return 0.0
    gain = ctx.their_showdown(target) - ctx.showdown(kept) + ctx.counts
    return (0.3 + 0.6 * ctx.progress) * gain - 0.5


def _discard_draw(ctx: Context, target: str, kept: str | None) -> float:
    if target == ctx.me:
        if kept is None:
            return 0.0
        if ctx.ed.card(kept).kind is Kind.OUT_IF_DISCARDED:
            return FATAL
        gain = ctx.pool_showdown() - ctx.showdown(kept) + ctx.counts
        exposed = 1.5 if kept == ctx.k.exposed_card and _exposed_to_rivals(ctx) else 0.0
        return 0.4 * gain + exposed - 0.5
    worth = ctx.discards.get(target)
    if worth is None:
        d = ctx.dist(target)
        fatal = sum(p for c, p in d.items() if ctx.ed.card(c).kind is Kind.OUT_IF_DISCARDED)
        worse = ctx.their_showdown(target) - ctx.pool_showdown()
        worth = ctx.discards[target] = KNOCK_OUT * fatal + 0.3 * worse * ctx.progress
    return worth


def _cardinal(ctx: Context, targets: tuple[str, ...], look: str | None, kept: str | None) -> float:
    if ctx.me in targets:
        other = targets[0] if targets[1] == ctx.me else targets[1]
        return _trade(ctx, other, kept)
    a, b = targets
    # After the swap, `look`'s new card is the other one's old card.
    source = b if look == a else a
    return 0.3 + _info(ctx, source)
