"""Fighting (ADV-6) and the Dragon (ADV-7): the steps of one fight, run as stages.

Stages: avoid → power → prepare → roll → reroll → result → (prize / lose_talisman) → done.
Each stage either asks its decision (the run loop in flow.py waits for it) or moves on.
Rules applied: the Lantern counts only against the creatures of the Peril deck (ADV-6 step 5,
ADV-10), never against its enchanters (evil Conjurer, evil Mage, old angry Mage, ADV-11).
Decisions documented: the Dragon's 7 LP are lost in full (ADV-7 names the number; Mithril's lesser
loss is for creatures); an evil Mage's fights are each a fight (a Ranger goes back after the
first, a Dwarf companion after the first lost).
"""

from __future__ import annotations

from engine.adventure import events as E
from engine.adventure import holdings as H
from engine.adventure.cards import (
    CREATURE,
    DEFENCES,
    DRAGON_SPELLS,
    FIGHT_SPELLS,
    MASTER_OF,
    PERIL,
    POTION_BONUS,
    SHADOW_SHIELD,
    WEAPONS,
    card,
)
from engine.adventure.decisions import Decision
from engine.adventure.dice import combat, combat_result, combat_roll, green
from engine.adventure.state import Fight, Pending, State

MASTER_FOR = {weapon: master for master, weapon in MASTER_OF.items()}
DRAGON_POWER = 16
DRAGON_LOSS = 7
MAGE_FREE_LOSSES = 5
DEFENCE_CARDS = frozenset(DEFENCES)
"""Either gives the one defence bonus (ADV-6 step 5)."""
FLAT_BONUSES = {"dwarf_companion": 1, "ranger": 2, "elven_cloak": 1}
"""Held cards that count in every fight, each under its own name (ADV-6 step 5)."""
BONUS_CARDS = frozenset({*WEAPONS, *DEFENCE_CARDS, "lantern", *FLAT_BONUSES})
"""The held cards that may count in a fight total (`bonuses`)."""


def start(s: State, pid: str, deck: str, cid: str, danger: bool = False) -> None:
    """A drawn creature (already on the table) or the Dragon is to be fought by `pid`."""
    avoidable = deck != "" and card(deck, cid).kind == "creature"
    s.begin_fight(Fight(pid, deck, cid, s.hobbits[pid].place, danger=danger, avoidable=avoidable))
    s.log.append(E.FightBegan(pid, deck or "lair", cid))


def bonuses(s: State, f: Fight) -> dict[str, int]:
    """ADV-6 step 5 (and ADV-7): every bonus that counts now, by name."""
    h = s.hobbits[f.fighter]
    out: dict[str, int] = {}
    if not BONUS_CARDS.isdisjoint(h.cards):
        cards = set(h.cards)  # ten look-ups below: a set once beats scanning the hand each time
        best = 0
        for weapon in WEAPONS:
            if weapon in cards:
                master = MASTER_FOR[weapon] in cards
                best = max(best, 1 + int(master) + int(weapon in h.smiths))
        if best:
            out["weapon"] = best
        if not DEFENCE_CARDS.isdisjoint(cards):
            out["defence"] = 1
        if "lantern" in cards and lantern_counts(f.deck, f.card):
            out["lantern"] = 1
        for name, bonus in FLAT_BONUSES.items():
            if name in cards:
                out[name] = bonus
    if f.bonus:
        out["prepared"] = f.bonus
    if f.dragon and h.talismans:
        out["talismans"] = len(h.talismans)
    return out


def lantern_counts(deck: str, cid: str) -> bool:
    """ADV-6 step 5: the Lantern lights the way against Peril creatures, not enchanters."""
    return deck == PERIL and card(deck, cid).kind == CREATURE


def counted(s: State, f: Fight) -> tuple[int, dict[str, int]]:
    """The fight total of the dice as they lie, and the bonuses in it by name."""
    counting = bonuses(s, f)
    return combat_result(f.dice) + sum(counting.values()), counting


PREPARABLE = frozenset({*POTION_BONUS, *FIGHT_SPELLS})
PREPARABLE_AGAINST_THE_DRAGON = frozenset({*POTION_BONUS, "blessing", *DRAGON_SPELLS})


