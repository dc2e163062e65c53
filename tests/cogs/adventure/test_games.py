"""Whole Adventure games from `/adventure new` to the Dragon's defeat (or everyone out),
driven only through the bot's buttons and selects, with the leak check on every message."""

from __future__ import annotations

import pytest

from tests.cogs.adventure.driver import open_adventure, play_to_end
from tests.cogs.driver import text_of
from tests.cogs.test_limits import component_problems


@pytest.mark.parametrize(("humans", "bots", "seed"), [(1, 1, 3), (2, 0, 5), (2, 2, 11)])
async def test_a_whole_game_through_the_ui(simcord_env, humans: int, bots: int, seed: int) -> None:
    g = await open_adventure(simcord_env, humans=humans, bots=bots, seed=seed)
    await play_to_end(g)
    record = await g.record()
    assert record.status == "finished"
    result = await simcord_env.bot.storage.get_result(g.game_id)
    assert result is not None
    state = g.env.bot.service.engine(record).from_json(record.state)
    description = text_of(g.table())
    if state.winner:
        assert "defeated the Dragon and won the game" in description
        assert result.winners == (state.winner,)
        assert result.summary["turns"] == state.turn_no
    else:
        assert "the Dragon wins" in description
    assert g.moves > 0
    assert g.leaks == []
    assert [p for rows in g.rows for p in component_problems(rows)] == []
    # The server remembers: every human played one game; the winner's dragon is counted.
    ann = g.members[0]
    stats = (await ann.slash(g.channel, "adventure stats")).response
    assert "1 game played" in (stats.embeds[0].description or "")
    board = (await ann.slash(g.channel, "adventure leaderboard")).response
    assert f"<@{ann.id}>" in (board.embeds[0].description or "")
    fastest = (await ann.slash(g.channel, "adventure leaderboard", tally="fastest_win")).response
    rows = fastest.embeds[0].description or ""
    winner = g.member(int(state.winner)) if state.winner and state.winner.isdigit() else None
    if winner is not None:  # a human won: they lead the fastest-win board with the game's turns
        turns = result.summary["turns"]
        assert f"**1.** <@{winner.id}> — ⏱ won in {turns} turn" in rows
        mine = (await winner.slash(g.channel, "adventure stats")).response
        assert f"Fastest win: {turns} turn" in (mine.embeds[0].description or "")
    else:
        assert "won" not in rows.replace("Nobody has won", "")


async def test_the_leak_check_flags_a_secret_card_shown_to_another_player(simcord_env) -> None:
    """The check must be able to fail, or the game tests prove nothing."""
    g = await open_adventure(simcord_env, humans=2, bots=0, seed=5)
    state = await g.state()
    ann, bob = g.members
    state.hobbits[str(bob.id)].cards.append("athelas")  # a secret card only bob knows of
    await bob.send(g.channel, "psst, I hold Athelas")
    g.check_views(state)
    assert any(leak.startswith("ann saw athelas") for leak in g.leaks)
    assert not any(leak.startswith("bob saw") for leak in g.leaks)
