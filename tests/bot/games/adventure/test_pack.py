"""The pack's controls offer exactly the legal decisions: many places are grouped into several
selects of at most 25 (Swift as the wind), toggles submit only legal sets."""

from __future__ import annotations

import discord

from bot.games.adventure import decisions
from bot.games.adventure.messages.pack import pack_view
from bot.games.adventure.models import Pack, Seat
from engine.adventure import GAME
from engine.adventure.cards import HELD
from engine.adventure.decisions import D
from engine.adventure.scenario import build

SEATS = (Seat("ann", "Ann", "#e0582b", "orange"), Seat("bob", "Bob", "#7b4fc9", "violet"))


def _pack(state, player: str = "ann", mask: int = 0) -> Pack:  # noqa: ANN001
    pending = state.pending
    return Pack(
        1,
        1,
        player,
        GAME.view(state, player),
        SEATS,
        tuple(GAME.legal(state, player)),
        pending.kind if pending.player == player else None,
        GAME.awaiting(state),
        mask=mask,
    )


def _offered(view: discord.ui.View, legal) -> list:  # noqa: ANN001
    out = []
    for child in view.children:
        item = getattr(child, "item", child)  # a DynamicItem wraps its component
        if isinstance(item, discord.ui.Select):
            assert len(item.options) <= 25
            out += [legal[int(o.value)] for o in item.options]
    return out


def test_swift_as_the_wind_places_are_grouped_in_selects_of_25() -> None:
    data = {
        "seed": 1,
        "hobbits": {"ann": {"place": "rivendell", "cards": ["swift_as_the_wind", "horse"]}},
        "dice": {"movement": [3]},
    }
    state = build(data, ["ann", "bob"], "ann")
    state, _ = GAME.apply(state, "ann", D("roll"))
    pack = _pack(state)
    places = [d for d in pack.legal if d.action in ("travel", "move_to")]
    assert len(places) > 25
    offered = _offered(pack_view(pack), pack.legal)
    assert sorted(map(str, offered)) == sorted(map(str, places))


def test_the_reroll_toggles_submit_only_a_chosen_legal_set() -> None:
    data = {
        "seed": 1,
        "first": "ann",
        "tops": {},
        "dice": {"movement": [2], "green": [6], "combat": ["p1", "d1", "p1"]},
    }
    state = build(data, ["ann", "bob"], "ann")
    state, _ = GAME.apply(state, "ann", D("roll"))
    state, _ = GAME.apply(state, "ann", D("travel", to="old_forest"))
    while state.pending.kind != "reroll":  # whatever the Adventure card: fight it
        options = GAME.legal(state, "ann")
        fight = next((d for d in options if d.action == "fight"), None)
        if fight is None:
            return  # the top card was no creature: nothing to check in this position
        state, _ = GAME.apply(state, "ann", fight)
    legal = tuple(GAME.legal(state, "ann"))
    assert decisions.decision_for("reroll", legal, 0) is None
    assert decisions.decision_for("reroll", legal, 0b101) == D("reroll", dice=[0, 2])


def _labels(view: discord.ui.View) -> list[str]:
    return [getattr(getattr(c, "item", c), "label", None) or "" for c in view.children]


def test_adv_11_a_jewellery_offer_names_its_price_and_buying_only_what_the_gold_pays() -> None:
    data = {
        "seed": 1,
        "hobbits": {"ann": {"cards": ["jewellery"], "gp": 3}},
        "dice": {"movement": [2], "green": [4]},
    }
    state = build(data, ["ann", "bob"], "ann")
    for decision in (D("roll"), D("travel", to="bree"), D("sell", card="jewellery")):
        state, _ = GAME.apply(state, "ann", decision)
    assert _labels(pack_view(_pack(state))) == ["Sell it for 4 GP", "Keep it (refuse the price)"]
    state, _ = GAME.apply(state, "ann", D("refuse"))
    state, _ = GAME.apply(state, "ann", D("browse"))
    legal = tuple(GAME.legal(state, "ann"))
    items = decisions.items("buy", legal)
    for mask in range(1 << len(items)):
        chosen = decisions.decision_for("buy", legal, mask)
        price = sum(HELD[c].value for c in decisions.chosen("buy", legal, mask))
        assert (chosen is not None) == (price <= 3)  # Done is offered only for what 3 GP pay
