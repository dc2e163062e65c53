"""`/loveletter history` and its replays: finished games newest first, paged, each stepping
through the public table as the channel saw it, never a card hidden at that moment."""

from __future__ import annotations

import re
from typing import Any

import engine.loveletter as engine
from engine.loveletter.editions import edition as get_edition
from tests.cogs.driver import DRAWN, card_ids, message_text, open_game, play_to_end, text_of
from tests.cogs.replays import open_replay, states_of, step_of, walk


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
    assert leaks == []
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
