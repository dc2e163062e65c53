"""Drive games through the bot's UI only, like players would, and watch what each one sees.

Not a mock: every action is a SimCord actor verb on the bot's real messages. The engine state
is read from the bot's game service only to *check* what users saw (rule C-10).
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass, field
from typing import Any

import discord

import engine.loveletter as engine
from bot.ui.delivery import APOLOGY
from engine.loveletter.editions import edition as get_edition
from tests.cogs.reading import (
    COMPONENTS_V2,
    CONTROLS,
    MessageTexts,
    button,
    first_shown,
    flat,
    footer_of,
    gallery,
    message_text,
    raw_components,
    text_of,
)
from tests.simcord_reads import NewReads, read_at_once

__all__ = [
    "COMPONENTS_V2",
    "CONTROLS",
    "MessageTexts",
    "button",
    "first_shown",
    "flat",
    "footer_of",
    "gallery",
    "message_text",
    "raw_components",
    "text_of",
    "DRAWN",
    "MENTION",
    "Game",
    "card_ids",
    "find_events",
    "open_game",
    "play_to_end",
    "recording",
]
"""What the tests import from here; the message readers are tests/cogs/reading.py's."""

MENTION = re.compile(r"<@(\d+)>")
# Every picture the bot's renderer drew in this test: PNG bytes -> (kind, the view it was
# drawn from). Filled by the recording wrappers tests/cogs/conftest.py puts around the
# renderer (they call the real one), so the leak check knows what each picture shows.
DRAWN: dict[bytes, list[tuple[str, Any]]] = {}


def recording(kind: str, draw: Any) -> Any:
    """`draw` (hand_png or table_png), noting each picture and the view it was drawn from."""

    def drawn(view: Any, *args: Any, **kwargs: Any) -> bytes:
        data: bytes = draw(view, *args, **kwargs)
        DRAWN.setdefault(data, []).append((kind, view))
        return data

    return drawn


def card_ids(data: Any, ids: set[str], out: set[str]) -> None:
    """Every card id mentioned anywhere in a JSON-like structure."""
    if isinstance(data, str):
        if data in ids:
            out.add(data)
    elif isinstance(data, dict):
        for v in data.values():
            card_ids(v, ids, out)
    elif isinstance(data, list | tuple):
        for v in data:
            card_ids(v, ids, out)


