"""The pictures in German (issue 36): what a German player reads on the table, the hand and the
card faces, and that no picture of one language is ever served from a cache to another."""

from __future__ import annotations

import random
from functools import partial

import pytest

from bot.games.loveletter.pictures import card_png, hand_png, public_table, table_png
from bot.games.loveletter.pictures.faces import chip, small, small_texts
from bot.games.loveletter.pictures.tablelayout import lay_out
from bot.games.loveletter.pictures.texts import rule_text
from bot.i18n import use_locale
from bot.platform.presentation import Picture
from bot.ui.pictures import draw
from engine.loveletter import EDITIONS, PlayerView, apply, legal_moves, new_game, player_view
from tests.bot.games.loveletter.pictures.recorder import drawn_texts
from tests.bot.games.loveletter.pictures.scenes import NAMES, pegasus_five
from tests.engine.loveletter.stacking import mv, run_moves, stacked_state


def _forced_countess() -> PlayerView:
    """Ann holds the Countess and the Prince: she must play the Countess (PEG-4)."""
    st = stacked_state("pegasus", {"ann": "countess", "bob": "baron"}, ["prince"])
    return player_view(st, "ann")


def test_a_german_table_tells_the_round_the_goal_the_marks_and_the_last_move() -> None:
    with use_locale("de"):
        drawn = lay_out(public_table(player_view(pegasus_five(), None), names=NAMES))
    said: dict[str, list[str]] = {}
    for w in drawn.texts:
        said.setdefault(w.role, []).append(w.text)
    assert said["heading"] == ["Runde 1"]
    assert said["goal"] == ["Wer zuerst 3 Herzen hat, gewinnt"]
    assert said["caption"] == ["Karten", "nichts abgeworfen", "nichts abgeworfen"]  # Dan, Eve
    assert said["news"] == ["Bob spielt Wächterin", "Cid, Tipp: 4 · Cid scheidet aus"]
    assert said["badge"] == ["ZULETZT", "NARR · Ann", "RAUS", "AM ZUG"]
    assert "Wächterin" in said["card name"] and "Guardswoman" not in said["card name"]


def _game_over(seed: int = 3) -> PlayerView:
    rng = random.Random(seed)
    st = new_game("pegasus", ["ann", "bob", "cid"], rng)
    while not st.over:
        st, _unused = apply(st, rng.choice(legal_moves(st)))
    return player_view(st, None)


def test_a_finished_german_game_says_who_won_it() -> None:
    view = _game_over()
    with use_locale("de"):
        table = public_table(view, names=NAMES)
    assert table.heading == "Spielende" and view.winner is not None
    assert table.subheading == f"{NAMES[view.winner]} gewinnt das Spiel"
    won = [s.name for s in table.seats for b in s.badges if b.text == "SIEG"]
    assert won  # the last round's winner


def test_a_german_hand_marks_the_forced_card_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    with use_locale("de"), drawn_texts(monkeypatch) as texts:
        hand_png(_forced_countess())
    assert "MUSST DU SPIELEN" in texts and "NICHT SPIELBAR" in texts
    assert "Gräfin" in texts and "Prinz" in texts
    rule = " ".join(texts)
    assert "Du musst diese Karte spielen, wenn deine" in rule and "König oder" in rule


def test_a_knocked_out_player_reads_why_their_hand_is_empty(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hands = {"ann": "guardswoman", "bob": "priest", "cid": "baron"}
    st = stacked_state("pegasus", hands, ["handmaid"])
    st, _unused = run_moves(st, [mv("ann", "guardswoman", "bob", 2)])
    with use_locale("de"), drawn_texts(monkeypatch) as texts:
        hand_png(player_view(st, "bob"))
    assert " ".join(texts) == "Du bist in dieser Runde ausgeschieden."


def test_german_faces_carry_our_german_rule_texts_and_the_german_names() -> None:
    peg = EDITIONS["pegasus"]
    with use_locale("de"):
        assert rule_text("pegasus", peg.card("countess")) == (
            "Du musst diese Karte spielen, wenn deine andere Karte König oder Prinz ist."
        )
        assert rule_text("pegasus", peg.card("guardswoman")) == (
            "Nenne für eine andere Person einen Wert (nicht 1). Richtig? Dann scheidet sie aus."
        )
        assert [w.text for w in small_texts("pegasus", "dowager_queen")] == ["7", "Königswitwe"]
    assert [w.text for w in small_texts("pegasus", "dowager_queen")] == [
        "7",
        "Dowager",
        "Königswitwe",
    ]


def _pictures() -> dict[str, bytes]:
    st = stacked_state("pegasus", {"ann": "countess", "bob": "baron"}, ["prince"])
    return {
        "face": card_png("pegasus", "countess"),
        "small card": small("pegasus", "guardswoman").tobytes(),
        "chip": chip("pegasus", "guardswoman")[0].tobytes(),
        "hand": hand_png(player_view(st, "ann")),
        "table": table_png(player_view(pegasus_five(), None), names=NAMES),
    }


def test_cached_pictures_never_cross_languages() -> None:
    """English, German, English: the second English pictures are the first ones to the byte,
    the German ones differ (faces, small cards, chips and hands are cached by language)."""
    english = _pictures()
    with use_locale("de"):
        german = _pictures()
        german_again = _pictures()
    english_again = _pictures()
    assert english_again == english
    assert german_again == german
    for kind in english:
        assert german[kind] != english[kind], kind


async def test_the_drawing_thread_draws_the_table_in_the_locale_it_was_asked_in() -> None:
    """A public table is drawn off the event loop (`bot.ui.pictures.draw`): in the language it
    was made in for its readers, whatever the context that draws it."""
    view = player_view(pegasus_five(), None)
    with use_locale("de"):
        picture = Picture("table.png", partial(table_png, view, names=NAMES), "")
        want = table_png(view, names=NAMES)
    (german,) = await draw((picture,), off_loop=True)
    assert german.fp.read() == want
    assert want != table_png(view, names=NAMES)