def _has_preparable(s: State, f: Fight) -> bool:
    counting = PREPARABLE_AGAINST_THE_DRAGON if f.dragon else PREPARABLE
    return not counting.isdisjoint(s.hobbits[f.fighter].cards)


def step(s: State) -> None:
    """Advance the fight stage by stage until it asks a decision, ends, or ends the game (the
    run loop would only call again: nothing between two stages changes the fight)."""
    f = s.own_fight()
    pid = f.fighter
    while s.pending is None and s.fight is f and s.winner is None and not s.dragon_won:
        stage = f.stage
        if stage == "avoid":
            f.stage = "power"
            if f.avoidable:
                s.pending = Pending(pid, "fight")
        elif stage == "power":
            if f.dragon:
                f.power = DRAGON_POWER
            else:
                die = green(s)
                s.log.append(E.Rolled(pid, "green", die, "power"))
                f.power = die + card(f.deck, f.card).power
            s.log.append(E.Power(pid, f.card, f.power))
            f.stage = "roll"
            if _has_preparable(s, f):
                s.pending = Pending(pid, "prepare")
        elif stage == "roll":
            f.dice = combat_roll(s)
            _after_roll(s, f, *_announce(s, f))
        elif stage == "reroll":
            # Only a hand-built or decoded state is at this stage with nothing asked: the
            # engine enters it in _after_roll, which asks the reroll or ends the fight at once.
            _after_roll(s, f, *counted(s, f))
        elif stage == "result":
            _result(s, f, *counted(s, f))
        elif stage == "done":
            finish(s)
        else:
            return


def _after_roll(s: State, f: Fight, got: int, counting: dict[str, int]) -> None:
    """ADV-6 step 4: below the creature's power the hobbit may reroll (twice at most); else
    the fight's result, from the total just announced (nothing can have changed it since):
    `Combat.bonuses` and `FightEnded.bonuses` may then be the one dict (events are never
    changed)."""
    assert f.power is not None
    f.stage = "reroll"
    if f.rerolls < 2 and got < f.power:
        s.pending = Pending(f.fighter, "reroll")
    else:
        _result(s, f, got, counting)


def _announce(
    s: State, f: Fight, rerolled: tuple[int, ...] = (), before: tuple[str, ...] = ()
) -> tuple[int, dict[str, int]]:
    """The roll, with each bonus by name, and after a reroll which dice changed from what;
    returns the total announced and its bonuses.
    An Elven cloak counts in this total, so it is shown from now on (ADV-12: secret until
    played or shown), not first after the result: the public line names it."""
    assert f.power is not None
    h = s.hobbits[f.fighter]
    if "elven_cloak" in h.cards and "elven_cloak" not in h.shown:
        s.own_hobbit(f.fighter).shown.append("elven_cloak")
    result, counting = combat_result(f.dice), bonuses(s, f)
    got = result + sum(counting.values())
    s.log.append(  # positional, about one a turn (by name: +1.4% instructions a game)
        E.Combat(f.fighter, tuple(f.dice), result, got, f.power, counting, rerolled, before)
    )
    return got, counting


