"""The public table as a Discord message: whose turn it is, each hobbit in a field, the talismans
on the board and the last events (the board picture is `board.py`'s).

The table reads only `AdvTable` (the spectator view, ADV-12), so no secret card can reach it:
another hobbit's Riddle and Magic cards appear as a count.
"""

from __future__ import annotations

import discord

from bot.games.adventure.items import PackButton, RulesButton
from bot.games.adventure.models import AdvTable, Seat
from bot.games.adventure.text import words
from bot.games.adventure.text.names import card_name, place
from bot.games.adventure.text.waiting import waiting_line
from bot.games.adventure.text.words import TITLE
from bot.i18n import _
from bot.platform.items import StaticView
from engine.adventure.cards import HELD
from engine.adventure.state import MAX_LP
from engine.adventure.view import HobbitView, TurnView

COLOR = 0x6B8E23
COMPANIONS = ("dwarf_companion", "ranger")
TREASURES = ("jewellery",)


def holdings(h: HobbitView) -> tuple[list[str], list[str], list[str]]:
    """A hobbit's public cards as equipment, companions and treasures (names)."""
    cards = [c for c in h.cards if c in HELD]
    comp = [card_name(c) for c in cards if c in COMPANIONS]
    treasure = [card_name(c) for c in cards if c in TREASURES]
    kit = [
        _("{card} (smithed)", card=card_name(c)) if c in h.smiths else card_name(c)
        for c in cards
        if c not in COMPANIONS and c not in TREASURES and not HELD[c].secret
    ]
    shown = [card_name(c) for c in cards if HELD[c].secret]
    return kit + shown, comp, treasure


def secret_count(h: HobbitView) -> int:
    """How many secret cards (Riddle, Magic) a hobbit holds: all anyone else may know."""
    return h.secret


def hobbit_field(seat: Seat, h: HobbitView, active: bool) -> tuple[str, str]:
    head = f"{'▶ ' if active else ''}{seat.name} ({_(seat.colour_name)})"
    if h.out:
        return head, _("Out of the game.")
    kit, comp, treasure = holdings(h)
    secret = secret_count(h)
    lines = [
        where_line(h),
        _("Talismans: {list}", list=words.colours(h.talismans) or _("none")),
        _("Equipment: {list}", list=", ".join(kit) or _("none")),
    ]
    if comp:
        lines.append(_("Companions: {list}", list=", ".join(comp)))
    if treasure:
        lines.append(_("Treasures: {list}", list=", ".join(treasure)))
    lines.append(_("Secret cards (Riddle/Magic): {n}", n=secret))
    return head, "\n".join(lines)


def where_line(h: HobbitView) -> str:
    """`📍 Bree · ❤️ 9/12 LP · 💰 4 GP`: a hobbit's place, life and gold."""
    return _(
        "📍 {place} · ❤️ {lp}/{max} LP · 💰 {gp} GP",
        place=place(h.place),
        lp=h.lp,
        max=MAX_LP,
        gp=h.gp,
    )


def mention(seat: Seat | None) -> str:
    if seat is None:
        return _("someone")
    if seat.player_id.isdigit():
        return f"<@{seat.player_id}>"
    return seat.name


def table_status(t: AdvTable) -> str:
    """Who won, or whose turn it is and whom the table waits for (with a timeout's notice)."""
    v = t.view
    seats = {s.player_id: s for s in t.seats}
    turn = v.turn or TurnView()
    if v.winner:
        status = _(
            "🏆 {who} defeated the Dragon and won the game in turn {turn}!",
            who=seats[v.winner].name,
            turn=v.turn_no,
        )
    elif v.dragon_won:
        status = _("🐉 Every hobbit is out: the Dragon wins.")
    else:
        active = seats.get(turn.player or "")
        status = _("Turn {turn}: {who}'s turn.", turn=v.turn_no, who=mention(active))
        for pid in t.awaiting:
            status += "\n" + waiting_line(v, pid, mention(seats.get(pid)), seats)
    if t.notice:
        status = f"{t.notice}\n{status}"
    return status


def table_embed(t: AdvTable) -> discord.Embed:
    """The whole table in words: read when the board picture is not there."""
    v = t.view
    turn = v.turn or TurnView()
    embed = discord.Embed(title=_(TITLE), description=table_status(t)[:4000], color=COLOR)
    for seat in t.seats:
        name, value = hobbit_field(seat, v.hobbits[seat.player_id], seat.player_id == turn.player)
        embed.add_field(name=name[:256], value=value[:1024], inline=True)
    lying = ", ".join(
        f"{place(p)}: {'/'.join(words.colour(c) for c in cs)}" for p, cs in v.board.items() if cs
    )
    embed.add_field(
        name=_("Talismans on the board"), value=(lying or _("none"))[:1024], inline=False
    )
    if t.recent:
        recent = "\n".join(t.recent[-8:])
        embed.add_field(name=_("Last events"), value=recent[-1024:], inline=False)
    embed.set_footer(text=_("Game {id} · move {version}", id=t.game_id, version=t.version))
    return embed


def table_message(t: AdvTable) -> tuple[discord.Embed, discord.ui.View]:
    view = StaticView()
    if not t.over:
        view.add_item(PackButton(t.game_id))
    view.add_item(RulesButton(t.game_id))
    return table_embed(t), view
