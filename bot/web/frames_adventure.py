"""The Hobbit Adventure Boardgame's frames for the live table (docs/live-table.md).

The table frame comes from `AdvTable` (the spectator view, ADV-12: another hobbit's Riddle and
Magic cards only as a count), the private frame from `Pack` (the reader's own view and legal
decisions). The board (places, roads, where each is drawn) is sent once, in the first frame.
Texts are the game's own, in the reader's language (the caller sets it). This module belongs
to the game (found by name from `bot.web.frames`) and moves into its folder later.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from bot.games.adventure import decisions as adventure_decisions
from bot.games.adventure.buying import priced
from bot.games.adventure.messages.table import holdings, secret_count
from bot.games.adventure.models import AdvTable, Pack, Seat
from bot.games.adventure.pictures.layout import (
    MAP_HEIGHT,
    NAME_SIZE,
    NAME_WEIGHT,
    POS,
    WIDTH,
    ZOOM,
    key,
    name_baselines,
    talisman_centres,
)
from bot.games.adventure.pictures.tokens import Token, place_tokens, token_labels
from bot.games.adventure.text import words
from bot.games.adventure.text.cards import card_text, riddle_help
from bot.games.adventure.text.combat import bonus_text, dice_text, face, roll_count, total_count
from bot.games.adventure.text.lines import option_label, place_kind
from bot.games.adventure.text.names import card_name, place
from bot.games.adventure.text.reasons import reason_text
from bot.games.adventure.text.waiting import duel_line, fight_line, kind_text, waiting_line
from bot.games.adventure.text.words import TITLE
from bot.i18n import _, n_
from bot.ui.fonts import font
from engine.adventure import board as B
from engine.adventure.cards import HELD, POTION_BONUS
from engine.adventure.decisions import Decision
from engine.adventure.dice import combat_result
from engine.adventure.state import MAX_LP
from engine.adventure.view import AdventureView, HobbitView
from storage import Game

RECENT = 10


def _lines(pid: str) -> list[dict[str, Any]]:
    """A place's name as the board picture writes it, in the reader's language: each line's
    left end, baseline and width (native units), so the page's font cannot move it."""
    measure = font(NAME_SIZE * ZOOM, NAME_WEIGHT)
    return [
        {"text": t, "x": round(x, 1), "y": round(y, 1), "w": round(measure.getlength(t) / ZOOM, 1)}
        for t, x, y in name_baselines(pid)
    ]


def static(game: Game) -> dict[str, Any]:
    """The board as the board picture lays it out: every place (name lines, kind, centre,
    where its talismans lie), the roads, the key of place kinds."""
    places = [
        {
            "id": p.id,
            "name": place(p.id),
            "kind": p.kind,
            "kind_text": words.kind(p.kind, p.people),
            "x": POS[p.id][0],
            "y": POS[p.id][1],
            "lines": _lines(p.id),
            "talismans_y": talisman_centres(p.id, 1)[0][1],
        }
        for p in B.PLACES.values()
    ]
    legend = [
        {"kind": k.kind, "x": k.x, "y": k.y, "text": k.text.text, "tx": k.text.x, "ty": k.text.y}
        for k in key()
    ]
    colours = {c: words.colour(c) for c in ("blue", "green", "red", "yellow")}
    return {
        "title": _(TITLE),
        "width": WIDTH,
        "height": MAP_HEIGHT,
        "places": places,
        "key": legend,
        "roads": [list(r) for r in B.ROADS],
        "colours": colours,
        "max_lp": MAX_LP,
    }


def _hobbit(seat: Seat, h: HobbitView, active: bool) -> dict[str, Any]:
    kit, comp, treasure = holdings(h)
    return {
        "id": seat.player_id,
        "name": seat.name,
        "colour": seat.colour,
        "colour_name": _(seat.colour_name),
        "active": active,
        "out": h.out,
        "place": h.place,
        "place_name": place(h.place),
        "lp": h.lp,
        "gp": h.gp,
        "talismans": list(h.talismans),
        "talisman_text": words.colours(h.talismans) or _("none"),
        "equipment": kit,
        "companions": comp,
        "treasures": treasure,
        "secret": secret_count(h),
        "secret_text": n_("{n} secret card", "{n} secret cards", secret_count(h)),
    }


