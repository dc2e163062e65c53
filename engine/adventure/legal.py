"""Every complete legal decision, by the kind of decision pending (and the free actions).

Pending kinds, each with the actions it accepts:
roll (roll) · travel (travel, rest, move_to with Swift as the wind) · riddle (riddle, place) ·
haven (buy_talisman, heal, draw_magic, done) · village (draw_riddle, sell, browse, done) ·
offer (accept, refuse) · buy (buy) · fight (fight, avoid) · prepare (prepare) ·
reroll (reroll, stop) · prize (take) · spoils (take) · challenge (challenge) ·
answer (answer, shield) · counter (challenge, end_duel) · fire (choose stay / flee) ·
rope (choose keep / decline) · lost (choose a place) · lose_talisman (choose a colour) ·
special (move_to) · smith (smith).
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations, product

from engine.adventure import board as B
from engine.adventure import riddles
from engine.adventure.cards import (
    CHASE_AWAY,
    DRAGON_SPELLS,
    EQUIPMENT,
    FIGHT_SPELLS,
    GOODS_PEOPLE,
    HEALS,
    HELD,
    JEWELLERY,
    POTIONS,
    RIDDLE,
    SCROLL,
    SHADOW_SHIELD,
    SWIFT,
    WEAPONS,
)
from engine.adventure.decisions import MADE, D, Decision
from engine.adventure.holdings import takeable
from engine.adventure.state import MAX_LP, Hobbit, Pending, State

ALWAYS_ASKED = frozenset({"roll", "village"})
"""Kinds asked even with a single option; every other kind with one option is auto-taken."""
TALISMAN_PRICE = 5
FREE_CARDS = frozenset({*HEALS, SCROLL})
"""The cards a free action plays (ADV-11)."""


ROLL, REST, DONE = D("roll"), D("rest"), D("done")
"""Decisions offered on most turns, made once."""
REROLLS = (Decision("stop"),) + tuple(
    Decision("reroll", dice=c) for n in (1, 2, 3) for c in combinations(range(3), n)
)
"""The reroll step's options never change: stop, or any one, two or three dice."""


@cache
def _travels(start: str, steps: int | str) -> tuple[Decision, ...]:
    """The travel decisions of a roll from `start`: D's, one per destination whatever the
    start and roll (a frozen decision costs about 1.4 µs to make, and a bench process or a
    short game meets many starts and rolls for the first time)."""
    if steps == "eagle":
        places = tuple(p for p in B.of_kind(B.ADVENTURE) if p != start)
    else:
        places = B.within(start, int(steps))
    return tuple(D("travel", to=p) for p in places)


@cache
def _moves(places: tuple[str, ...]) -> tuple[Decision, ...]:
    return tuple(D("move_to", to=p) for p in places)


def nearest(s: State, pid: str, frm: str) -> list[str]:
    """The other hobbits in the game nearest to `frm` (ties: all of them), seat order."""
    others = [p for p in s.in_game() if p != pid]
    if not others:
        return []
    best = min(B.distance(frm, s.hobbits[p].place) for p in others)
    return [p for p in others if B.distance(frm, s.hobbits[p].place) == best]


@cache
def nearest_adventure(place: str) -> tuple[str, ...]:
    """Lost in the woods: the Adventure places nearest `place`, itself excluded."""
    spots = [p for p in B.of_kind(B.ADVENTURE) if p != place]
    best = min(B.distance(place, p) for p in spots)
    return tuple(p for p in spots if B.distance(place, p) == best)


def prepare_options(s: State) -> list[Decision]:
    """One potion at most, and any one-use cards that count in this fight (ADV-6 step 3)."""
    f = s.fight
    assert f is not None
    cards = s.hobbits[f.fighter].cards
    potions = [None, *sorted({c for c in cards if c in POTIONS})]
    counting = FIGHT_SPELLS if not f.dragon else {**DRAGON_SPELLS, "blessing": 2}
    spells = sorted(c for c in cards if c in counting)
    subsets = {
        tuple(sorted(combo)) for n in range(len(spells) + 1) for combo in combinations(spells, n)
    }
    out = []
    for potion, spell_set in product(potions, sorted(subsets)):
        chosen = [*spell_set, *([potion] if potion else [])]
        out.append(D("prepare", cards=chosen))
    return out


