"""The Bishop's chosen player decides keep/redraw from the table prompt (PEG-11)."""

from __future__ import annotations

from engine.loveletter.editions import edition
from tests.cogs.driver import MENTION, flat, open_game, text_of


async def _play_bishop_correctly(g, state) -> bool:  # noqa: ANN001
    """If the actor holds the Bishop and a choosable target exists, name its value via the UI."""
    actor_id = state.actor
    if "bishop" not in state.players[state.seat(actor_id)].hand:
        return False
    import engine.loveletter as engine

    options = [m for m in engine.legal_moves(state) if m.card == "bishop" and m.target is not None]
    ed = edition("pegasus")
    right = [
        m for m in options if m.guess == ed.card(state.players[state.seat(m.target)].hand[0]).value
    ]
    if not right:
        return False
    move = right[0]
    actor = g.member(int(actor_id))
    message = (await actor.click(g.table(), label="My hand")).response
    button = next(
        c for c in flat(message.components) if c.get("label", "").startswith("Play Bishop")
    )
    message = (await actor.click(message, custom_id=button["custom_id"])).response
    while any(c["type"] == 3 for c in flat(message.components)):
        select = next(c for c in flat(message.components) if c["type"] == 3)
        labels = {o["value"]: o["label"] for o in select["options"]}
        if select.get("placeholder", "").startswith("Choose a player"):
            chosen = next(v for v in labels if _target_of(state, move, v, select))
        else:
            chosen = next(v for v, text in labels.items() if text.startswith(f"{move.guess} "))
        message = (await actor.select(message, [chosen], custom_id=select["custom_id"])).response
    return True


def _target_of(state, move, value, select) -> bool:  # noqa: ANN001
    import engine.loveletter as engine

    legal = engine.legal_moves(state)
    return legal[int(value)].target == move.target


async def test_bishop_decision_from_the_table(simcord_env) -> None:
    g = await open_game(simcord_env, "pegasus", 5, seed=41)
    for _ in range(400):
        state = await g.state()
        if state.pending is not None:
            break
        if not await _play_bishop_correctly(g, state):
            await g.play_one_move()
        game = await simcord_env.bot.storage.get_game(g.game_id)
        assert game.status == "running", "the game ended before a Bishop decision"
    state = await g.state()
    assert state.pending is not None
    chooser = g.member(int(state.pending.player))
    table = g.table()
    assert MENTION.search(text_of(table)).group(1) == str(chooser.id)
    someone_else = next(m for m in g.members if m.id != chooser.id)
    version = await g.version()
    res = await someone_else.click(table, label="Keep my card")
    assert res.response.ephemeral and "not for you" in res.response.content
    assert await g.version() == version
    res = await chooser.click(table, label="Keep my card")
    assert res.response.ephemeral
    assert await g.version() == version + 1
    assert (await g.state()).pending is None