def _status(t: AdvTable) -> list[str]:
    """Who won, or whose turn it is and what the table waits for (names, never mentions)."""
    v = t.view
    names = t.names
    if v.winner:
        return [
            _(
                "🏆 {who} defeated the Dragon and won the game in turn {turn}!",
                who=names.get(v.winner, v.winner),
                turn=v.turn_no,
            )
        ]
    if v.dragon_won:
        return [_("🐉 Every hobbit is out: the Dragon wins.")]
    active = v.turn.player if v.turn else ""
    lines = [_("Turn {turn}: {who}'s turn.", turn=v.turn_no, who=names.get(active))]
    seats = {s.player_id: s for s in t.seats}
    for pid in t.awaiting:
        lines += waiting_line(v, pid, names.get(pid, pid), seats).split("\n")
    return lines


def _fight(v: AdventureView) -> dict[str, Any] | None:
    f = v.fight
    if not f:
        return None
    dice = list(f.dice)
    return {
        "fighter": f.fighter,
        "creature": card_name(f.card, f.deck or None),
        "power": f.power,
        "dice": [face(d) for d in dice],
        "result": combat_result(dice) if dice else None,
        "rerolls": f.rerolls,
        "rerolls_text": _("Rerolls used: {n}/2.", n=f.rerolls),
    }


def _tokens(t: AdvTable) -> dict[str, dict[str, Any]]:
    """Where each hobbit's token stands on the board, and its letter (as on the picture)."""
    hobbits = t.view.hobbits
    labels = token_labels([s.name for s in t.seats])
    tokens = [
        Token(label, s.colour, hobbits[s.player_id].place, out=hobbits[s.player_id].out)
        for s, label in zip(t.seats, labels, strict=True)
    ]
    by_label = {s_label: s.player_id for s, s_label in zip(t.seats, labels, strict=True)}
    return {
        by_label[tok.label]: {"x": round(x, 1), "y": round(y, 1), "label": tok.label}
        for tok, x, y in place_tokens(tokens)
    }


def table(t: AdvTable) -> dict[str, Any]:
    """The public table: hobbits, talismans on the board, whose turn and what is awaited,
    the places a travel may reach, the fight or riddle duel, the last lines."""
    v = t.view
    active = v.turn.player if v.turn else None
    return {
        "turn_no": v.turn_no,
        "turn": active,
        "awaiting": list(t.awaiting),
        "kind": v.pending.kind if v.pending else None,
        "status": _status(t),
        "hobbits": [_hobbit(s, v.hobbits[s.player_id], s.player_id == active) for s in t.seats],
        "lying": {p: list(cs) for p, cs in v.board.items() if cs},
        "tokens": _tokens(t),
        "reach": list(t.reach),
        "move": list(t.move) if t.move else None,
        "fight": _fight(v),
        "fight_text": fight_line(v, t.names),
        "duel_text": duel_line(v, t.names),
        "decks": dict(v.decks),
        "recent": list(t.recent[-RECENT:]),
        "over": t.over,
        "notice": t.notice,
    }


def _items(kind: str, legal: tuple[Decision, ...], view: AdventureView) -> list[str]:
    """The labels of a toggled step's items: the three dice, or the cards to add or buy."""
    its = adventure_decisions.items(kind, legal)
    if kind == "reroll":
        dice = view.fight.dice if view.fight else ()
        return [
            _("Die {i}: {face}", i=i + 1, face=dice_text([dice[i]]) if i < len(dice) else "?")
            for i in range(len(its))
        ]
    if kind == "prepare":
        return [card_name(c) + (f" +{POTION_BONUS[c]}" if c in POTION_BONUS else "") for c in its]
    return [priced(c) for c in its]