def buy_options(s: State, pid: str, cards: list[str], anywhere: bool) -> list[Decision]:
    """Every set of the turned cards the hobbit can pay for (and the Village sells)."""
    h = s.hobbits[pid]
    people = B.PLACES[h.place].people
    sellable = [
        c for c in cards if anywhere or GOODS_PEOPLE[HELD[c].goods or "common"] in (None, people)
    ]
    return [d for d, price in _buy_sets(tuple(sorted(sellable))) if price <= h.gp]


@lru_cache(maxsize=1024)
def _buy_sets(sellable: tuple[str, ...]) -> tuple[tuple[Decision, int], ...]:
    """Each set of the sorted `sellable` cards as a buy decision with its price: fewest cards
    first, then in card order (combinations of a sorted tuple are sorted; copies of a card
    make equal sets, kept once)."""
    sets = {combo for n in range(len(sellable) + 1) for combo in combinations(sellable, n)}
    return tuple(map(_buy, sorted(sets, key=lambda c: (len(c), c))))


@lru_cache(maxsize=MADE)
def _buy(cards: tuple[str, ...]) -> tuple[Decision, int]:
    """The decision to buy the sorted `cards`, and their price, kept together: most sets are
    small and met again in other browses, where each is then one look-up here instead of D's
    call (its keyword fields packed, the cards sorted, its cache looked up) and the price summed
    again."""
    return D("buy", cards=cards), sum(HELD[cid].value for cid in cards)


def _take_options(s: State, taker: str, frm: str, danger: bool) -> list[Decision]:
    if danger:
        here = s.board.get(s.hobbits[taker].place, ())
        lacking = sorted({c for c in here if c not in s.hobbits[taker].talismans})
        return [D("take", what="gold")] + [D("take", what="talisman", colour=c) for c in lacking]
    out = []
    for what, thing in takeable(s, taker, frm):
        if what == "talisman":
            out.append(D("take", what=what, colour=thing))
        elif what == "equipment":
            out.append(D("take", what=what, card=thing))
        else:
            out.append(D("take", what=what))
    return out


def _haven(s: State, pid: str) -> list[Decision]:
    h = s.hobbits[pid]
    out = []
    if h.gp >= TALISMAN_PRICE:
        for colour in sorted(set(s.board.get(h.place, ()))):
            if colour not in h.talismans:
                out.append(D("buy_talisman", colour=colour))
    if h.place in B.HEAL_HAVENS and h.lp < MAX_LP:
        out.append(D("heal"))
    if h.place in B.MAGIC_HAVENS and s.decks["magic"]:
        out.append(D("draw_magic"))
    return [*out, DONE]


def _village(s: State, pid: str) -> list[Decision]:
    h, v = s.hobbits[pid], s.visit
    assert v is not None
    out = []
    riddles_held = sum(1 for c in h.cards if HELD[c].deck == RIDDLE)
    if not v.riddle_drawn and riddles_held < 4 and s.decks[RIDDLE]:
        out.append(D("draw_riddle"))
    if h.cards.count(JEWELLERY) > v.refused:
        out.append(D("sell", card=JEWELLERY))
    if not v.browsed and s.decks[EQUIPMENT]:
        out.append(D("browse"))
    return [*out, DONE]


def _avoid(s: State, pid: str) -> list[Decision]:
    f = s.fight
    assert f is not None
    cards = s.hobbits[pid].cards
    out = [D("fight")]
    if SHADOW_SHIELD in cards:
        out.append(D("avoid", card=SHADOW_SHIELD))
    for horn in CHASE_AWAY:
        if horn in cards:
            out += [D("avoid", card=horn, target=t) for t in nearest(s, pid, f.drawn_at)]
    return out


def _answer(s: State, pid: str) -> list[Decision]:
    duel = s.duel
    assert duel is not None and duel.riddle is not None
    cards = s.hobbits[pid].cards
    matching = [c for c in cards if HELD[c].deck == RIDDLE and riddles.answers(duel.riddle, c)]
    out = [D("answer", card=c) for c in sorted(matching)] or [D("answer", card=None)]
    if SHADOW_SHIELD in cards:
        out.append(D("shield"))
    return out


def pending_options(s: State) -> list[Decision]:
    """The decisions the pending hobbit may take now (free actions aside), worked out once."""
    return list(_pending_options(s))


def _pending_options(s: State) -> list[Decision]:
    """The kept list itself: read it, never change it."""
    p = s.pending
    if p is None or s.winner is not None or s.dragon_won:  # s.over, without a property call
        return []
    if p.options is None:
        p.options = _options(s, p)
    return p.options


def _riddle_cards(h: Hobbit) -> list[str]:
    return sorted(c for c in h.cards if HELD[c].deck == RIDDLE)


