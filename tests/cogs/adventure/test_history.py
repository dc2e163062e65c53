"""`/adventure history` and its replays: every step the public board as the channel saw it,
never a hobbit's secret card (a Magic card, a Riddle) before everyone saw it."""

from __future__ import annotations

from typing import Any

from engine.adventure import GAME as RULES
from tests.cogs.adventure.driver import SECRETS, _ids, open_adventure, play_to_end, secret_patterns
from tests.cogs.driver import message_text, text_of
from tests.cogs.replays import open_replay, states_of, step_of, walk


async def test_an_adventure_replay_steps_through_the_game_and_keeps_secret_cards_secret(
    simcord_env,
) -> None:
    g = await open_adventure(simcord_env, humans=2, bots=0, seed=5)
    await play_to_end(g)
    final_table = text_of(g.table())
    ann = g.members[0]
    steps = await states_of(simcord_env.bot.storage, RULES, g.game_id)
    leaks: list[str] = []
    public: set[str] = set()  # secret cards some public event named by then
    hidden_seen = 0

    def check(k: int, message: Any) -> None:
        """After move k nobody outside a hobbit's hand knows its secret cards, unless they
        counted openly (shown) or a public event named them by then."""
        nonlocal hidden_seen
        state, events = steps[k]
        for e in events:
            if e.audience is None:
                _ids(e.to_dict(), public)
        hidden = {
            c
            for h in state.hobbits.values()
            for c in h.cards
            if c in SECRETS and c not in public | set(h.shown)
        }
        hidden_seen += bool(hidden)
        text = message_text(message)
        for card in sorted(hidden):
            for pattern in secret_patterns(card):
                if pattern.search(text):
                    leaks.append(f"step {k} showed {card}: {text[:300]!r}")

    replay = await open_replay(ann, g.channel, "adventure", g.game_id)
    last = await walk(ann, replay, check)
    assert leaks == []
    assert hidden_seen > 0  # the check had secret cards to look for
    assert last.attachments  # the board's picture
    total = step_of(last)[1]
    where = f"**Replay** of game {g.game_id} — move {total} of {total}\n"
    assert text_of(last).replace(where, "") == final_table
    assert step_of((await ann.click(last, label="◀ Prev")).response) == (total - 1, total)
    first = (await ann.click(last, label="⏮ First")).response
    assert step_of(first) == (0, total)
    await simcord_env.restart_bot()
    again = (await ann.click(first, label="Last ⏭")).response
    assert step_of(again) == (total, total)
