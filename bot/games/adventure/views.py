"""The lobby and the public table as Discord messages, and the board picture's file.

The table reads only `AdvTable` (the spectator view, ADV-12), so no secret card can reach it:
another hobbit's Riddle and Magic cards appear as a count.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

import discord

from bot.games.adventure import happenings, text, words
from bot.games.adventure.items import LobbyButton, PackButton, RulesButton
from bot.games.adventure.models import AdvTable, Seat
from bot.games.adventure.names import seat_label
from bot.games.adventure.picture.board import FILENAME, render
from bot.games.adventure.picture.facts import BoardFacts, HobbitFacts
from bot.games.adventure.picture.tokens import Token, token_labels
from bot.games.adventure.places import place_at
from bot.games.adventure.waiting import waiting_line
from bot.i18n import N_, _
from bot.platform.presentation import Picture
from engine.adventure.cards import HELD
from engine.adventure.state import MAX_LP
from storage import Game

COLOR = 0x6B8E23
TITLE = N_("The Hobbit Adventure Boardgame")
COMPANIONS = ("dwarf_companion", "ranger")
TREASURES = ("jewellery",)


def static_view() -> discord.ui.View:
    """A stopped view: its items are DynamicItems dispatched by custom_id (see Love Letter's)."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


def _timer(seconds: int) -> str:
    if seconds <= 0:
        return _("none")
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return _("{s} s", s=rest)
    return _("{m} min {s} s", m=minutes, s=rest) if rest else _("{m} min", m=minutes)


LOBBY_STATUS = {
    "lobby": N_("Join with the button; the host ({host}) starts with 2–4 hobbits."),
    "running": N_("The game has started — see the table below."),
    "abandoned": N_("This game was ended."),
    "finished": N_("This game is over."),
}


def lobby_message(game: Game) -> tuple[discord.Embed, discord.ui.View]:
    seats = "\n".join(f"{i + 1}. {seat_label(s)}" for i, s in enumerate(game.seats)) or "—"
    host = f"<@{game.host_id}>"
    status = _(LOBBY_STATUS[game.status], host=host)
    embed = discord.Embed(
        title=_("{title} — lobby", title=_(TITLE)),
        description=_(
            "{status}\nTurn timer: {timer}", status=status, timer=_timer(game.timer_seconds)
        ),
        color=COLOR,
    )
    embed.add_field(name=_("Hobbits ({n}/4)", n=len(game.seats)), value=seats[:1024])
    embed.set_footer(text=_("Game {id}", id=game.id))
    view = static_view()
    if game.status == "lobby":
        view.add_item(LobbyButton("join", game.id, style=discord.ButtonStyle.success))
        view.add_item(LobbyButton("leave", game.id))
        view.add_item(LobbyButton("start", game.id, style=discord.ButtonStyle.primary))
    return embed, view


def holdings(h: Mapping[str, Any]) -> tuple[list[str], list[str], list[str]]:
    """A hobbit's public cards as equipment, companions and treasures (names)."""
    cards = [c for c in h["cards"] if c in HELD]
    comp = [text.card_name(c) for c in cards if c in COMPANIONS]
    treasure = [text.card_name(c) for c in cards if c in TREASURES]
    kit = [
        _("{card} (smithed)", card=text.card_name(c))
        if c in h.get("smiths", [])
        else text.card_name(c)
        for c in cards
        if c not in COMPANIONS and c not in TREASURES and not HELD[c].secret
    ]
    shown = [text.card_name(c) for c in cards if HELD[c].secret]
    return kit + shown, comp, treasure


def secret_count(h: Mapping[str, Any]) -> int:
    """How many secret cards (Riddle, Magic) a hobbit holds: all anyone else may know."""
    return h["secret"] if isinstance(h["secret"], int) else len(h["secret"])


def hobbit_field(seat: Seat, h: Mapping[str, Any], active: bool) -> tuple[str, str]:
    head = f"{'▶ ' if active else ''}{seat.name} ({_(seat.colour_name)})"
    if h["out"]:
        return head, _("Out of the game.")
    kit, comp, treasure = holdings(h)
    secret = secret_count(h)
    lines = [
        where_line(h),
        _("Talismans: {list}", list=words.colours(h["talismans"]) or _("none")),
        _("Equipment: {list}", list=", ".join(kit) or _("none")),
    ]
    if comp:
        lines.append(_("Companions: {list}", list=", ".join(comp)))
    if treasure:
        lines.append(_("Treasures: {list}", list=", ".join(treasure)))
    lines.append(_("Secret cards (Riddle/Magic): {n}", n=secret))
    return head, "\n".join(lines)


def where_line(h: Mapping[str, Any]) -> str:
    """`📍 Bree · ❤️ 9/12 LP · 💰 4 GP`: a hobbit's place, life and gold."""
    return _(
        "📍 {place} · ❤️ {lp}/{max} LP · 💰 {gp} GP",
        place=text.place(h["place"]),
        lp=h["lp"],
        max=MAX_LP,
        gp=h["gp"],
    )


def mention(seat: Seat | None, user_ids: Mapping[str, int | None] | None = None) -> str:
    if seat is None:
        return _("someone")
    if seat.player_id.isdigit():
        return f"<@{seat.player_id}>"
    return seat.name


def table_status(t: AdvTable) -> str:
    """Who won, or whose turn it is and whom the table waits for (with a timeout's notice)."""
    v = t.view
    seats = {s.player_id: s for s in t.seats}
    turn = v.get("turn") or {}
    if v.get("winner"):
        status = _(
            "🏆 {who} defeated the Dragon and won the game in turn {turn}!",
            who=seats[v["winner"]].name,
            turn=v.get("turn_no", 0),
        )
    elif v.get("dragon_won"):
        status = _("🐉 Every hobbit is out: the Dragon wins.")
    else:
        active = seats.get(turn.get("player", ""))
        status = _("Turn {turn}: {who}'s turn.", turn=v.get("turn_no", 0), who=mention(active))
        for pid in t.awaiting:
            status += "\n" + waiting_line(v, pid, mention(seats.get(pid)), seats)
    if t.notice:
        status = f"{t.notice}\n{status}"
    return status


def table_embed(t: AdvTable) -> discord.Embed:
    """The whole table in words: read when the board picture is not there."""
    v = t.view
    turn = v.get("turn") or {}
    embed = discord.Embed(title=_(TITLE), description=table_status(t)[:4000], color=COLOR)
    for seat in t.seats:
        name, value = hobbit_field(
            seat, v["hobbits"][seat.player_id], seat.player_id == turn.get("player")
        )
        embed.add_field(name=name[:256], value=value[:1024], inline=True)
    lying = ", ".join(
        f"{text.place(p)}: {'/'.join(words.colour(c) for c in cs)}"
        for p, cs in v["board"].items()
        if cs
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
    view = static_view()
    if not t.over:
        view.add_item(PackButton(t.game_id))
    view.add_item(RulesButton(t.game_id))
    return table_embed(t), view


def facts(t: AdvTable) -> BoardFacts:
    """The picture's public facts from the table."""
    v = t.view
    active = (v.get("turn") or {}).get("player")
    marks = happenings.marks(v)
    labels = token_labels([s.name for s in t.seats])
    hobbits, mover = [], None
    for s, label in zip(t.seats, labels, strict=True):
        h = v["hobbits"][s.player_id]
        token = Token(label, s.colour, h["place"], s.player_id == active and not t.over, h["out"])
        if t.move and t.move[0] == s.player_id:
            mover = token
        hobbits.append(
            HobbitFacts(
                token, s.name, h["lp"], h["gp"], tuple(h["talismans"]), marks.get(s.player_id)
            )
        )
    return BoardFacts(
        hobbits=tuple(hobbits),
        talismans=dict(v["board"]),
        reach=t.reach,
        move=t.move[1:] if t.move else None,
        mover=mover,
        banner=happenings.banner(v, t.names, t.move),
    )


def alt_text(t: AdvTable) -> str:
    """The picture's description for screen readers: places as players read them."""
    v = t.view
    parts = []
    for s in t.seats:
        h = v["hobbits"][s.player_id]
        at_place = place_at(h["place"])
        if h["out"]:
            parts.append(_("{who} (out) {at_place}", who=s.name, at_place=at_place))
        else:
            parts.append(_("{who} {at_place}", who=s.name, at_place=at_place))
    said = [_("The board of Middle-earth: {hobbits}", hobbits=", ".join(parts))]
    if t.move:
        said.append(happenings.move_line(t.move, t.names))
    now = happenings.banner(v, t.names, t.move)
    if now and now not in said:
        said.append(now)
    line = ". ".join(said)
    if t.reach:
        reach = ", ".join(text.place(p) for p in t.reach)
        line += ". " + _("Can travel to: {places}", places=reach)
    return line


def board_png(t: AdvTable) -> bytes:
    """The board picture's PNG (module-level, so a drawing worker process can be sent it)."""
    return render(facts(t))


def board_picture(t: AdvTable) -> Picture:
    """The board as the table's picture (drawn when the message goes out, if pictures are on)."""
    return Picture(FILENAME, partial(board_png, t), alt_text(t))
