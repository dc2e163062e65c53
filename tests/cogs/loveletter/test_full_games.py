"""Whole games from /loveletter new to the winner, driven only through the bot's UI."""

from __future__ import annotations

import pytest

from tests.cogs.driver import open_game, play_to_end, text_of


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("edition", ["hobbit", "l5r", "pegasus"])
async def test_full_game_through_the_ui(simcord_env, edition: str, players: int) -> None:
    g = await open_game(simcord_env, edition, players, seed=players * 31 + len(edition))
    await play_to_end(g)
    game = await simcord_env.bot.storage.get_game(g.game_id)
    assert game.status == "finished"
    result = await simcord_env.bot.storage.get_result(g.game_id)
    assert result is not None and result.winners[0] in {str(m.id) for m in g.members}
    table = g.table()
    assert "wins the game" in text_of(table)
    # Every round but the last paused on its result until a player pressed Next round.
    assert g.breaks == result.summary["rounds"] - 1
    assert not g.in_break()
    assert g.leaks == []
