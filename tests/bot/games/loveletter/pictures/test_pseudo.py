"""No English word on a picture skips the catalogue: whole games drawn in the pseudo-locale.

In the pseudo-locale every translated word comes out in accented look-alike letters, so a
plain English word of three letters or more among the texts a picture draws went around
`_` (or was filled in untranslated). Every text given to Pillow is recorded as it is drawn.
"""

from __future__ import annotations

import random
import threading

import pytest

from bot.games.loveletter.models import piles_after
from bot.games.loveletter.pictures import card_png, hand_png, table_png
from bot.i18n import force_locale
from bot.i18n.pseudo import plain_words
from engine.loveletter import EDITIONS, apply, legal_moves, new_game, player_view
from tests.bot.games.loveletter.pictures.recorder import drawn_texts

NAMES = {"ann": "Ann", "bob": "Bob", "cid": "Cid", "dan": "Dan", "eve": "Eve"}
NAMES |= {"fay": "Fay", "gus": "Gus", "hal": "Hal"}
GAMES = [("hobbit", 2), ("hobbit", 4), ("l5r", 3), ("pegasus", 5), ("pegasus", 8)]


def _play_and_draw(edition: str, players: int, seed: int) -> None:
    """A whole seeded random game: the table after every move (a finished round as the bot
    shows it in the break), and every player's hand."""
    rng = random.Random(seed)
    ids = list(NAMES)[:players]
    st = new_game(edition, ids, rng)
    while not st.over:
        before = player_view(st, None)
        st, happened = apply(st, rng.choice(legal_moves(st)))
        ended = [e for e in happened if getattr(e, "type", "") == "round_ended"]
        if ended and not st.over:
            public = [e for e in happened if e.audience is None]
            piles = piles_after(before, happened)
            table_png(
                player_view(st, None), st.history[-1], names=NAMES, discards=piles, ending=public
            )
        table_png(player_view(st, None), names=NAMES)
        for player in ids:
            hand_png(player_view(st, player))


@pytest.mark.parametrize(("edition", "players"), GAMES)
def test_a_whole_game_of_pictures_has_no_untranslated_word(
    edition: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    with force_locale("pseudo"), drawn_texts(monkeypatch) as texts:
        _play_and_draw(edition, players, seed=players)
    assert len(texts) > 100
    leaks = {w for text in texts for w in plain_words(text, frozenset(NAMES.values()))}
    assert leaks == set()


def test_every_card_face_has_no_untranslated_word(monkeypatch: pytest.MonkeyPatch) -> None:
    with force_locale("pseudo"), drawn_texts(monkeypatch) as texts:
        for e in EDITIONS.values():
            for c in e.cards:
                card_png(e.id, c.id)
        card_png("hobbit", "tauriel", {"elves": "german"})
    assert len(texts) > 3 * sum(len(e.cards) for e in EDITIONS.values())
    assert {w for text in texts for w in plain_words(text)} == set()


def test_the_recorder_keeps_only_its_own_threads_texts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A picture warm-up left running by an earlier test draws another game's words in English
    at the same time (seen as Carn, Halls, Marshes in this file's games); they are not ours."""
    from PIL import Image, ImageDraw

    def draw(words: str) -> None:
        ImageDraw.Draw(Image.new("RGB", (40, 20))).text((0, 0), words)

    with drawn_texts(monkeypatch) as texts:
        other = threading.Thread(target=draw, args=("Carn",))
        other.start()
        other.join()
        draw("Ours")
    assert texts == ["Ours"]