@dataclass
class Game:
    env: Any
    channel: Any
    members: list[Any]
    rng: random.Random
    game_id: int = 0
    seen: dict[int, dict[int, str]] = field(default_factory=dict)  # viewer -> msg id -> text
    pictures_seen: dict[int, set[tuple[int, int]]] = field(default_factory=dict)  # (msg, file)
    pictures_checked: int = 0
    leaks: list[str] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)  # every message's rows
    moves: int = 0
    breaks: int = 0  # round breaks ended with "Next round"
    text: MessageTexts = field(default_factory=MessageTexts, repr=False)
    # engine.to_json(state) -> player (None: spectators) -> that view and the card ids it
    # names, for the states of the last check only (a step's `after` is the next `before`)
    views: dict[str, dict[str | None, tuple[Any, frozenset[str]]]] = field(
        default_factory=dict, repr=False
    )
    reads: NewReads = field(init=False, repr=False)  # what each member sees new, look by look

    def __post_init__(self) -> None:
        self.reads = NewReads(self.env)

    # ------------------------------------------------------------ reading
    @property
    def service(self) -> Any:
        return self.env.bot.service

    async def state(self) -> Any:
        return (await self.service.running(self.game_id))[1]

    async def version(self) -> int:
        game = await self.env.bot.storage.get_game(self.game_id)
        return int(game.version)

    def table(self) -> discord.Message:
        """The newest table message: "My hand" while a round is played, "Next round" between,
        "Rematch" once the game is over."""
        tables = [
            m
            for m in self.channel.history()
            if any(
                c.get("custom_id", "").startswith(("ll:hand:", "ll:next:", "ll:again:"))
                for c in flat(raw_components(m))
            )
        ]
        return tables[-1]

    def in_break(self) -> bool:
        """The table shows a finished round and waits for "Next round" (or its timer)."""
        rows = raw_components(self.table())
        return any(c.get("custom_id", "").startswith("ll:next:") for c in flat(rows))

    async def next_round(self) -> Any:
        """A random player presses "Next round" on the table, as a player would."""
        player = self.rng.choice(self.members)
        table = self.table()
        res = await self.step(player.click(table, custom_id=button(table, "ll:next:")))
        assert res.acknowledged
        self.breaks += 1
        return res

    def member(self, user_id: int) -> Any:
        return next(m for m in self.members if m.id == user_id)

    # ------------------------------------------------------------ C-10 check
    def view(self, state: Any, player: str | None, as_json: str) -> tuple[Any, frozenset[str]]:
        """`player_view(state, player)` and the card ids it names, worked out once per state
        and player: kept by the state's whole JSON `as_json` (not the object, which a test may
        change in place), so a state that reads the same has the same views."""
        kept = self.views.setdefault(as_json, {})
        if player not in kept:
            view = engine.player_view(state, player)
            named: set[str] = set()
            card_ids(view.to_dict(), set(get_edition(state.edition).by_id), named)
            kept[player] = (view, frozenset(named))
        return kept[player]

    def knowledge(
        self, states: list[Any], events: list[Any], player: str, as_json: list[str] | None = None
    ) -> set[str]:
        ids = set(get_edition(states[0].edition).by_id)
        known: set[str] = set()
        for st, key in zip(states, states_json(states, as_json), strict=True):
            known |= self.view(st, player, key)[1]
        for e in events:
            if e.visible_to(player):
                card_ids(e.to_dict(), ids, known)
        return known

    def check_views(
        self, states: list[Any], events: list[Any], as_json: list[str] | None = None
    ) -> None:
        """New or changed messages each member sees must not name a card hidden from them.
        `as_json`: the states' `engine.to_json`, if the caller has them already."""
        as_json = states_json(states, as_json)
        for gone in self.views.keys() - set(as_json):
            del self.views[gone]  # views of this step's states only
        with read_at_once(self.env):  # each message looked at once for all the members
            self.check_members(states, events, as_json)

    def check_members(self, states: list[Any], events: list[Any], as_json: list[str]) -> None:
        for m, shown in self.reads.look(self.channel, self.members):  # what is new to each
            before = self.seen.setdefault(m.id, {})
            fresh = []  # the messages whose text this member has not read before
            for msg in shown:
                text = self.text(msg)
                if before.get(msg.id) != text:
                    before[msg.id] = text
                    fresh.append((msg, text))
            if fresh:
                self.check_texts(m, fresh, states, events, as_json)
            if shown:
                self.check_pictures(m, states, shown, as_json)

    def check_texts(
        self,
        member: Any,
        fresh: list[tuple[Any, str]],
        states: list[Any],
        events: list[Any],
        as_json: list[str],
    ) -> None:
        """No text new to `member` names a card hidden from them, and the bot never apologised."""
        known = self.knowledge(states, events, str(member.id), as_json)
        patterns, anyone = hidden_names(states[0].edition, frozenset(known))
        for msg, text in fresh:
            assert APOLOGY not in text, f"the bot apologised to {member.name}: an unexpected error"
            self.components.append({"rows": raw_components(msg)})
            if anyone is None or not anyone.search(text):  # no hidden card named at all
                continue
            for card, pattern in patterns:
                if re.search(pattern, text):
                    self.leaks.append(f"{member.name} saw {card.id} in: {text[:300]!r}")

    def check_pictures(
        self, member: Any, states: list[Any], shown: list[Any], as_json: list[str]
    ) -> None:
        """Each new picture a member sees in `shown` was drawn from a view they may see: the
        table from the spectators' view `player_view(state, None)`, a hand from their own
        view. `as_json`: the states' `engine.to_json`."""
        me = str(member.id)
        seen = self.pictures_seen.setdefault(member.id, set())
        for msg in shown:
            for att in msg.attachments:
                if (msg.id, att.id) in seen:
                    continue
                seen.add((msg.id, att.id))
                self.pictures_checked += 1
                sources = DRAWN.get(self.env.backend.cdn.get(att.url) or b"", [])
                allowed = any(
                    view
                    in [
                        self.view(st, None if kind == "table" else me, key)[0]
                        for st, key in zip(states, as_json, strict=True)
                    ]
                    for kind, view in sources
                )
                if not allowed:
                    whose = sorted({str(view.me) for _, view in sources}) or ["no known view"]
                    self.leaks.append(
                        f"{member.name} saw a picture ({att.filename}) drawn from"
                        f" {', '.join(whose)} in message {msg.id}"
                    )

    def visible_to(self, member: Any) -> list[Any]:
        """The game channel as this member sees it (ephemerals included) and their DMs."""
        return [*self.channel.history(viewer=member), *member.user.dm_channel.history()]

    def mark_seen(self) -> None:
        """Take what everybody sees now as already checked (after a deliberate failure)."""
        with read_at_once(self.env):
            for m, shown in self.reads.look(self.channel, self.members):  # the rest was seen
                seen = self.seen.setdefault(m.id, {})
                for msg in shown:
                    seen[msg.id] = self.text(msg)
                    pics = self.pictures_seen.setdefault(m.id, set())
                    pics.update((msg.id, att.id) for att in msg.attachments)

    # ------------------------------------------------------------ acting
    async def step(self, action: Any) -> Any:
        """Run one UI action; check what everybody sees now against the engine's truth."""
        before = await self.state() if self.game_id else None
        result = await action
        if before is not None:
            after_entry = self.service._cache.get(self.game_id)
            after = after_entry[1] if after_entry else None
            if after is None:
                game = await self.env.bot.storage.get_game(self.game_id)
                after = engine.from_json(game.state) if game.state else before
            as_json = [engine.to_json(before), engine.to_json(after)]
            events = find_events(before, after, as_json)
            self.check_views([before, after], events, as_json)
        return result

    async def play_one_move(self) -> bool:
        """The player the table names opens "My hand" and picks random offered options
        (after pressing "Next round" if the table is between rounds)."""
        with read_at_once(self.env):
            between_rounds, table = self.in_break(), self.table()
        if between_rounds:
            await self.next_round()
            table = self.table()
        found = MENTION.search(text_of(table))
        if found is None:
            return False
        actor = self.member(int(found.group(1)))
        res = await self.step(actor.click(table, custom_id=button(table, "ll:hand:")))
        message = res.response
        v0 = await self.version()
        while await self.version() == v0:
            comps = flat(message.components)
            selects = [c for c in comps if c["type"] == 3]
            if selects:
                sel = selects[0]
                k = self.rng.randint(sel.get("min_values", 1), sel.get("max_values", 1))
                values = self.rng.sample([o["value"] for o in sel["options"]], k)
                res = await self.step(actor.select(message, values, custom_id=sel["custom_id"]))
            else:
                buttons = [
                    c
                    for c in comps
                    if c["type"] == 2 and c["custom_id"].startswith(("ll:pick", "ll:dec"))
                ]
                assert buttons, f"no play controls for the actor: {message_text(message.message)}"
                b = self.rng.choice(buttons)
                res = await self.step(actor.click(message, custom_id=b["custom_id"]))
            assert res.acknowledged
            message = res.response
        self.moves += 1
        return True


