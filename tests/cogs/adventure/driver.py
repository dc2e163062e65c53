"""Drive Adventure games through the bot's UI only, like players would, and check that nobody
ever sees another hobbit's secret card (ADV-12).

Every action is a SimCord actor verb on the bot's real messages. The engine is read only to
*check* what users saw: each member's knowledge is what their own view held and what events
addressed to them (or public ones) named.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import _
from bot.ui.delivery import APOLOGY
from engine.adventure import GAME as RULES
from engine.adventure.cards import HELD
from engine.adventure.riddles import BY_ID
from tests.cogs.driver import (
    MessageTexts,
    button,
    flat,
    message_text,
    raw_components,
    text_of,
)
from tests.simcord_reads import NewReads, read_at_once

AI_DELAY = 30.0
"""On the virtual clock (tests/conftest.py: simcord_env): only advance_time() lets an AI hobbit
decide."""
WAITING = re.compile(r"Waiting for <@(\d+)>")
SECRETS = {cid: c for cid, c in HELD.items() if c.secret}


def secret_patterns(cid: str) -> list[re.Pattern[str]]:
    """What would give a secret card away: a Magic card's name, a Riddle card's riddle."""
    if cid in BY_ID:
        return [re.compile(re.escape(BY_ID[cid].text[:40]))]
    return [re.compile(rf"\b{re.escape(SECRETS[cid].name)}\b")]


@dataclass
class AdvGame:
    env: Any
    channel: Any
    members: list[Any]
    rng: random.Random
    game_id: int = 0
    known: dict[str, set[str]] = field(default_factory=dict)  # player -> secret ids known
    seen: dict[int, dict[int, str]] = field(default_factory=dict)
    leaks: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)  # every new message text, for assertions
    rows: list[list[dict[str, Any]]] = field(default_factory=list)  # every new message's rows
    moves: int = 0
    clicks: int = 0
    text: MessageTexts = field(default_factory=MessageTexts, repr=False)
    reads: NewReads = field(init=False, repr=False)  # what each member sees new, look by look

    def __post_init__(self) -> None:
        self.reads = NewReads(self.env)

    @property
    def service(self) -> Any:
        return self.env.bot.service

    def watch(self) -> None:
        """Record every committed move's events (humans', AIs', timeouts') for the check."""
        service = self.service
        if getattr(service, "_adv_watched", False):
            return
        original = service.outcome_of

        def recording(game: Any, state: Any, actor: str, events: Any, *rest: Any) -> Any:
            for e in events:
                data = e.to_dict()
                for m in self.members:
                    pid = str(m.id)
                    if e.audience is None or pid in e.audience:
                        _ids(data, self.known.setdefault(pid, set()))
            return original(game, state, actor, events, *rest)

        service.outcome_of = recording
        service._adv_watched = True

    async def state(self) -> Any:
        return (await self.service.running(self.game_id))[1]

    async def record(self) -> Any:
        return await self.env.bot.storage.get_game(self.game_id)

    def table(self) -> Any:
        tables = [
            m
            for m in self.channel.history()
            if any(c.get("custom_id", "").startswith("adv:rules:") for c in flat(raw_components(m)))
        ]
        return tables[-1]

    def member(self, user_id: int) -> Any:
        return next(m for m in self.members if m.id == user_id)

    # ------------------------------------------------------------ the leak check
    def check_views(self, state: Any) -> None:
        """New or changed messages must not show a secret card its viewer does not know."""
        with read_at_once(self.env):  # each message looked at once for all the members
            self.check_members(state)

    def check_members(self, state: Any) -> None:
        for m, new in self.reads.look(self.channel, self.members):  # what is new to each
            pid = str(m.id)
            known = self.known.setdefault(pid, set())
            if state is not None and pid in state.hobbits:
                known.update(c for c in state.hobbits[pid].cards if c in SECRETS)
            if not new:
                continue
            hidden = set()
            if state is not None:
                for other, h in state.hobbits.items():
                    if other != pid:
                        shown = set(h.shown)  # e.g. an Elven cloak that counted (public)
                        hidden.update(c for c in h.cards if c in SECRETS and c not in known | shown)
            patterns = [(c, p) for c in sorted(hidden) for p in secret_patterns(c)]
            before = self.seen.setdefault(m.id, {})
            for msg in new:
                text = self.text(msg)
                if before.get(msg.id) == text:
                    continue
                before[msg.id] = text
                self.texts.append(text)
                self.rows.append(raw_components(msg))
                assert APOLOGY not in text, f"the bot apologised to {m.name}: {text[:300]}"
                for card, pattern in patterns:
                    if pattern.search(text):
                        self.leaks.append(f"{m.name} saw {card} in: {text[:300]!r}")

    def visible_to(self, member: Any) -> list[Any]:
        return [*self.channel.history(viewer=member), *member.user.dm_channel.history()]

    async def step(self, action: Any) -> Any:
        result = await action
        self.clicks += 1
        self.check_views(await self._state_or_last())
        return result

    # ------------------------------------------------------------ acting
    def awaited(self) -> Any | None:
        # The waiting line in the locale it was written in (the pseudo-locale test's too).
        line = _("⏳ Waiting for {who} to {what}.").split("{who}")[0]
        table = text_of(self.table())
        found = WAITING.search(table) or re.search(re.escape(line) + r"<@(\d+)>", table)
        return self.member(int(found.group(1))) if found else None

    async def play_one_decision(self) -> bool:
        """The awaited member opens My pack on the table and clicks offered controls at
        random until their decision is made."""
        with read_at_once(self.env):
            actor = self.awaited()
            table = self.table()
        if actor is None:
            return False
        res = await self.step(actor.click(table, custom_id=f"adv:pack:{self.game_id}"))
        assert res.acknowledged
        message = res.response
        v0 = (await self.record()).version
        for _unused in range(40):
            if (await self.record()).version != v0:
                break
            res = await self.step(self.click_something(actor, message))
            assert res.acknowledged
            message = res.response or message
        else:
            raise AssertionError(f"no decision made: {message_text(message.message)[:500]}")
        self.moves += 1
        return True

    async def ai_decides(self) -> None:
        """Let the clock run until the AI hobbit to decide has decided."""
        await self.env.advance_time(AI_DELAY + 1)
        self.check_views(await self._state_or_last())

    async def _state_or_last(self) -> Any:
        try:
            return await self.state()
        except Exception:  # noqa: BLE001 - finished: the last state is in storage
            record = await self.record()
            return RULES.from_json(record.state) if record.state else None

    def click_something(self, actor: Any, message: Any) -> Any:
        comps = [c for c in flat(message.components) if not c.get("disabled")]
        selects = [c for c in comps if c["type"] == 3]
        buttons = [c for c in comps if c["type"] == 2 and c.get("custom_id", "").startswith("adv:")]
        toggles = [b for b in buttons if b["custom_id"].startswith("adv:t:")]
        submits = [b for b in buttons if b["custom_id"].startswith("adv:go:")]
        decide = [b for b in buttons if b["custom_id"].startswith("adv:d:")]
        turn = [b for b in decide if not b.get("label", "").startswith(("Heal", "Scroll"))]
        if selects and self.rng.random() < 0.85:
            sel = self.rng.choice(selects)
            value = self.rng.choice([o["value"] for o in sel["options"]])
            return actor.select(message, [value], custom_id=sel["custom_id"])
        if toggles and self.rng.random() < 0.4:
            b = self.rng.choice(toggles)
            return actor.click(message, custom_id=b["custom_id"])
        if submits and self.rng.random() < 0.7:
            return actor.click(message, custom_id=submits[0]["custom_id"])
        pool = turn if turn and self.rng.random() < 0.9 else (decide or turn)
        if not pool:
            pool = submits or toggles
        assert pool, f"no controls for the awaited hobbit: {message_text(message.message)[:500]}"
        b = self.rng.choice(pool)
        return actor.click(message, custom_id=b["custom_id"])


def _ids(data: Any, out: set[str]) -> None:
    if isinstance(data, str):
        if data in SECRETS:
            out.add(data)
    elif isinstance(data, dict):
        for v in data.values():
            _ids(v, out)
    elif isinstance(data, list | tuple):
        for v in data:
            _ids(v, out)


async def open_adventure(env: Any, humans: int, bots: int, seed: int, **new: Any) -> AdvGame:
    """The host runs /adventure new, humans click Join, the host adds AI hobbits, then Start."""
    guild = env.create_guild()
    channel = guild.create_text_channel("adventures")
    names = ["ann", "bob", "cid", "dee"][:humans]
    members = [guild.add_member(env.create_user(n)) for n in names]
    g = AdvGame(env, channel, members, random.Random(seed))
    env.bot.service.seed_source = random.Random(seed)
    g.watch()
    res = await members[0].slash(channel, "adventure new", **({"timer": 0} | new))
    lobby = res.response
    for m in members[1:]:  # by custom_id: the labels are in the server's language
        await m.click(lobby, custom_id=button(lobby, "adv:lobby:join:"))
    for _unused in range(bots):
        await members[0].slash(channel, "adventure addbot")
    await members[0].click(lobby, custom_id=button(lobby, "adv:lobby:start:"))
    game = await env.bot.storage.get_game_in_channel(channel.id)
    g.game_id = game.id
    g.check_views(await g.state())
    return g


async def play_to_end(g: AdvGame, limit: int = 3000) -> None:
    for _unused in range(limit):
        record = await g.record()
        if record.status != "running":
            return
        g.watch()
        if not await g.play_one_decision():
            await g.ai_decides()
    raise AssertionError("the game did not end")
