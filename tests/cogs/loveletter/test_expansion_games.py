"""Issue 7: whole 6- and 8-player Pegasus games (all 32 cards) driven only through the UI.

The driver picks random legal options from what the bot displays, including the Cardinal's
and Baroness' two-player choices and the Bishop's keep/redraw prompt, and runs the C-10
leak check over everything each player can see.
"""

from __future__ import annotations

import pytest

from tests.cogs.driver import open_game, play_to_end, text_of


@pytest.mark.parametrize("players", [6, 8])
async def test_peg_21_expansion_game_through_the_ui(simcord_env, players: int) -> None:
    g = await open_game(simcord_env, "pegasus", players, seed=players * 97 + 5)
    await play_to_end(g)
    game = await simcord_env.bot.storage.get_game(g.game_id)
    assert game.status == "finished"
    result = await simcord_env.bot.storage.get_result(g.game_id)
    assert result is not None and result.winners[0] in {str(m.id) for m in g.members}
    assert "wins the game" in text_of(g.table())
    assert g.breaks == result.summary["rounds"] - 1  # a pause after every round but the last
    assert g.leaks == []
