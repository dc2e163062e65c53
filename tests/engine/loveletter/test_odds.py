"""`/loveletter odds` counting (engine/odds.py): only what the player's own view shows (C-10)."""

from __future__ import annotations

from collections import Counter

import pytest

import engine.loveletter as engine
from engine.loveletter.moves import Play
from engine.loveletter.odds import odds, unseen_cards
from tests.engine.loveletter.ai.positions import TABLES, play, positions, stacked

GW = "guardswoman"


def test_c_10_odds_count_the_deck_minus_own_hand_discards_and_face_up() -> None:
    state = stacked("pegasus", {"ann": "priest", "bob": "baron"}, [GW, "priest"], "ann")
    view = engine.player_view(state, "ann")
    deck = Counter(engine.edition("pegasus").deck(2))
    deck.subtract([*view.face_up, *view.hand])
    assert unseen_cards(view) == {c: n for c, n in deck.items() if n > 0}
    result = odds(view)
    assert result.total == 1 + 1 + view.draw_pile  # bob's hand, set-aside, pile
    assert sum(o.chance for o in result.rows) == pytest.approx(1.0)
    assert all(o.chance == pytest.approx(o.unseen / result.total) for o in result.rows)


def test_c_10_a_card_seen_with_the_priest_is_no_longer_unseen() -> None:
    state = stacked(
        "pegasus", {"ann": "priest", "bob": "baron"}, [GW, "handmaid", GW, "priest"], "ann"
    )
    before = unseen_cards(engine.player_view(state, "ann"))
    state = play(state, Play("ann", "priest", "bob"))
    after_ann = unseen_cards(engine.player_view(state, "ann"))
    assert after_ann.get("baron", 0) == before["baron"] - 1
    # Bob learnt nothing about ann's hand: only the played Priest left his unseen count.
    bob_before = unseen_cards(
        engine.player_view(
            stacked(
                "pegasus", {"ann": "priest", "bob": "baron"}, [GW, "handmaid", GW, "priest"], "ann"
            ),
            "bob",
        )
    )
    bob_after = unseen_cards(engine.player_view(state, "bob"))
    assert bob_after.get("priest", 0) == bob_before["priest"] - 1


def test_peg_odds_are_grouped_by_value_with_the_expansion() -> None:
    state = next(positions("pegasus", 5, 1, seed=3))
    result = odds(engine.player_view(state, "p0"))
    assert result.by_value
    ones = next(o for o in result.rows if o.key == 1)
    assert set(ones.cards) <= {"guardswoman", "guard"} and len(ones.cards) == 2
    values = [o.key for o in result.rows]
    assert values == sorted(values, reverse=True)


def test_hobbit_odds_name_cards() -> None:
    state = next(positions("hobbit", 3, 1, seed=4))
    result = odds(engine.player_view(state, "p0"))
    assert not result.by_value
    assert all(isinstance(o.key, str) and o.cards == (o.key,) for o in result.rows)


@pytest.mark.parametrize(("edition", "players"), TABLES)
def test_c_10_every_truly_hidden_card_is_counted_as_unseen(edition: str, players: int) -> None:
    """Cards in the pile and set aside were never seen, so they are always among the unseen."""
    for state in positions(edition, players, 25, seed=players):
        for p in state.players:
            unseen = Counter(unseen_cards(engine.player_view(state, p.id)))
            hidden = Counter(state.draw_pile)
            if not state.set_aside_used and state.set_aside:
                hidden[state.set_aside] += 1
            assert not hidden - unseen


def test_a_spectator_has_no_odds() -> None:
    state = next(positions("l5r", 3, 1, seed=1))
    with pytest.raises(ValueError, match="spectator"):
        odds(engine.player_view(state, None))