def _indexes(kind: str, legal: tuple[Decision, ...], d: Decision) -> list[int]:
    """Which toggle items a toggled decision switches on (copies of a card counted apart)."""
    if kind == "reroll":
        return sorted(d.dice or ())
    its = adventure_decisions.items(kind, legal)
    want = Counter(d.cards or ())
    out = []
    for i, item in enumerate(its):
        if want[item] > 0:
            want[item] -= 1
            out.append(i)
    return out


def decisions(p: Pack, encode: Callable[[Any], dict[str, Any]]) -> list[dict[str, Any]]:
    """Every legal decision with its label and how the page offers it: `travel` (a place on
    the map, `to`), `toggle` (a set of dice or cards, `items`), `free` (a free action out of
    the step) or `main` (one button)."""
    if p.over:
        return []
    kind = p.kind or ""
    toggled = adventure_decisions.TOGGLED.get(kind)
    start = p.view.turn.start if p.view.turn else p.me.place
    out = []
    for d in p.legal:
        entry: dict[str, Any] = {
            "decision": encode(d),
            "label": option_label(d, p.view, p.names),
            "group": "main",
        }
        if d.action in ("travel", "move_to") and d.to:
            frm = start if d.action == "travel" else p.me.place
            entry |= {"group": "travel", "to": d.to, "where": place_kind(d.to, frm)}
        elif toggled is not None and d.action == toggled:
            entry |= {"group": "toggle", "items": _indexes(kind, p.legal, d)}
        elif d.action == "use":
            entry["group"] = "free"
        out.append(entry)
    return out


def _toggle(p: Pack) -> dict[str, Any] | None:
    kind = p.kind or ""
    if kind not in adventure_decisions.TOGGLED or p.over:
        return None
    labels = {
        "reroll": (
            _("Reroll (switch dice on)"),
            _("Switch on the dice to reroll, then **Reroll**; or **Keep this roll**."),
        ),
        "prepare": (_("Fight with these"), _("Switch on what you add (at most one potion).")),
        "buy": (
            _("Buy nothing"),
            _("Switch on what you buy (grey: more than your gold left), then **Buy**."),
        ),
    }
    submit, hint = labels[kind]
    return {
        "kind": kind,
        "items": _items(kind, p.legal, p.view),
        "none": submit,
        "hint": hint,
        "gp": p.me.gp,
    }


def _fight_panel(p: Pack) -> list[str]:
    """The fighter's own count (each die, each bonus by name, the total against the power)."""
    f = p.view.fight
    if not f or f.fighter != p.player_id:
        return []
    bonus = p.extra.get("bonuses") or {}
    if f.dice:
        return [
            roll_count(f.dice),
            total_count(combat_result(f.dice), bonus, f.power),
            _("Rerolls used: {n}/2.", n=f.rerolls),
        ]
    return [_("Bonuses: {bonuses}.", bonuses=bonus_text(bonus))] if bonus else []


def private(p: Pack, encode: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """One hobbit's pack: its secret cards with their texts, its holdings, its fight count,
    what it must decide now and every legal decision."""
    me = p.me
    secret = me.secret_cards or ()
    seat = next(s for s in p.seats if s.player_id == p.player_id)
    prompt = None
    if p.over:
        prompt = _("The game is over.")
    elif p.kind is not None:
        prompt = _("➡️ **Your decision:** {what}.", what=kind_text(p.kind))
    elif p.awaiting:
        who = ", ".join(p.names.get(a, a) for a in p.awaiting)
        prompt = _("Waiting for {who}.", who=who)
    return {
        "me": _hobbit(seat, me, (p.view.turn.player if p.view.turn else None) == p.player_id),
        "riddles": [{"id": c, "text": riddle_help(c)} for c in secret if HELD[c].deck == "riddle"],
        "magic": [{"id": c, "text": card_text(c)} for c in secret if HELD[c].deck == "magic"],
        "kind": p.kind,
        "prompt": prompt,
        "fight": _fight_panel(p),
        "toggle": _toggle(p),
        "decisions": decisions(p, encode),
        **({"undo": True} if p.take_back else {}),  # the bounded undo (issue 45)
    }


def reason(why: object) -> str:
    """An engine refusal in the reader's words."""
    return reason_text(why)
