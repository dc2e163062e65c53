"""Rule tests by id (adventure.md) that are not scenario files: data, dice, the GAME handle."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import api
from engine.adventure import GAME
from engine.adventure import board as B
from engine.adventure.cards import DECK_LISTS, HELD, TOTAL
from engine.adventure.decisions import D, from_dict
from engine.adventure.dice import COMBAT_FACES, MOVEMENT_FACES, combat_result
from engine.adventure.legal import legal_moves
from engine.adventure.riddles import RIDDLES, answers
from engine.adventure.scenario import build


def _state(**data: object):  # type: ignore[no-untyped-def]
    spec = {"game": "adventure", "players": ["ann", "bob"], "first": "ann", "seed": 1, **data}
    return build(spec, ["ann", "bob"], "ann")


def test_adv_1_create_validates_the_seats() -> None:
    rng = random.Random(1)
    with pytest.raises(ValueError):
        GAME.create("classic", ["ann"], {}, rng)
    with pytest.raises(ValueError):
        GAME.create("classic", ["a", "b", "c", "d", "e"], {}, rng)
    with pytest.raises(ValueError):
        GAME.create("classic", ["ann", "ann"], {}, rng)
    with pytest.raises(ValueError):
        GAME.create("epic", ["ann", "bob"], {}, rng)


def test_adv_1_first_hobbit_is_drawn_from_the_rng() -> None:
    firsts = {
        GAME.create("classic", ["a", "b", "c"], {}, random.Random(i)).first for i in range(40)
    }
    assert firsts == {"a", "b", "c"}
    one = GAME.create("classic", ["a", "b", "c"], {}, random.Random(5))
    two = GAME.create("classic", ["a", "b", "c"], {}, random.Random(5))
    assert GAME.encode(one) == GAME.encode(two)


def test_adv_1_dice_faces() -> None:
    assert sorted(map(str, MOVEMENT_FACES)) == ["1", "1", "2", "2", "3", "eagle"]
    assert COMBAT_FACES == ("d1", "d2", "d3", "p1", "p2", "p3")


def test_adv_3_travel_options_are_exactly_the_places_within_the_roll() -> None:
    s = _state(dice={"movement": [2]})
    s, _ = GAME.apply(s, "ann", D("roll"))
    targets = {d.to for d in legal_moves(s, "ann") if d.action == "travel"}
    assert targets == set(B.within("hobbiton", 2))
    assert "hobbiton" not in targets
    assert D("rest") in legal_moves(s, "ann")


def test_adv_3_horse_reaches_one_road_further() -> None:
    s = _state(dice={"movement": [3]}, hobbits={"ann": {"cards": ["horse"]}})
    s, _ = GAME.apply(s, "ann", D("roll"))
    assert {d.to for d in legal_moves(s, "ann") if d.action == "travel"} == set(
        B.within("hobbiton", 4)
    )


def test_adv_6_the_seeds_combat_roll_examples() -> None:
    assert combat_result(["d2", "p1", "d3"]) == 4
    assert combat_result(["p1", "p1", "d3"]) == 1
    assert combat_result(["d1", "p3", "d2"]) == 0
    assert combat_result(["p3", "p1", "p2"]) == 6
    assert combat_result(["d3", "d3", "d3"]) == 9


def test_adv_8_an_answer_matches_anywhere_on_the_answering_card() -> None:
    assert answers("r01", "r02")  # egg / egg
    assert answers("r15", "r01")  # echo is r01's third answer
    assert not answers("r01", "r05")


def test_adv_10_riddle_answer_table() -> None:
    table = {r.id: r.answers for r in RIDDLES}
    assert len(RIDDLES) == 24 and len({r.text for r in RIDDLES}) == 24
    assert table["r01"] == ("egg", "fire", "echo")
    assert table["r13"] == ("candle", "needle", "time")
    assert table["r24"] == ("map", "echo")
    correct = Counter(r.correct for r in RIDDLES)
    assert set(correct.values()) == {2} and len(correct) == 12


def test_adv_10_the_eight_decks_hold_142_cards() -> None:
    sizes = {deck: len(cards) for deck, cards in DECK_LISTS.items()}
    assert sizes == {
        "money": 14,
        "equipment": 24,
        "adventure": 24,
        "peril": 20,
        "danger": 12,
        "rest": 12,
        "magic": 12,
        "riddle": 24,
    }
    assert TOTAL == 142
    money = Counter(c.value for c in DECK_LISTS["money"])
    assert money == {0: 1, 1: 4, 2: 4, 3: 3, 4: 1, 5: 1}
    assert all(c.kind == "creature" for c in DECK_LISTS["danger"])


def test_adv_10_cards_held_and_secret() -> None:
    assert HELD["elven_cloak"].secret and HELD["r01"].secret
    assert not HELD["sword"].secret and not HELD["ranger"].secret
    assert HELD["mithril_shirt"].value == 8 and HELD["mithril_shirt"].goods == "dwarven"


def test_adv_13_decisions_round_trip_through_their_dicts() -> None:
    rng = random.Random(3)
    s = GAME.create("classic", ["a", "b", "c"], {}, rng)
    for _ in range(300):
        if GAME.is_over(s):
            break
        pid = GAME.awaiting(s)[0]
        legal = GAME.legal(s, pid)
        for d in legal:
            assert GAME.decision_from_dict(GAME.decision_to_dict(d)) == d
        s, events = GAME.apply(s, pid, rng.choice(list(legal)))
        for e in events:
            assert isinstance(e, api.Event)
            assert e.audience is None or set(e.audience) <= set(s.players)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"action": "fly"},
        {"action": "travel"},
        {"action": "buy", "cards": "sword"},
        {"action": "answer"},
    ],
)
def test_adv_13_malformed_decisions_are_value_errors(data: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        from_dict(data)


def test_game_is_registered_as_adventure() -> None:
    found = api.game("adventure")
    assert found is GAME
    assert GAME.variants["classic"].min_players == 2 and GAME.variants["classic"].max_players == 4
    assert GAME.decode(GAME.encode(GAME.create("classic", ["a", "b"], {}, random.Random(1))))


def test_decode_refuses_other_formats() -> None:
    with pytest.raises(ValueError):
        GAME.decode({"format": 99})
    with pytest.raises(ValueError):
        GAME.decode({"format": 1, "players": []})


def test_result_of_a_finished_game() -> None:
    rng = random.Random(0)
    s = GAME.create("classic", ["a", "b"], {}, rng)
    assert GAME.result(s) is None
    while not GAME.is_over(s):
        pid = GAME.awaiting(s)[0]
        s, _ = GAME.apply(s, pid, rng.choice(list(GAME.legal(s, pid))))
    result = GAME.result(s)
    assert result is not None
    assert set(result.gains) == {"a", "b"}
    assert sum(g["dragons_defeated"] for g in result.gains.values()) == len(result.winners)
