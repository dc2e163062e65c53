"""Issue 44: the table picture redraws only what a move changed, and its caches keep
nothing private.

Each seat's panel and pile, and the header's first line, are drawn once and pasted after
(bot/games/loveletter/pictures/seats.py). A picture made of cached pieces must have the
pixels of one drawn from nothing, in every language; a move must redraw only the seats it
changed; and no key may hold a card that only a player's own view shows.
"""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.games.loveletter.models import piles_after
from bot.games.loveletter.pictures import hand_png, public_table, seats, table_png, tablehead
from bot.i18n import use_locale
from engine.loveletter import apply, events, legal_moves, new_game, player_view
from tests.bot.games.loveletter.pictures.scenes import LONG_NAMES, SEATS
from tests.engine.loveletter.stacking import mv, run_moves, stacked_state


def _fresh(draw) -> bytes:  # type: ignore[no-untyped-def]
    """The picture drawn with the pieces' caches empty: nothing pasted from before."""
    seats.PIECES.clear()
    tablehead.PIECES.clear()
    return draw()


def _pixels(png: bytes) -> bytes:
    return Image.open(io.BytesIO(png)).convert("RGB").tobytes()


@pytest.mark.parametrize(
    ("edition", "players", "locale"),
    [("pegasus", 4, "en"), ("pegasus", 8, "de"), ("hobbit", 2, "en"), ("l5r", 3, "de")],
)
def test_every_table_of_a_game_from_cached_pieces_is_the_table_drawn_anew(
    edition: str, players: int, locale: str
) -> None:
    """A whole seeded game, round ends included: each picture, drawn after the ones before
    it (most pieces cached), has exactly the pixels of the same picture drawn from nothing."""
    rng = random.Random(players)
    st = new_game(edition, list(SEATS[:players]), rng)
    checked = 0
    with use_locale(locale):
        while not st.over and checked < 60:
            new, happened = apply(st, rng.choice(legal_moves(st)))
            if any(isinstance(e, events.RoundEnded) for e in happened):
                piles = piles_after(player_view(st, None), happened)
                public = [e for e in happened if e.audience is None]
                args = (player_view(new, None), new.history[-1])
                kw = {"names": LONG_NAMES, "discards": piles, "ending": public}
            else:
                args, kw = (player_view(new, None), None), {"names": LONG_NAMES}
            cached = _pixels(table_png(*args, **kw))  # type: ignore[arg-type]
            seats.PIECES.clear()
            tablehead.PIECES.clear()
            assert cached == _pixels(table_png(*args, **kw)), checked  # type: ignore[arg-type]
            st, checked = new, checked + 1
    assert checked >= 20


def test_a_move_redraws_only_the_seats_it_changed() -> None:
    """Ann plays the Handmaid: her seat (pile, PROTECTED, no longer her turn) and Bob's (his
    turn now: the ring round his panel) are drawn again, Cid's and Dan's are pasted as they
    were, and the header's first line only where the draw pile's count changed."""
    hands = {"ann": "handmaid", "bob": "guardswoman", "cid": "baron", "dan": "priest"}
    before = stacked_state("pegasus", hands, ["king", "prince"])
    after, _ = run_moves(before, [mv("ann", "handmaid")])
    _fresh(lambda: table_png(player_view(before, None)))
    pieces, heads = len(seats.PIECES), len(tablehead.PIECES)
    assert (pieces, heads) == (6, 2)  # four panels, an empty pile with and without the ring
    table_png(player_view(after, None))
    assert len(seats.PIECES) - pieces == 3  # Ann's panel and pile, Bob's panel (his empty
    # pile inside the ring is the one Ann's was: pieces are kept by what they show)
    assert len(tablehead.PIECES) - heads == 1  # the draw pile's new count
    changed = {
        a.id
        for a, b in zip(
            public_table(player_view(before, None)).seats,
            public_table(player_view(after, None)).seats,
            strict=True,
        )
        if a != b
    }
    assert changed == {"ann", "bob"}


def test_a_german_piece_never_reaches_an_english_table() -> None:
    view = player_view(
        stacked_state("pegasus", {"ann": "guardswoman", "bob": "priest"}, ["king"]), None
    )
    with use_locale("de"):
        german = table_png(view)
    english = table_png(view)  # the same seats and header, cached in German just before
    assert _pixels(english) != _pixels(german)
    assert _pixels(english) == _pixels(_fresh(lambda: table_png(view)))


def test_no_cache_key_holds_a_card_only_a_hand_shows() -> None:
    """C-10 for the caches: after drawing the table and every player's hand, the table's
    pieces are keyed by public things only (no card held in a hand and not yet shown), and
    each hand picture shows its own player's cards, not the ones drawn just before it."""
    hands = {"ann": "princess", "bob": "countess", "cid": "king", "dan": "baron"}
    st = stacked_state("pegasus", hands, ["handmaid", "guardswoman"])
    st, _ = run_moves(st, [mv("ann", "handmaid")])  # a card in a pile, Bob draws a Guardswoman
    seats.PIECES.clear()
    tablehead.PIECES.clear()
    table_png(player_view(st, None))
    held = {c for p in hands for c in player_view(st, p).hand}
    public = {c for s in player_view(st, None).seats for c in s.discards}
    hidden = held - public
    assert public == {"handmaid"} and {"princess", "countess", "king", "guardswoman"} <= hidden
    keys = [*seats.PIECES._items, *tablehead.PIECES._items]
    assert keys and not [k for k in keys if hidden & set(_words(k))]
    for player in hands:  # each after the others: a cached hand of another never comes back
        view = player_view(st, player)
        assert _pixels(hand_png(view)) == _pixels(_fresh_hand(view))


def _fresh_hand(view) -> bytes:  # type: ignore[no-untyped-def]
    from bot.games.loveletter.pictures import hand

    hand._hand.cache_clear()
    return hand_png(view)


def _words(key: object) -> list[str]:
    """Every string anywhere in a cache key (tuples, seats and marks opened up)."""
    if isinstance(key, str):
        return [key]
    if isinstance(key, tuple):
        return [w for part in key for w in _words(part)]
    if hasattr(key, "__slots__"):
        return [w for name in key.__slots__ for w in _words(getattr(key, name))]
    return []


@pytest.mark.parametrize("edition", ["pegasus", "hobbit", "l5r"])
def test_every_tally_fits_in_the_panel_piece_left_of_the_pile(edition: str) -> None:
    """The panel's piece ends where the pile's begins: a tally running past it would be
    cut off, so every edition's target, at every table size, must fit the name column."""
    from bot.games.loveletter.pictures.tablelayout import INFO, columns
    from engine.loveletter import EDITIONS

    ed = EDITIONS[edition]
    for players in range(ed.min_players, ed.max_players + 1):
        info = INFO[columns(players)]
        last = seats.PAD + (ed.target(players) - 1) * seats.TALLY_STEP + seats.TALLY
        assert last <= seats.PAD + info + 2, (players, last)
