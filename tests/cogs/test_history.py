"""`/loveletter history` and its replays: finished games newest first, paged, each stepping
through the public table as the channel saw it, never a card hidden at that moment."""

from __future__ import annotations

import re
from typing import Any

import engine.loveletter as engine
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


async def test_a_replay_steps_through_a_finished_game_and_never_shows_a_hidden_card(
    simcord_env,
) -> None:
    g = await open_game(simcord_env, "pegasus", 3, seed=7)
    await play_to_end(g)
    final_table = text_of(g.table())
    ann = g.members[0]
    steps = await states_of(simcord_env.bot.storage, engine.GAME, g.game_id)
    cards = get_edition("pegasus").cards
    ids = {c.id for c in cards}
    leaks: list[str] = []
    problems: list[str] = []
    hidden_seen = 0

    def check(k: int, message: Any) -> None:
        """Only what was public after move k: the spectators' view then (and just before,
        for a round's end) and the move's public events; pictures drawn from those views."""
        nonlocal hidden_seen
        state, events = steps[k]
        public = [engine.player_view(state, None)]
        if k:
            public.append(engine.player_view(steps[k - 1][0], None))
        known: set[str] = set()
        for view in public:
            card_ids(view.to_dict(), ids, known)
        for e in events:
            if e.audience is None:
                card_ids(e.to_dict(), ids, known)
        problems.extend(component_problems(raw_components(message)))
        text = message_text(message)
        hidden = [c for c in cards if c.id not in known]
        hidden_seen += bool(hidden)
        for c in hidden:
            if re.search(rf"\b{re.escape(c.name)}\b", text):
                leaks.append(f"step {k} named {c.id}: {text[:300]!r}")
        for att in message.attachments:
            data = simcord_env.backend.cdn.get(att.url) or b""
            sources = DRAWN.get(data, [])
            if not sources or any(kind != "table" or v not in public for kind, v in sources):
                leaks.append(f"step {k}: a picture ({att.filename}) not drawn from the table")

    replay = await open_replay(ann, g.channel, "loveletter", g.game_id)
    last = await walk(ann, replay, check)
    assert leaks == [] and problems == []
    assert hidden_seen > 0  # the check had hidden cards to look for
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
    assert "won by **cid**" in message_text(listing)
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
