"""`/loveletter history` and its replays: finished games newest first, paged, each stepping
through the public table as the channel saw it, never a card hidden at that moment."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

import bot.ui.history as history_ui
import engine.loveletter as engine
from bot.games.loveletter.messages import hand as hand_messages
from bot.platform.presentation import Picture
from engine.loveletter.editions import edition as get_edition
from storage import GameEnd
from tests.cogs.driver import (
    DRAWN,
    card_ids,
    message_text,
    open_game,
    play_to_end,
    raw_components,
    text_of,
)
from tests.cogs.replays import open_replay, states_of, step_of, walk
from tests.cogs.test_limits import component_problems


@dataclass
class PublicOnly:
    """The leak check of a Love Letter replay: at step k it may show only what was public
    after move k (the spectators' view then, and just before it for a round's end, and the
    move's public events); its pictures drawn from those views' tables, never from a hand."""

    env: Any
    steps: list[tuple[Any, list[Any]]]
    leaks: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    hidden_seen: int = 0

    def __call__(self, k: int, message: Any) -> None:
        state, events = self.steps[k]
        public = [engine.player_view(state, None)]
        if k:
            public.append(engine.player_view(self.steps[k - 1][0], None))
        cards = get_edition(state.edition).cards
        ids, known = {c.id for c in cards}, set[str]()
        for view in public:
            card_ids(view.to_dict(), ids, known)
        for e in events:
            if e.audience is None:
                card_ids(e.to_dict(), ids, known)
        self.problems.extend(component_problems(raw_components(message)))
        text = message_text(message)
        hidden = [c for c in cards if c.id not in known]
        self.hidden_seen += bool(hidden)
        for c in hidden:
            if re.search(rf"\b{re.escape(c.name)}\b", text):
                self.leaks.append(f"step {k} named {c.id}: {text[:300]!r}")
        for att in message.attachments:
            sources = DRAWN.get(self.env.backend.cdn.get(att.url) or b"", [])
            if not sources or any(kind != "table" or v not in public for kind, v in sources):
                self.leaks.append(f"step {k}: a picture ({att.filename}) not drawn from the table")


async def finished_replay(env: Any, seed: int) -> tuple[Any, PublicOnly]:
    """A 3-player game played to its end through the UI, and its replay's leak check."""
    g = await open_game(env, "pegasus", 3, seed=seed)
    await play_to_end(g)
    return g, PublicOnly(env, await states_of(env.bot.storage, engine.GAME, g.game_id))


async def test_a_replay_steps_through_a_finished_game_and_never_shows_a_hidden_card(
    simcord_env,
) -> None:
    g, check = await finished_replay(simcord_env, seed=7)
    final_table = text_of(g.table())
    ann = g.members[0]
    steps = check.steps
    replay = await open_replay(ann, g.channel, "loveletter", g.game_id)
    last = await walk(ann, replay, check)
    assert check.leaks == [] and check.problems == []
    assert check.hidden_seen > 0  # the check had hidden cards to look for
    assert last.attachments  # the table's picture, at every step
    # The last step is the finished game's table exactly as the channel shows it.
    total = step_of(last)[1]
    where = f"**Replay** of game {g.game_id} — move {total} of {total}\n"
    assert text_of(last).replace(where, "") == final_table
    assert total == len(steps) - 1
    assert step_of((await ann.click(last, label="◀ Prev")).response) == (total - 1, total)
    first = (await ann.click(last, label="⏮ First")).response
    assert step_of(first) == (0, total)
    # After a restart the same message's buttons still step (state in the custom_ids).
    await simcord_env.restart_bot()
    again = (await ann.click(first, label="Last ⏭")).response
    assert step_of(again) == (total, total)
    assert text_of(again) == text_of(last)


async def finished_game(storage: Any, guild: Any, channel: Any, users: list[Any]) -> int:
    """A game of `users` saved as finished after one move (its first user won): enough for
    the list; its start is no state the game can read, like a game an older version kept."""
    lobby = await storage.create_lobby(guild.id, channel.id, "loveletter", "pegasus", users[0].id)
    for user in users:
        await storage.join(lobby.id, str(user.id), user.name, user_id=user.id)
    await storage.start(lobby.id, '{"from": "an older version"}')
    end = GameEnd(winners=(str(users[0].id),))
    await storage.save_move(lobby.id, 0, "{}", {"m": 1}, str(users[0].id), game_end=end)
    return int(lobby.id)


async def test_history_pages_newest_first_and_survives_a_restart(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bob, cid = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cid"))
    storage = simcord_env.bot.storage
    ids = [await finished_game(storage, guild, channel, [ann, bob]) for _ in range(6)]
    ids.append(await finished_game(storage, guild, channel, [cid, bob]))
    listing = (await ann.slash(channel, "loveletter history")).response
    assert listing.ephemeral
    shown = [int(i) for i in re.findall(r"\*\*Game (\d+)\*\*", message_text(listing))]
    assert shown == ids[::-1][:5]
    assert "Page 1 of 2 · 7 games" in message_text(listing)
    assert f"**Game {ids[-1]}** · Pegasus · <t:" in message_text(listing)
    assert "ann, bob — won by **ann** · 1 move" in message_text(listing)
    assert "cid, bob — won by **cid**" in message_text(listing)
    await simcord_env.restart_bot()
    older = (await ann.click(listing, label="Older ▶")).response
    shown = [int(i) for i in re.findall(r"\*\*Game (\d+)\*\*", message_text(older))]
    assert shown == ids[::-1][5:]
    newer = (await ann.click(older, label="◀ Newer")).response
    assert "Page 1 of 2" in message_text(newer)
    mine = (await cid.slash(channel, "loveletter history", mine=True)).response
    assert re.findall(r"\*\*Game (\d+)\*\*", message_text(mine)) == [str(ids[-1])]
    # A game whose start this version cannot read is listed, and says it cannot be replayed.
    refusal = (await cid.click(mine, label=f"Replay {ids[-1]}")).response
    assert message_text(refusal) == (
        f"Game {ids[-1]} was finished before replays were kept: it cannot be replayed."
    )


async def test_the_replay_leak_check_flags_a_hand_shown_in_a_step(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check must be able to fail: a replay that names ann's card and shows her hand's
    picture (as her own "My hand" did during the game) is flagged at every such step."""
    g, check = await finished_replay(simcord_env, seed=7)
    ann = str(g.members[0].id)
    real = history_ui.replay_message

    def telling(step: Any) -> Any:
        message = real(step)
        view = engine.player_view(check.steps[step.step][0], ann)
        if not view.hand:
            return message
        card = get_edition("pegasus").by_id[view.hand[0]].name
        drawn = Picture("table.png", lambda: hand_messages.hand_png(view), "the table")
        return replace(message, short=f"{message.short}\nann holds the {card}", pictures=(drawn,))

    monkeypatch.setattr(history_ui, "replay_message", telling)
    await walk(
        g.members[0], await open_replay(g.members[0], g.channel, "loveletter", g.game_id), check
    )
    assert any(" named " in leak for leak in check.leaks)
    assert any("not drawn from the table" in leak for leak in check.leaks)
