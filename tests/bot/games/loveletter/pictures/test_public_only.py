"""C-10 for pictures: the table is drawn from the spectators' view and public events only."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.loveletter.models import piles_after
from bot.games.loveletter.pictures import hand_png, public_table, table_png
from bot.games.loveletter.pictures.theme import short_name
from engine.loveletter import EDITIONS, apply, events, legal_moves, new_game, player_view
from tests.engine.loveletter.stacking import mv, run_moves, stacked_state

SAME_PUBLIC = [  # (hands, top of the draw pile): Ann plays the Handmaid either way
    ({"ann": "handmaid", "bob": "guardswoman", "cid": "baron"}, ["priest", "king"]),
    ({"ann": "handmaid", "bob": "prince", "cid": "countess"}, ["princess", "guardswoman"]),
]


def _after_handmaid(hands: dict[str, str], top: list[str]):  # type: ignore[no-untyped-def]
    st = stacked_state("pegasus", hands, top, set_aside="baron")
    st, _ = run_moves(st, [mv("ann", "handmaid")])
    return st


def test_c_10_table_picture_does_not_change_with_hidden_cards() -> None:
    one, two = (_after_handmaid(h, t) for h, t in SAME_PUBLIC)
    assert player_view(one, "bob").hand != player_view(two, "bob").hand  # hidden cards differ
    assert hand_png(player_view(one, "bob")) != hand_png(player_view(two, "bob"))
    assert table_png(player_view(one, None)) == table_png(player_view(two, None))


# (hands, move): the same public move over different hidden cards (Ann draws a different
# card too: the first or the second of `top`)
PRIEST = [
    ({"ann": "priest", "bob": b, "cid": "baron"}, mv("ann", "priest", "bob"))
    for b in ("king", "prince")
]
BARON = [({"ann": "baron", "bob": "guardswoman", "cid": "priest"}, mv("ann", "baron", "bob"))] * 2


@pytest.mark.parametrize(
    ("cases", "top"),
    [(PRIEST, ["handmaid", "guardswoman"]), (BARON, ["king", "countess"])],
    ids=["priest", "baron"],
)
def test_c_10_the_last_move_mark_shows_no_hidden_card(cases, top) -> None:  # type: ignore[no-untyped-def]
    """What the Priest saw and the winning Baron's own card stay hidden: the picture of the
    marked move is the same whatever they were; the knocked-out player's card is shown."""
    pictures, news = [], []
    for (hands, move), drawn in zip(cases, ([top[0]], [top[1]]), strict=True):
        st = stacked_state("pegasus", hands, [*drawn, "priest"], set_aside="princess")
        st, _ = run_moves(st, [move])
        view = player_view(st, None)
        pictures.append(table_png(view))
        news.append(public_table(view).news)
    assert pictures[0] == pictures[1]
    assert news[0][0] == f"ann played {'Priest' if cases is PRIEST else 'Baron'}"
    if cases is BARON:
        assert news[0] == ("ann played Baron", "bob · bob is out")


@pytest.mark.parametrize("player", ["ann", "bob"])
def test_c_10_table_picture_refuses_a_players_view(player: str) -> None:
    st = _after_handmaid(*SAME_PUBLIC[0])
    with pytest.raises(ValueError, match="spectators' view"):
        table_png(player_view(st, player))


def test_hand_picture_refuses_the_spectators_view() -> None:
    st = _after_handmaid(*SAME_PUBLIC[0])
    with pytest.raises(ValueError, match="player's view"):
        hand_png(player_view(st, None))


def _play(seed: int, players: int, edition: str):  # type: ignore[no-untyped-def]
    """Every (state before, events, state after) of a seeded random game."""
    rng = random.Random(seed)
    st_ = new_game(edition, [f"p{i}" for i in range(players)], rng)
    while not st_.over:
        new, happened = apply(st_, rng.choice(legal_moves(st_)))
        yield st_, happened, new
        st_ = new


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([("pegasus", 6), ("hobbit", 2), ("l5r", 4)]))
def test_c_10_every_card_on_the_table_is_public(seed: int, game: tuple[str, int]) -> None:
    """Each card the table shows is in a public discard pile, face up, or (once the round
    is over) the result's revealed hands and set-aside card."""
    edition, players = game
    for before, happened, after in _play(seed, players, edition):
        view = player_view(after, None)
        ended = any(isinstance(e, events.RoundEnded) for e in happened)
        result = after.history[-1] if ended else None
        piles = piles_after(player_view(before, None), happened) if ended else None
        table = public_table(view, result, discards=piles)
        shown = [c for s in table.seats for c in s.discards] + list(table.face_up)
        public = [c for s in view.seats for c in s.discards] + list(view.face_up)
        if result is not None:
            public = [c for p in (piles or {}).values() for c in p]
            public += [card for card, _ in result.reveal.values()] + [result.set_aside]
            shown += [s.reveal.card for s in table.seats if s.reveal] + [table.set_aside or ""]
        elif view.game_over and view.history:
            r = view.history[-1]
            public += [card for card, _ in r.reveal.values()] + [r.set_aside]
            shown += [s.reveal.card for s in table.seats if s.reveal] + [table.set_aside or ""]
        assert sorted(c for c in shown if c) == sorted(c for c in public if c)
        seen = happened if ended else view.log
        _news_names_only_public_cards(
            edition, public_table(view, result, discards=piles, ending=happened).news, seen
        )


def _news_names_only_public_cards(edition: str, news: tuple[str, ...], seen) -> None:  # type: ignore[no-untyped-def]
    """The last move in words names the card played and the card guessed, nothing else:
    not what a Priest saw, a Baron compared or a King passed on."""
    played = [e for e in seen if isinstance(e, events.CardPlayed)]
    said = {played[-1].card, played[-1].guess} if played else set()
    words = " ".join(news)
    for card in EDITIONS[edition].cards:
        if re.search(rf"\b{re.escape(short_name(edition, card.id))}\b", words):
            assert card.id in said, f"{card.id} named in {news}"


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_piles_after_a_move_are_the_piles_the_engine_shows(seed: int) -> None:
    """piles_after (used at round end, when the view already holds the next round) agrees
    with the engine's own piles after every move that does not end the round."""
    for before, happened, after in _play(seed, 5, "pegasus"):
        if not any(isinstance(e, events.RoundEnded) for e in happened):
            want = {s.id: s.discards for s in player_view(after, None).seats}
            assert piles_after(player_view(before, None), happened) == want
