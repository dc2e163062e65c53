"""Learning the game in Discord (issue 35): a fight counted as the rules count it in the pack
and on the table, buying at a Village card by card, `/adventure rules` with every topic and
every card (autocomplete), and the pack showing its reader's own secret cards to them alone."""

from __future__ import annotations

from typing import Any

import pytest
from simcord.actors import _component_interaction, _visible_message

from bot.games.adventure.text.cards import card_help, riddle_help
from bot.games.adventure.text.rulebook import TOPICS
from engine.adventure.riddles import BY_ID
from tests.cogs.adventure.stacked import buttons, open_stacked, pack_of
from tests.cogs.driver import flat, message_text

FIGHT = {
    "seed": 7,
    "first": "ann",
    "hobbits": {"ann": {"cards": ["sword", "sword_master", "shield"]}, "bob": {"place": "bree"}},
    "tops": {"adventure": ["hill_troll"]},
    "dice": {"movement": [2], "green": [6], "combat": ["p3", "d2", "p3", "d3"]},
}
"""ann (Sword, Sword-master, Shield) meets a Hill troll (power 6 + 4) at Old Forest."""


async def _travel(g: Any, actor: Any, place: str) -> Any:
    pack = pack_of(await g.step(actor.click(g.table(), label="My pack")))
    pack = pack_of(await g.step(actor.click(pack, label="Roll the movement die")))
    sel = next(c for c in flat(pack.components) if c["type"] == 3)
    value = next(o["value"] for o in sel["options"] if o["label"] == place)
    return pack_of(await g.step(actor.select(pack, [value], custom_id=sel["custom_id"])))


