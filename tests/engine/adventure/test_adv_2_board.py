"""ADV-2: the project's board — 33 places of six kinds, 46 roads, distances."""

from engine.adventure import board


def test_adv_2_board_has_33_places_and_46_distinct_roads() -> None:
    assert len(board.PLACES) == 33
    assert len(board.ROADS) == 46
    assert len({frozenset(r) for r in board.ROADS}) == 46
    assert all(a in board.PLACES and b in board.PLACES for a, b in board.ROADS)


def test_adv_2_kinds_counts() -> None:
    counts = {k: len(board.of_kind(k)) for k in board.KINDS}
    assert counts == {
        "haven": 5,
        "village": 7,
        "adventure": 11,
        "peril": 7,
        "danger": 2,
        "lair": 1,
    }


def test_adv_2_villages_have_a_people_and_others_none() -> None:
    for place in board.PLACES.values():
        assert (place.people is not None) == (place.kind == board.VILLAGE)
    assert board.PLACES["hobbiton"].people == board.HOBBITS
    assert board.PLACES["bree"].people == board.MEN
    assert board.PLACES["erebor"].people == board.DWARVES


def test_adv_2_distances_the_spec_states() -> None:
    assert board.distance("hobbiton", "carn_dum") == 4
    assert board.distance("hobbiton", "moria") == 7
    assert board.distance("hobbiton", "dol_guldur") == 9
    assert board.distance("bree", "bree") == 0


def test_adv_2_board_is_connected_and_distance_symmetric() -> None:
    for a in board.PLACES:
        assert set(board.DISTANCES[a]) == set(board.PLACES)
        for b in board.PLACES:
            assert board.distance(a, b) == board.distance(b, a)


def test_adv_2_ids_follow_the_scenario_format() -> None:
    assert board.to_id("Thranduil's Halls") == "thranduil_s_halls"
    assert board.to_id("Carn Dûm") == "carn_dum"
    assert board.to_id("Lake-town") == "lake_town"
    assert "lorien" in board.PLACES


def test_adv_2_within_lists_places_at_distance_one_to_n() -> None:
    assert set(board.within("hobbiton", 1)) == {"grey_havens", "ered_luin", "old_forest"}
    assert "hobbiton" not in board.within("hobbiton", 5)
