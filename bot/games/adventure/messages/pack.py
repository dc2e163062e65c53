"""The private pack: your cards with their texts, your holdings, and the controls for what you
may decide now. Built from `Pack` (your own view, ADV-12) and your legal decisions only.

Controls by step: travel as selects (grouped by distance, 25 per select: Swift as the wind's
places in their own); prepare, reroll and buy as toggles plus one submit button; every other
step one button per decision; free actions (potions, Athelas, the Scroll of Minds) last.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.games.adventure import buying, decisions
from bot.games.adventure.items import (
    DecideButton,
    DecideSelect,
    SubmitButton,
    ToggleButton,
    UndoButton,
)
from bot.games.adventure.messages.table import COLOR, holdings, where_line
from bot.games.adventure.models import Pack
from bot.games.adventure.text import words
from bot.games.adventure.text.cards import card_text, riddle_help
from bot.games.adventure.text.combat import bonus_text, dice_text, roll_count, total_count
from bot.games.adventure.text.lines import option_label, place_kind
from bot.games.adventure.text.names import card_name, named, place
from bot.games.adventure.text.waiting import duel_line, fight_line, kind_text
from bot.i18n import N_, _, n_
from bot.platform.decisions import fingerprint
from bot.platform.items import StaticView
from engine.adventure import GAME
from engine.adventure import board as B
from engine.adventure.cards import HELD, POTION_BONUS
from engine.adventure.dice import combat_result

TRAVEL_TO = N_("Travel to")
SWIFT_TO = N_("{swift_as_the_wind} to")


def _own_cards(p: Pack) -> list[str]:
    me = p.me
    secret = me.secret_cards or ()
    lines = []
    riddles = [c for c in secret if HELD[c].deck == "riddle"]
    magic = [c for c in secret if HELD[c].deck == "magic"]
    if riddles:
        lines.append(_("**Your Riddle cards** (secret)"))
        lines += [f"• {riddle_help(c)}" for c in riddles]
    if magic:
        lines.append(_("**Your Magic cards** (secret)"))
        lines += [f"• {card_text(c)}" for c in magic]
    return lines


def _fight_panel(p: Pack) -> list[str]:
    """The fight under way; to its fighter, the count as the rules make it (each die, each
    bonus by name, the total against the power)."""
    v = p.view
    f = v.fight
    if not f:
        return []
    mine = f.fighter == p.player_id
    lines = [fight_line(v, p.names, p.player_id, dice=not mine) or ""]
    if not mine:
        return lines
    bonus = p.extra.get("bonuses") or {}
    if f.dice:
        lines.append(f"🎲 {roll_count(f.dice)}")
        lines.append(f"**{total_count(combat_result(f.dice), bonus, f.power)}.**")
        lines.append(_("Rerolls used: {n}/2.", n=f.rerolls))
    elif bonus:
        lines.append(_("Bonuses: {bonuses}.", bonuses=bonus_text(bonus)))
    return lines


def pack_embed(p: Pack, notice: str | None, reply: Sequence[str]) -> discord.Embed:
    me = p.me
    parts: list[str] = []
    if notice:
        parts.append(f"⚠️ {notice}")
    if reply:
        parts.append("\n".join(reply)[-1500:])
    if me.out:
        parts.append(_("You are out of the game."))
    else:
        kit, comp, treasure = holdings(me)
        talismans = words.colours(me.talismans) or _("none")
        parts += [
            where_line(me),
            _("Talismans: {list}", list=talismans),
            _("Equipment: {list}", list=", ".join(kit + comp + treasure) or _("none")),
        ]
        parts += _own_cards(p)
    duel = duel_line(p.view, p.names)
    if duel:
        parts.append(duel)
    parts += _fight_panel(p)
    if p.over:
        parts.append(_("The game is over."))
    elif p.kind is not None:
        parts.append(_("➡️ **Your decision:** {what}.", what=kind_text(p.kind)))
        if p.kind in decisions.TOGGLED:
            parts.append(_toggle_hint(p))
    elif p.awaiting:
        who = ", ".join(p.names.get(a, a) for a in p.awaiting)
        parts.append(_("Waiting for {who}.", who=who))
    embed = discord.Embed(title=_("Your pack"), description="\n".join(parts)[:4000], color=COLOR)
    footer = _(
        "Game {id} · move {version} · only you can see this", id=p.game_id, version=p.version
    )
    embed.set_footer(text=footer)
    return embed


def _toggle_hint(p: Pack) -> str:
    picked = decisions.chosen(p.kind or "", p.legal, p.mask)
    if p.kind == "reroll":
        return _("Switch on the dice to reroll, then **Reroll**; or **Keep this roll**.")
    if p.kind == "prepare":
        got = ", ".join(card_name(c) for c in picked) or _("nothing")
        return _("Switch on what you add (at most one potion); chosen: {cards}.", cards=got)
    gp = p.me.gp
    offered = decisions.items("buy", p.legal)
    lines = [f"• {buying.priced(c)}: {what}" for c, what in buying.uses(offered).items()]
    lines.append(_("Switch on what you buy (grey: more than your gold left), then **Buy**."))
    lines.append(f"**{buying.basket_line(picked, gp)}**")
    dear = buying.not_for_sale(p.view, offered, gp)
    if dear:
        lines.append(_("Not for you here: {cards}.", cards=", ".join(dear)))
    return "\n".join(lines)


def _travel_selects(p: Pack, fp: str, view: discord.ui.View) -> list[int]:
    """Selects of the travel (and Swift as the wind) places, sorted by distance; returns the
    indexes they cover."""
    covered: list[int] = []
    start = p.view.turn.start if p.view.turn else p.me.place
    row = 0
    for action, title in (("travel", TRAVEL_TO), ("move_to", SWIFT_TO)):
        opts = [(i, d) for i, d in enumerate(p.legal) if d.action == action and d.to]
        frm = start if action == "travel" else p.me.place
        opts.sort(key=lambda x: (B.distance(frm, x[1].to or frm), x[1].to or ""))
        for part in range(0, len(opts), 25):
            chunk = opts[part : part + 25]
            if row >= 4:
                break
            options = [
                discord.SelectOption(
                    label=place(d.to or "")[:100],
                    description=place_kind(d.to or "", frm)[:100],
                    value=str(i),
                )
                for i, d in chunk
            ]
            near = B.distance(frm, chunk[0][1].to or frm)
            far = B.distance(frm, chunk[-1][1].to or frm)
            span = f"{near}" if near == far else f"{near}–{far}"
            roads = n_("{span} road", "{span} roads", far, span=span)
            view.add_item(
                DecideSelect(
                    p.game_id,
                    p.version,
                    fp,
                    len(covered) + row,
                    options=options,
                    placeholder=_("{title}… ({roads})", title=_(title, **named()), roads=roads),
                    row=row,
                )
            )
            covered += [i for i, __ in chunk]
            row += 1
    return covered


def _toggles(p: Pack, fp: str, view: discord.ui.View) -> list[int]:
    kind = p.kind or ""
    its = decisions.items(kind, p.legal)
    dice = p.view.fight.dice if p.view.fight else ()
    picked = decisions.chosen(kind, p.legal, p.mask)
    for i, item in enumerate(its):
        on = bool(p.mask >> i & 1)
        off = False
        if kind == "reroll":
            face = dice_text([dice[i]]) if dice else "?"
            label = f"{'🔁 ' if on else ''}" + _("Die {i}: {face}", i=i + 1, face=face)
        elif kind == "prepare":
            bonus = POTION_BONUS.get(item)
            label = f"{'✅ ' if on else ''}{card_name(item)}" + (f" +{bonus}" if bonus else "")
        else:
            label = f"{'✅ ' if on else ''}{buying.priced(item)}"
            off = not on and not buying.can_add(p.legal, picked, item)
        mask = decisions.toggled(kind, p.legal, p.mask, i)
        view.add_item(
            ToggleButton(
                p.game_id, p.version, fp, mask, label=label, on=on, disabled=off, row=i // 5
            )
        )
    chosen = decisions.decision_for(kind, p.legal, p.mask)
    row = min(3, len(its) // 5 + 1)
    covered = [i for i, d in enumerate(p.legal) if d.action == decisions.TOGGLED[kind]]
    if kind == "reroll":
        n = bin(p.mask).count("1")
        label = n_("Reroll {n} die", "Reroll {n} dice", n) if n else _("Reroll (switch dice on)")
        view.add_item(
            SubmitButton(
                p.game_id, p.version, fp, p.mask, label=label, disabled=chosen is None, row=row
            )
        )
        stop = next(i for i, d in enumerate(p.legal) if d.action == "stop")
        view.add_item(
            DecideButton(
                p.game_id,
                p.version,
                fp,
                stop,
                label=_("Keep this roll"),
                style=discord.ButtonStyle.primary,
                row=row,
            )
        )
        covered.append(stop)
    else:
        label = _("Fight with these") if kind == "prepare" else _buy_label(picked)
        view.add_item(
            SubmitButton(
                p.game_id, p.version, fp, p.mask, label=label, disabled=chosen is None, row=row
            )
        )
    return covered


def _buy_label(picked: list[str]) -> str:
    if not picked:
        return _("Buy nothing")
    total = sum(buying.price(c) for c in picked)
    return n_("Buy {n} for {gp} GP", "Buy {n} for {gp} GP", len(picked), gp=total)


def pack_view(p: Pack) -> discord.ui.View:
    view = StaticView()
    if p.over or not p.legal:
        return view
    undo = [UndoButton(p.game_id, p.version)] if p.take_back else []
    fp = fingerprint(GAME, p.legal, decisions.FINGERPRINT_SALT)
    covered: list[int] = []
    if p.kind == "travel":
        covered = _travel_selects(p, fp, view)
    elif p.kind in decisions.TOGGLED:
        covered = _toggles(p, fp, view)
    rest = [i for i in range(len(p.legal)) if i not in covered]
    used = sum(1 for c in view.children if isinstance(c, discord.ui.Button)) + 5 * sum(
        1 for c in view.children if isinstance(c, discord.ui.Select)
    )
    for i in rest:
        if used >= 25 - len(undo) or len(view.children) >= 25 - len(undo):
            break
        d = p.legal[i]
        style = discord.ButtonStyle.secondary if d.action == "use" else discord.ButtonStyle.success
        try:
            view.add_item(
                DecideButton(
                    p.game_id, p.version, fp, i, label=option_label(d, p.view, p.names), style=style
                )
            )
        except ValueError:  # no room left in the rows
            break
        used += 1
    for item in undo:  # the bounded undo (issue 45): last, after the decisions
        view.add_item(item)
    return view


def pack_message(
    p: Pack, *, notice: str | None = None, reply: Sequence[str] = ()
) -> tuple[discord.Embed, discord.ui.View]:
    return pack_embed(p, notice, reply), pack_view(p)