def _options(s: State, p: Pending) -> list[Decision]:
    pid, kind, h = p.player, p.kind, s.hobbits[p.player]
    if kind == "roll":
        return [ROLL]
    if kind == "travel":
        assert s.turn is not None and s.turn.roll is not None
        roll = s.turn.roll
        steps = roll if roll == "eagle" else int(roll) + (1 if "horse" in h.cards else 0)
        out = [*_travels(s.turn.start, steps), REST]
        if SWIFT in h.cards:
            out += _moves(B.within(h.place, 5))
        return out
    if kind == "reroll":
        return list(REROLLS)
    if kind == "riddle":
        return [D("riddle", target=t) for t in s.others_at(pid)] + [D("place")]
    if kind == "haven":
        return _haven(s, pid)
    if kind == "village":
        return _village(s, pid)
    if kind == "offer":
        return [D("accept"), D("refuse")]
    if kind == "buy":
        return buy_options(s, pid, list(p.ctx["cards"]), p.ctx["source"] == "peddler")
    if kind == "fight":
        return _avoid(s, pid)
    if kind == "prepare":
        return prepare_options(s)
    if kind in ("prize", "spoils"):
        return _take_options(s, pid, str(p.ctx.get("frm", "")), kind == "prize")
    if kind == "challenge":
        return [D("challenge", card=c) for c in _riddle_cards(h)]
    if kind == "answer":
        return _answer(s, pid)
    if kind == "counter":
        return [D("end_duel")] + [D("challenge", card=c) for c in _riddle_cards(h)]
    if kind == "fire":
        return [D("choose", option="stay"), D("choose", option="flee")]
    if kind == "rope":
        return [D("choose", option="keep")] + (
            [D("choose", option="decline")] if "rope" in h.cards else []
        )
    if kind == "lost":
        return [D("choose", option=t) for t in nearest_adventure(h.place)]
    if kind == "lose_talisman":
        colours = [c for c in p.ctx["colours"] if c in h.talismans]
        return [D("choose", option=c) for c in sorted(set(colours))] or [D("choose", option=None)]
    if kind == "special":
        return [D("move_to", to=None), *_moves(tuple(p.ctx["places"]))]
    if kind == "smith":
        bare = sorted({w for w in h.cards if w in WEAPONS and h.cards.count(w) > h.smiths.count(w)})
        return [D("smith", card=None)] + [D("smith", card=w) for w in bare]
    raise AssertionError(f"unknown pending kind {kind}")


def free_allowed(s: State, pid: str) -> bool:
    """ADV-11: free actions whenever a decision is awaited, but not mid-fight for the fighter."""
    if s.over or s.pending is None or pid not in s.hobbits or s.hobbits[pid].out:
        return False
    f = s.fight
    return not (f is not None and f.fighter == pid and s.pending.kind != "fight")


def free_options(s: State, h: Hobbit) -> list[Decision]:
    """ADV-11 free actions the hobbit `h` may take now (healing, the Scroll of Minds' taking);
    `h` holds a card of one (legal_moves looks first: most hands hold none)."""
    pid = h.id
    if not free_allowed(s, pid):
        return []
    out = []
    if h.lp < MAX_LP:
        out += [D("use", card=c) for c in sorted(set(h.cards)) if c in HEALS]
    if SCROLL in h.cards:
        for other in s.others_at(pid):
            for what, thing in takeable(s, pid, other):
                if what == "gold" and s.hobbits[other].gp < 2:
                    continue
                colour = thing if what == "talisman" else None
                item = thing if what == "equipment" else None
                out.append(D("use", card=SCROLL, target=other, what=what, colour=colour, item=item))
    return out


def legal_moves(s: State, pid: str) -> list[Decision]:
    """Every complete legal decision of `pid` now, and only those (the pending decision's kept
    list itself when there is no free action: read it, never change it)."""
    p = s.pending
    out = _pending_options(s) if p is not None and p.player == pid else []
    h = s.hobbits.get(pid)
    if h is None or FREE_CARDS.isdisjoint(h.cards):  # most hands: no free action at all
        return out
    free = free_options(s, h)
    return out + free if free else out


def auto_choice(s: State) -> Decision | None:
    """The pending decision when it is no real choice (exactly one option), else None
    (asked by the run loop, which has checked that the game goes on)."""
    p = s.pending
    if p is None or p.kind in ALWAYS_ASKED:
        return None
    if p.options is None:
        p.options = _options(s, p)
    return p.options[0] if len(p.options) == 1 else None