async def test_the_fight_shows_each_die_each_bonus_by_name_and_the_total_against_the_power(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = await open_stacked(simcord_env, monkeypatch, FIGHT)
    ann, bob = g.members
    pack = await _travel(g, ann, "Old Forest")
    text = message_text(pack.message)
    assert "🎲 [•••] [2] [•••]: digits 2, pips 3+3 = 6 → 6 − 2 = 4" in text
    assert "roll 4 + best weapon 2 + Shield/Mithril 1 = 7 against power 10: short by 3" in text
    # The public table tells everyone the same count.
    table = message_text(g.table())
    assert "ann rolled the combat dice [•••] [2] [•••]: digits 2, pips 3+3 = 6" in table
    # A reroll says which die changed, from what to what, and counts again.
    pack = pack_of(await g.step(ann.click(pack, label="Die 1: [•••]")))
    pack = pack_of(await g.step(ann.click(pack, label="Reroll 1 die")))
    text = message_text(pack.message)
    assert "You rerolled die 1 [•••] → [3]: [3] [2] [•••]: digits 3+2 = 5, pips 3 → 5 − 3 = 2" in (
        text
    )
    assert "roll 2 + best weapon 2 + Shield/Mithril 1 = 5 against power 10: short by 5" in text
    assert "ann rerolled die 1 [•••] → [3]" in message_text(g.table())
    assert g.leaks == []


VILLAGE = {
    "seed": 7,
    "first": "ann",
    "hobbits": {"ann": {"gp": 6}, "bob": {"place": "rivendell"}},
    "tops": {"equipment": ["sword", "rope", "potion_2", "axe", "horse"]},
    "dice": {"movement": [2]},
}
"""ann (6 GP) travels to Bree (Men) and turns up Sword, Rope, Potion, Axe (Dwarven), Horse."""


def _toggles(message: Any) -> dict[str, dict[str, Any]]:
    return {
        c["label"]: c
        for c in flat(message.components)
        if c.get("custom_id", "").startswith("adv:t:")
    }


async def test_buying_card_by_card_toggles_a_running_total_refuses_too_dear_and_buys(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = await open_stacked(simcord_env, monkeypatch, VILLAGE)
    ann, bob = g.members
    pack = await _travel(g, ann, "Bree")
    pack = pack_of(await g.step(ann.click(pack, label="Look at the top 5 Equipment cards")))
    text = message_text(pack.message)
    assert set(_toggles(pack)) == {"Horse · 5 GP", "Potion · 2 GP", "Rope · 1 GP", "Sword · 4 GP"}
    assert "Chosen: nothing yet (you have 6 GP)." in text
    assert "Not for you here: Axe · 4 GP (not sold here)." in text
    assert "Buy nothing" in buttons(pack)
    older = pack_of(await g.step(ann.click(g.table(), label="My pack")))  # a second pack
    # Nobody else gets the toggles: bob's pack waits, a non-player gets no pack at all.
    bobs = pack_of(await g.step(bob.click(g.table(), label="My pack")))
    assert "Waiting for ann" in message_text(bobs.message) and not _toggles(bobs)
    eve = g.channel.guild.add_member(simcord_env.create_user("eve"))
    assert "not" in ((await eve.click(g.table(), label="My pack")).response.content or "").lower()
    # Sword on: the running total, and the Horse (5 GP more) is greyed out.
    first = pack_of(await g.step(ann.click(pack, label="Sword · 4 GP")))
    assert "Chosen: Sword 4 = 4 GP of your 6 GP (2 left)." in message_text(first.message)
    toggles = _toggles(first)
    assert toggles["Horse · 5 GP"].get("disabled") is True
    assert not toggles["Rope · 1 GP"].get("disabled") and "✅ Sword · 4 GP" in toggles
    # A client that sends the greyed-out toggle anyway (SimCord's own click refuses a
    # disabled button, so the interaction is sent as such a client would) is refused.
    version = (await g.record()).version
    horse = {"custom_id": toggles["Horse · 5 GP"]["custom_id"], "component_type": 2}
    refused = await _component_interaction(ann, _visible_message(ann, first), horse)
    assert "You cannot buy all of that: Horse 5 + Sword 4 = 9 GP, and you have 6 GP." in (
        refused.response.content or ""
    )
    second = pack_of(await g.step(ann.click(first, label="Rope · 1 GP")))
    assert "Chosen: Rope 1 + Sword 4 = 5 GP of your 6 GP (1 left)." in message_text(second.message)
    assert _toggles(second)["Potion · 2 GP"].get("disabled") is True
    assert (await g.record()).version == version  # toggling decides nothing
    await g.step(ann.click(second, label="Buy 2 for 5 GP"))
    state = await g.state()
    me = state.hobbits[str(ann.id)]
    assert sorted(me.cards) == ["rope", "sword"] and me.gp == 1
    # The table under its picture tells the last events: what was paid and what ann keeps.
    said = message_text(g.table())
    assert "ann: -5 GP (bought), now 1 GP." in said
    assert "ann keeps Rope." in said and "ann keeps Sword." in said
    # The second pack's toggle is stale now: the current pack, and nothing changes.
    version = (await g.record()).version
    stale = await g.step(ann.click(older, label="Rope · 1 GP"))
    assert "out of date" in message_text(stale.response.message)
    assert (await g.record()).version == version
    assert sorted((await g.state()).hobbits[str(ann.id)].cards) == ["rope", "sword"]
    assert g.leaks == []


async def test_rules_cover_every_topic_and_every_card_with_autocomplete(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("adventures")
    ann = guild.add_member(simcord_env.create_user("ann"))
    for key, (title, body) in TOPICS.items():
        res = await ann.slash(channel, "adventure rules", topic=key)
        assert res.response.flags.ephemeral
        assert f"**{title}**" in res.response.content and body[:60] in res.response.content
    choices = await ann.autocomplete(channel, "adventure rules", "card", "spider")
    assert [c["name"] for c in choices] == [
        "Spider queen (Danger)",
        "Giant spider (Adventure)",
        "Giant spider (Peril)",
    ]
    picked = next(c["value"] for c in choices if c["name"] == "Giant spider (Peril)")
    res = await ann.slash(channel, "adventure rules", card=picked)
    assert res.response.content == card_help("peril", "giant_spider")
    assert "A Lantern counts +1 against it." in res.response.content
    everything = await ann.autocomplete(channel, "adventure rules", "card", "")
    assert len(everything) == 25  # as many as Discord shows; typing narrows them
    typed = await ann.slash(channel, "adventure rules", card="athelas")
    assert typed.response.content == card_help("magic", "athelas")
    unknown = await ann.slash(channel, "adventure rules", card="balrog")
    assert unknown.response.flags.ephemeral
    assert unknown.response.content.startswith("No card is called “balrog”")


SECRETS = {
    "seed": 3,
    "first": "ann",
    "hobbits": {"ann": {"cards": ["r01", "athelas", "sword"]}, "bob": {"cards": ["r02"]}},
}


async def test_the_pack_shows_your_own_secret_cards_with_their_texts_to_you_alone(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = await open_stacked(simcord_env, monkeypatch, SECRETS)
    ann, bob = g.members
    mine = message_text(pack_of(await g.step(ann.click(g.table(), label="My pack"))).message)
    assert "**Your Riddle cards** (secret)" in mine and riddle_help("r01") in mine
    assert "**Your Magic cards** (secret)" in mine and "Athelas — Any time: heal 3 LP." in mine
    theirs = pack_of(await g.step(bob.click(g.table(), label="My pack")))
    assert riddle_help("r02") in message_text(theirs.message)
    seen_by_bob = "\n".join(message_text(m) for m in g.visible_to(bob))
    assert BY_ID["r01"].text not in seen_by_bob and "Athelas" not in seen_by_bob
    assert g.leaks == []
    # The leak check reads these texts: ann's pack lines shown to bob would be flagged.
    await ann.send(g.channel, f"{riddle_help('r01')} / Athelas — Any time: heal 3 LP.")
    g.check_views(await g.state())
    assert any(leak.startswith("bob saw r01") for leak in g.leaks)
    assert any(leak.startswith("bob saw athelas") for leak in g.leaks)


RESTING = {
    "seed": 7,
    "first": "ann",
    "hobbits": {"ann": {"cards": ["sword"]}, "bob": {"place": "bree"}},
    "tops": {"rest": ["axe_master", "weapon_smith"]},
    "dice": {"movement": [2]},
}
"""ann (a Sword, no Axe) rests and draws an Axe-master and a Weapon-smith."""


async def test_cards_going_back_are_said_with_why_on_the_table(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = await open_stacked(simcord_env, monkeypatch, RESTING)
    ann, bob = g.members
    pack = pack_of(await g.step(ann.click(g.table(), label="My pack")))
    pack = pack_of(await g.step(ann.click(pack, label="Roll the movement die")))
    pack = pack_of(await g.step(ann.click(pack, label="Rest (draw two Rest cards)")))
    # The table's text under the picture tells the last few events: each as it happens.
    said = message_text(g.table())
    assert "Axe-master goes back under the Rest deck: ann has no Axe." in said
    await g.step(ann.click(pack, label="Send the smith away"))
    said = message_text(g.table())
    assert "ann sent the Weapon-smith away; it goes back under the Rest deck." in said
    assert g.leaks == []
