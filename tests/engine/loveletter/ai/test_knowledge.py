"""Card counting from a view (C-10): seen hands, trades, missed guesses, compare outcomes."""

from __future__ import annotations

from collections import Counter

import engine.loveletter as engine
from engine.loveletter.ai.knowledge import analyse
from engine.loveletter.moves import Play
from tests.engine.loveletter.ai.positions import play, stacked

GW = "guardswoman"


def test_unseen_cards_are_the_deck_minus_everything_visible() -> None:
    state = stacked("pegasus", {"ann": "priest", "bob": "baron"}, [GW, "priest"], "ann")
    view = engine.player_view(state, "ann")
    k = analyse(view)
    deck = Counter(engine.edition("pegasus").deck(2))
    deck.subtract([*view.face_up, *view.hand])
    assert +k.unseen == +deck
    assert sum(k.unseen.values()) == 1 + 1 + view.draw_pile  # bob's hand, set-aside, pile


def test_c_10_priest_look_is_remembered_until_the_card_is_played() -> None:
    state = stacked(
        "pegasus", {"ann": "priest", "bob": "baron"}, [GW, "handmaid", GW, "priest"], "ann"
    )
    state = play(state, Play("ann", "priest", "bob"))
    assert analyse(engine.player_view(state, "ann")).known == {"bob": "baron"}
    assert analyse(engine.player_view(state, "bob")).exposed == {"ann"}
    state = play(state, Play("bob", "handmaid"))  # bob keeps the Baron
    k = analyse(engine.player_view(state, "ann"))
    assert k.known == {"bob": "baron"}
    assert k.dist("bob") == {"baron": 1.0}


def test_c_10_the_card_given_away_in_a_trade_is_known() -> None:
    state = stacked("pegasus", {"ann": "handmaid", "bob": GW}, ["king", "priest"], "ann")
    state = play(state, Play("ann", "king", "bob"))
    assert analyse(engine.player_view(state, "ann")).known == {"bob": "handmaid"}
    k = analyse(engine.player_view(state, "bob"))
    assert k.known == {"ann": GW}
    assert k.exposed == {"ann"}


def test_peg_10_a_missed_guess_rules_the_value_out_for_everyone() -> None:
    hands = {"ann": GW, "bob": "baron", "cid": "priest"}
    state = stacked("pegasus", hands, ["handmaid", "king"], "ann")
    state = play(state, Play("ann", GW, "bob", guess=5))
    for viewer in ("ann", "cid"):
        k = analyse(engine.player_view(state, viewer))
        assert k.p_value("bob", 5) == 0.0
        assert k.p_value("bob", 3) > 0.0


def test_peg_8_the_baron_winner_holds_more_than_the_loser_showed() -> None:
    hands = {"ann": "baron", "bob": "priest", "cid": GW}
    state = stacked("pegasus", hands, ["princess", "king"], "ann")
    state = play(state, Play("ann", "baron", "bob"))
    k = analyse(engine.player_view(state, "cid"))
    assert all(engine.edition("pegasus").card(c).value > 2 for c in k.dist("ann"))


def test_hob_11_missed_smaug_names_a_card_not_a_value() -> None:
    hands = {"ann": "smaug", "bob": "legolas"}
    state = stacked("hobbit", hands, ["gandalf", "bard"], "ann")
    state = play(state, Play("ann", "smaug", "bob", guess="tauriel"))
    k = analyse(engine.player_view(state, "ann"))
    assert k.dist("bob").get("tauriel", 0.0) == 0.0
    assert k.dist("bob")["legolas"] > 0.0