@functools.cache
def hidden_names(edition: str, known: frozenset[str]) -> tuple[tuple[tuple[Any, str], ...], Any]:
    """The patterns naming each card of `edition` not in `known`, and one naming any of them
    (None: every card is known), made once per edition and knowledge."""
    # a card's name in either language: a hidden Zofe must not leak in German either
    patterns = tuple(
        (c, rf"\b{re.escape(name)}\b")
        for c in get_edition(edition).cards
        if c.id not in known
        for name in dict.fromkeys(n for n in (c.name, c.german) if n)
    )
    return patterns, re.compile("|".join(p for _, p in patterns)) if patterns else None


def states_json(states: list[Any], as_json: list[str] | None) -> list[str]:
    """The states' `engine.to_json`: `as_json` if the caller has them already."""
    return as_json or [engine.to_json(st) for st in states]


def find_events(before: Any, after: Any, as_json: list[str] | None = None) -> list[Any]:
    """The events of the move that turned `before` into `after` (the engine is deterministic).
    `as_json`: both states' `engine.to_json`, if the caller has them already."""
    start, target = states_json([before, after], as_json)
    if start == target:
        return []
    told = after.log
    for move in engine.legal_moves(before):
        new, events = engine.apply(before, move)
        log = new.log
        # the JSON holds the whole log: a log of another length cannot read the same, nor one
        # whose newest events differ (engine/loveletter/codec.py: from_json(to_json(s)) == s,
        # events included); comparing a few events costs far less than the whole state's JSON
        if len(log) != len(told):
            continue
        newest = range(len(log) - min(len(events), len(log)), len(log))
        if any(log[i] != told[i] for i in newest):
            continue
        if engine.to_json(new) == target:
            return list(events)
    raise AssertionError("no legal move explains the new state")


async def open_game(
    env: Any,
    edition: str,
    players: int,
    seed: int,
    *,
    guild_locale: str | None = None,
    **options: str,
) -> Game:
    """Host runs /loveletter new, the others click Join, the host clicks Start (on a server
    whose Discord language is `guild_locale`, if given)."""
    guild = env.create_guild(**({"preferred_locale": guild_locale} if guild_locale else {}))
    channel = guild.create_text_channel("games")
    names = ["ann", "bob", "cid", "dee", "eve", "fay", "gus", "hal"][:players]
    members = [guild.add_member(env.create_user(n)) for n in names]
    g = Game(env, channel, members, random.Random(seed))
    env.bot.service.seed_source = random.Random(seed)  # reproducible deals for this test
    res = await members[0].slash(channel, "loveletter new", edition=edition, **options)
    lobby = res.response
    for m in members[1:]:
        await m.click(lobby, custom_id=button(lobby, "ll:lobby:join:"))
    await members[0].click(lobby, custom_id=button(lobby, "ll:lobby:start:"))
    game = await env.bot.storage.get_game_in_channel(channel.id)
    g.game_id = game.id
    return g


async def play_to_end(g: Game, limit: int = 2000) -> None:
    for _ in range(limit):
        game = await g.env.bot.storage.get_game(g.game_id)
        if game.status != "running":
            return
        await g.play_one_move()
    raise AssertionError("the game did not end")
