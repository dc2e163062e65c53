"""What hobbits hold and what decks hold: drawing, returning, gaining, losing, taking.

Every card leaving play goes to the bottom of its own deck (ADV-1); these helpers are the
only places cards move, so the 142 are conserved.
"""

from __future__ import annotations

from engine.adventure import events as E
from engine.adventure.cards import EQUIPMENT, HELD, MAGIC, RIDDLE, SECRET_DECKS, WEAPONS
from engine.adventure.state import MAX_LP, Hobbit, State


def draw(s: State, pid: str, deck: str) -> str | None:
    """The top card of `deck`, onto the table; None (announced) if the deck is empty."""
    cards = s.decks[deck]
    if not cards:
        s.log.append(E.Skipped(player=pid, what=f"{deck}_deck_empty"))
        return None
    cid, s.decks[deck] = cards[0], cards[1:]
    if deck in SECRET_DECKS:
        s.log.append(E.Drawn(pid, deck, None))
        s.log.append(E.Drawn(pid, deck, cid, to=(pid,)))
    else:
        s.log.append(E.Drawn(pid, deck, cid))
    s.table.append([deck, cid])
    return cid


def off_table(s: State, deck: str, cid: str) -> None:
    s.table.remove([deck, cid])


def to_bottom(
    s: State, deck: str, cid: str, pid: str | None = None, secret: bool = False, why: str = ""
) -> None:
    s.to_deck(deck, (cid,))
    if secret:
        s.log.append(E.Returned(player=pid, deck=deck, cards=(), hidden=1))
    else:  # positional, as most cards go back (hidden 0: the card is named)
        s.log.append(E.Returned(pid, deck, (cid,), 0, why))


def table_to_bottom(s: State, deck: str, cid: str, pid: str | None = None, why: str = "") -> None:
    off_table(s, deck, cid)
    to_bottom(s, deck, cid, pid, why=why)


def keep(s: State, pid: str, deck: str, cid: str) -> None:
    """A card from the table into a hobbit's holding."""
    off_table(s, deck, cid)
    s.own_hobbit(pid).cards.append(cid)
    if deck not in SECRET_DECKS:
        s.log.append(E.Kept(pid, cid))


def spend(s: State, pid: str, cid: str) -> None:
    """A held card used or given up: back to the bottom of its deck (shown: it was played)."""
    h = s.own_hobbit(pid)
    h.cards.remove(cid)
    if cid in h.shown and cid not in h.cards:
        h.shown.remove(cid)
    to_bottom(s, HELD[cid].deck, cid, pid)


def lp(s: State, pid: str, delta: int, why: str) -> None:
    old = s.hobbits[pid].lp
    new = max(0, min(MAX_LP, old + delta))
    if new != old:
        change = new - old
        s.own_hobbit(pid).lp = new
        s.log.append(E.Changed(pid, "lp", change, new, why))


def gp(s: State, pid: str, delta: int, why: str) -> None:
    old = s.hobbits[pid].gp
    new = max(0, old + delta)
    if new != old:
        change = new - old
        s.own_hobbit(pid).gp = new
        s.log.append(E.Changed(pid, "gp", change, new, why))


def money(s: State, pid: str, count: int) -> None:
    """Draw `count` Money cards, gain their sum, put them back at the bottom (ADV-6 step 6)."""
    total = 0
    for _ in range(count):
        cid = draw(s, pid, "money")
        if cid is None:
            break
        total += int(cid.split("_")[1])
        table_to_bottom(s, "money", cid)
    gp(s, pid, total, "money")


def remove_weapon(s: State, h: Hobbit, weapon: str) -> bool:
    """Takes one `weapon` from `h` (the smithed one first; `h` is the state's own copy);
    True if it carried a smith."""
    h.cards.remove(weapon)
    if weapon in h.smiths:
        h.smiths.remove(weapon)
        h.cards.remove("weapon_smith")
        return True
    return False


def lose_equipment(s: State, pid: str, cid: str) -> None:
    """An Equipment card back to its deck, with the Weapon-smith on it."""
    h = s.own_hobbit(pid)
    if cid in WEAPONS:
        if remove_weapon(s, h, cid):
            to_bottom(s, "rest", "weapon_smith", pid)
        to_bottom(s, EQUIPMENT, cid, pid)
    else:
        spend(s, pid, cid)


def takeable(s: State, taker: str, frm: str) -> list[tuple[str, str | None]]:
    """What `taker` may take from `frm` (ADV-8 step 4): each Equipment id, each talisman of a
    colour the taker lacks, and ("gold", None)."""
    t, f = s.hobbits[taker], s.hobbits[frm]
    options: list[tuple[str, str | None]] = [("gold", None)]
    options += [("talisman", c) for c in sorted(set(f.talismans)) if c not in t.talismans]
    options += [("equipment", c) for c in sorted(set(f.cards)) if HELD[c].deck == EQUIPMENT]
    return options


def take(s: State, taker: str, frm: str, what: str, thing: str | None) -> None:
    t, f = s.own_hobbit(taker), s.own_hobbit(frm)
    amount = 0
    if what == "gold":
        amount = f.gp // 2
        f.gp -= amount
        t.gp += amount
    elif what == "talisman" and thing is not None:
        f.talismans.remove(thing)
        t.talismans.append(thing)
    elif thing is not None:
        if thing in WEAPONS:
            if remove_weapon(s, f, thing):
                t.cards.append("weapon_smith")
                t.smiths.append(thing)
        else:
            f.cards.remove(thing)
        t.cards.append(thing)
    s.log.append(E.Taken(player=taker, frm=frm, what=what, thing=thing, amount=amount))


def knock_out(s: State, pid: str) -> None:
    """ADV-9: cards back to their decks, gold to the pool, talismans out of the game."""
    h = s.own_hobbit(pid)
    h.out = True
    by_deck: dict[str, list[str]] = {}
    for cid in h.cards:
        by_deck.setdefault(HELD[cid].deck, []).append(cid)
    for deck, cids in by_deck.items():
        s.to_deck(deck, cids)
        if deck in (MAGIC, RIDDLE):
            s.log.append(E.Returned(player=pid, deck=deck, cards=(), hidden=len(cids)))
        else:
            s.log.append(E.Returned(player=pid, deck=deck, cards=tuple(cids)))
    h.cards.clear()
    h.smiths.clear()
    h.shown.clear()
    h.gp = 0
    for colour in h.talismans:
        s.log.append(E.TalismanMoved(player=pid, colour=colour, how="out_of_game"))
    h.talismans.clear()
    s.log.append(E.Out(player=pid))
    if not s.in_game():
        s.dragon_won = True
        s.pending = None
        s.log.append(E.GameOver(winner=None, dragon_won=True))
