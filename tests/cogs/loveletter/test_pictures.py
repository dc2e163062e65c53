"""Pictures through SimCord: the table message carries the table picture and each edit
replaces it; a hand (ephemeral and DM) carries the hand picture above its buttons; a round
break shows the finished round; `/loveletter settings pictures:off` leaves them off."""

from __future__ import annotations

from typing import Any

from bot.games.loveletter.models import piles_after
from bot.games.loveletter.pictures import hand_png, table_png
from engine.loveletter import player_view
from tests.cogs.dms_and_ai_moves import dms
from tests.cogs.driver import (
    MENTION,
    Game,
    find_events,
    flat,
    gallery,
    open_game,
    raw_components,
    text_of,
)


def picture(env: Any, message: Any) -> bytes:
    """The one picture of `message`, shown in its layout (a table) or as its embed's image."""
    (att,) = message.attachments
    shown = [item["media"]["url"] for item in gallery(message)]
    image = shown[0] if shown else message.embeds[0].image.url or ""
    assert image.endswith(att.filename), (image, att.filename)  # inside the message
    data: bytes = env.backend.cdn.get(att.url)
    assert data.startswith(b"\x89PNG")
    return data


async def names(g: Game) -> dict[str, str]:
    game = await g.env.bot.storage.get_game(g.game_id)
    return {s.player_id: s.display_name for s in game.seats}


def actor_of(g: Game) -> Any:
    found = MENTION.search(text_of(g.table()))
    assert found is not None
    return g.member(int(found.group(1)))


def buttons(message: Any) -> list[str]:
    return [c.get("label", "") for c in flat(raw_components(message)) if c["type"] == 2]


async def test_the_table_picture_is_replaced_on_every_edit(simcord_env) -> None:
    g = await open_game(simcord_env, "pegasus", 4, seed=3)
    state, shown = await g.state(), await names(g)
    table = g.table()
    assert picture(simcord_env, table) == table_png(player_view(state, None), names=shown)
    first = table.attachments[0].id
    for _ in range(3):
        await g.play_one_move()
        state = await g.state()
        edited = g.table()
        assert edited.id == table.id  # the same message, edited
        assert edited.attachments[0].id != first  # a new upload replaced the old picture
        first = edited.attachments[0].id
        want = table_png(player_view(state, None), names=shown)
        assert picture(simcord_env, edited) == want
        assert "My hand" in buttons(edited) and "Turn:" in text_of(edited)  # text stays
    assert g.leaks == [] and g.pictures_checked > 0


async def test_the_hand_has_its_picture_above_the_buttons_in_the_channel_and_the_dm(
    simcord_env,
) -> None:
    g = await open_game(simcord_env, "hobbit", 3, seed=11)
    state = await g.state()
    actor = actor_of(g)
    want = hand_png(player_view(state, str(actor.id)))
    res = await actor.click(g.table(), label="My hand")
    assert res.ephemeral
    assert picture(simcord_env, res.response) == want
    assert any(label.startswith("Play ") for label in buttons(res.response))
    (turn,) = [m for m in dms(actor) if "It's your turn" in (m.content or "")]
    assert picture(simcord_env, turn) == want


async def test_a_round_break_shows_the_finished_round_then_the_next(simcord_env) -> None:
    g = await open_game(simcord_env, "l5r", 3, seed=8)
    shown = await names(g)
    for _ in range(200):
        before = await g.state()
        await g.play_one_move()
        if g.in_break():
            break
    else:
        raise AssertionError("no round ended")
    after = await g.state()
    happened = find_events(before, after)
    piles = piles_after(player_view(before, None), happened)
    view, result = player_view(after, None), after.history[-1]
    finished = table_png(view, result, names=shown, discards=piles, ending=happened)
    table = g.table()
    assert picture(simcord_env, table) == finished  # the card that ended the round marked
    assert finished != table_png(view, result, names=shown, discards=piles)
    await g.next_round()
    assert g.table().id == table.id
    assert picture(simcord_env, g.table()) == table_png(player_view(after, None), names=shown)
    assert g.leaks == []


async def test_pictures_off_for_one_player_leaves_their_hand_as_text(simcord_env) -> None:
    g = await open_game(simcord_env, "pegasus", 3, seed=2)
    actor = actor_of(g)
    res = await actor.slash(g.channel, "loveletter settings", pictures="off")
    assert "Card pictures are **off** for you" in res.response.content
    hand = (await actor.click(g.table(), label="My hand")).response
    assert hand.attachments == [] and hand.embeds[0].image.url is None
    assert "Your hand" in (hand.embeds[0].description or "") or hand.embeds[0].fields
    others = [m for m in g.members if m is not actor]
    theirs = (await others[0].click(g.table(), label="My hand")).response
    assert len(theirs.attachments) == 1  # the others keep theirs
    assert len(g.table().attachments) == 1  # the public table keeps its picture
    res = await actor.slash(g.channel, "loveletter settings", pictures="on")
    assert "Card pictures are **on** for you" in res.response.content
    hand = (await actor.click(g.table(), label="My hand")).response
    assert len(hand.attachments) == 1


async def test_a_picture_that_fails_to_draw_leaves_the_text(simcord_env, monkeypatch) -> None:
    """The table still goes out, as text, when its picture cannot be drawn (logged)."""
    from bot.games.loveletter.pictures import from_table

    def broken(*args: Any, **kwargs: Any) -> bytes:
        raise RuntimeError("no pictures today")

    monkeypatch.setattr(from_table, "table_png", broken)
    g = await open_game(simcord_env, "l5r", 2, seed=1)
    version = await g.version()
    await g.play_one_move()
    table = g.table()
    assert await g.version() > version
    assert table.attachments == [] and gallery(table) == []
    assert "Turn:" in text_of(table) and "Discards:" in text_of(table)  # all of the text
