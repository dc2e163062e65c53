"""The bounded undo on the Discord pack (issue 45): after a decision the rules let its hobbit
take back (engine/adventure/undo.py: a journey to a Haven or Village, a buy, a price refused,
a Rope kept…), the pack offers Undo; pressing it restores the game as it was before the
decision, the pack offers that decision again, and the table and the log say it was taken
back. Another hobbit's pack has no Undo, nor has the pack after a take-back (one level; the
service refuses both anyway: tests/bot/service/test_take_back.py): the pack that was pressed
is redrawn in place, so no older Undo is left to press. Every message is read by the leak
check (ADV-12)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cogs.adventure.driver import AdvGame, open_adventure
from tests.cogs.driver import flat, message_text, text_of

UNDO = "adv:undo:"


def _undo_button(message: Any) -> str | None:
    ids = [c.get("custom_id", "") for c in flat(message.components) if c.get("type") == 2]
    return next((i for i in ids if i.startswith(UNDO)), None)


def _decisions(message: Any) -> list[str]:
    """The labels and options a pack offers (what the hobbit may decide)."""
    out = []
    for c in flat(message.components):
        if c.get("custom_id", "").startswith(("adv:d:", "adv:s:")):
            out.append(c.get("label") or ",".join(o["label"] for o in c.get("options", [])))
    return sorted(out)


def _undoable_index(g: AdvGame, game: Any, state: Any, player: str) -> int | None:
    """The index of a legal decision the rules would let `player` take back, if any (the
    engine is asked, as the service asks it)."""
    rules = g.service.engine(game)
    for i, decision in enumerate(g.service.legal(game, state, player)):
        after, events = rules.apply(state, player, decision)
        if rules.undoable(state, player, decision, after, events):
            return i
    return None


def _control_for(actor: Any, message: Any, index: int) -> Any | None:
    """The click or pick on the pack that makes legal decision `index`, if it is offered."""
    for c in flat(message.components):
        cid = c.get("custom_id", "")
        if c.get("type") == 2 and cid.startswith("adv:d:") and cid.endswith(f":{index}"):
            return actor.click(message, custom_id=cid)
        if c.get("type") == 3 and str(index) in [o["value"] for o in c.get("options", [])]:
            return actor.select(message, [str(index)], custom_id=cid)
    return None


async def _to_an_undo(g: AdvGame) -> tuple[Any, Any, Any, Any]:
    """Decisions through the UI (one the rules let its hobbit take back whenever the pack
    offers one, else at random) until a pack offers Undo: (the hobbit, the pack before the
    decision, the pack after it, the state before it)."""
    for _decision in range(400):
        actor = g.awaited()
        if actor is None:
            await g.ai_decides()
            continue
        res = await g.step(actor.click(g.table(), custom_id=f"adv:pack:{g.game_id}"))
        before_pack, before, game = res.response, await g.state(), await g.record()
        message = before_pack
        wanted = _undoable_index(g, game, before, str(actor.id))
        for _click in range(40):
            chosen = _control_for(actor, message, wanted) if wanted is not None else None
            res = await g.step(chosen or g.click_something(actor, message))
            message = res.response or message
            if (await g.record()).version != game.version:
                break
        if _undo_button(message) is not None:
            return actor, before_pack, message, before
        assert (await g.record()).status == "running", "the game ended before an undo came up"
    raise AssertionError("no pack offered Undo")


@pytest.mark.parametrize("seed", [4, 11])
async def test_undo_on_the_pack_takes_back_the_decision_and_says_so(simcord_env, seed) -> None:
    g = await open_adventure(simcord_env, humans=2, bots=0, seed=seed)
    actor, before_pack, pack, before = await _to_an_undo(g)
    undo = _undo_button(pack)
    assert undo is not None
    record = await g.record()
    other = next(m for m in g.members if m.id != actor.id)
    res = await g.step(other.click(g.table(), custom_id=f"adv:pack:{g.game_id}"))
    assert _undo_button(res.response) is None  # another hobbit's pack: nothing of theirs
    # the hobbit's own press: the game as before the decision, offered again
    res = await g.step(actor.click(pack, custom_id=undo))
    after = res.response
    assert after.id == pack.id  # the pressed pack, redrawn in place
    restored = await g.record()
    assert restored.version == record.version + 1
    rules = g.service.engine(restored)
    assert rules.to_json(await g.state()) == rules.to_json(before)
    assert "You take back your last decision." in message_text(after)
    assert _undo_button(after) is None  # one level: nothing more to take back
    assert _decisions(after) == _decisions(before_pack)
    assert f"{actor.name} takes back their last decision." in text_of(g.table())
    assert g.leaks == []