def decide(s: State, d: Decision) -> None:
    """The fight's own decisions: fight/avoid, prepare, reroll/stop, prize, lose_talisman."""
    f = s.own_fight()
    pid = f.fighter
    if d.action == "avoid" and d.card is not None:
        H.spend(s, pid, d.card)
        if d.card == SHADOW_SHIELD:
            s.log.append(E.Avoided(player=pid, card=d.card, creature=f.card))
            f.stage = "done"
            return
        assert d.target is not None
        s.log.append(E.Avoided(player=pid, card=d.card, creature=f.card, chased_to=d.target))
        f.fighter, f.chased, f.danger, f.avoidable = d.target, True, False, False
        s.log.append(E.FightBegan(d.target, f.deck, f.card))
    elif d.action == "prepare":
        for cid in d.cards or ():
            f.bonus += POTION_BONUS.get(cid) or FIGHT_SPELLS.get(cid) or DRAGON_SPELLS.get(cid, 0)
            f.prepared.append(cid)
            H.spend(s, pid, cid)
    elif d.action == "reroll":
        before = tuple(f.dice)
        for i in d.dice or ():
            f.dice[i] = combat(s)
        f.rerolls += 1
        _after_roll(s, f, *_announce(s, f, tuple(d.dice or ()), before))
    elif d.action == "stop":
        f.stage = "result"
    elif d.action == "take" and d.what == "talisman" and d.colour is not None:
        s.off_board(s.hobbits[pid].place, d.colour)
        s.own_hobbit(pid).talismans.append(d.colour)
        s.log.append(
            E.TalismanMoved(player=pid, colour=d.colour, how="won", frm=s.hobbits[pid].place)
        )
        f.stage = "done"
    elif d.action == "take":
        H.money(s, pid, card(f.deck, f.card).money)
        f.stage = "done"
    elif d.action == "choose":
        if d.option is not None:
            s.own_hobbit(pid).talismans.remove(d.option)
            s.log.append(E.TalismanMoved(player=pid, colour=d.option, how="destroyed"))
        f.stage = "done"


def _after_fight(s: State, f: Fight, won: bool) -> None:
    h = s.own_hobbit(f.fighter)
    if "elven_cloak" in h.cards and "elven_cloak" not in h.shown:
        h.shown.append("elven_cloak")
    if "ranger" in h.cards:
        H.spend(s, f.fighter, "ranger")
    if not won and "dwarf_companion" in h.cards:
        H.spend(s, f.fighter, "dwarf_companion")


def _result(s: State, f: Fight, got: int, counting: dict[str, int]) -> None:
    """The fight's end (ADV-6 steps 5-6, ADV-7) with its total and bonuses."""
    assert f.power is not None
    pid, h = f.fighter, s.own_hobbit(f.fighter)
    won = got >= f.power
    s.log.append(
        E.FightEnded(player=pid, card=f.card, won=won, total=got, power=f.power, bonuses=counting)
    )
    _after_fight(s, f, won)
    f.stage = "done"
    if f.dragon:
        if won:
            s.winner = pid
            s.pending = None
            s.log.append(E.GameOver(winner=pid, dragon_won=False))
            return
        H.lp(s, pid, -DRAGON_LOSS, "dragon")
        if h.lp == 0:
            H.knock_out(s, pid)
            return
        colours = [c for c in ("red", "yellow") if c in h.talismans]
        if colours:
            f.stage = "lose_talisman"
            s.pending = Pending(pid, "lose_talisman", {"colours": colours})
        return
    if won:
        here = s.board.get(h.place, ())
        if f.danger and any(c not in h.talismans for c in here):
            f.stage = "prize"
            s.pending = Pending(pid, "prize")
        else:
            H.money(s, pid, card(f.deck, f.card).money)
        return
    _lost(s, f)


def _lost(s: State, f: Fight) -> None:
    pid, h = f.fighter, s.own_hobbit(f.fighter)
    if f.card == "evil_conjurer":
        if h.talismans:
            f.stage = "lose_talisman"
            s.pending = Pending(pid, "lose_talisman", {"colours": list(h.talismans)})
    elif f.card == "old_angry_mage":
        for weapon in [c for c in h.cards if c in WEAPONS]:
            H.lose_equipment(s, pid, weapon)
    elif f.card == "evil_mage":
        f.losses += 1
        if f.losses > MAGE_FREE_LOSSES:
            H.gp(s, pid, -1, "evil_mage")
        f.stage, f.power, f.bonus, f.dice, f.rerolls = "power", None, 0, [], 0
        f.prepared = []
    else:
        loss = card(f.deck, f.card).loss - (1 if "mithril_shirt" in h.cards else 0)
        H.lp(s, pid, -max(0, loss), f.card)
        if h.lp == 0:
            H.knock_out(s, pid)


def finish(s: State) -> None:
    """The creature goes back to the bottom of its deck; a knocked-out active hobbit's turn ends."""
    f = s.fight
    assert f is not None
    s.fight = None
    if f.deck:
        H.table_to_bottom(s, f.deck, f.card)
