"""The engine's reasons for a refused decision reach the reader in their language: the engine
keeps each reason's template and values (`engine.adventure.said`), the bot translates them
(`bot.games.adventure.text.reasons`), and the English sentence stays what it was (issue 36)."""

from __future__ import annotations

import random
import re

from bot.games.adventure.text.names import place
from bot.games.adventure.text.reasons import reason_text
from bot.i18n import force_locale, use_locale
from bot.i18n.pseudo import plain_words
from engine.adventure import GAME
from engine.adventure import board as B
from engine.adventure.decisions import D
from engine.adventure.reasons import why
from engine.adventure.scenario import build

QUOTED = re.compile(r"'[^']*'")  # an id quoted as it was sent (`'sword'`), no sentence


def _rolled_one() -> object:
    data = {"seed": 1, "hobbits": {"ann": {"place": "hobbiton"}}, "dice": {"movement": [1]}}
    state = build(data, ["ann", "bob"], "ann")
    state, _unused = GAME.apply(state, "ann", D("roll"))
    return state


def test_a_refused_journey_in_german_and_in_english() -> None:
    state = _rolled_one()
    far = B.distance("hobbiton", "rivendell")
    reason = why(state, "ann", D("travel", to="rivendell"))
    assert reason == f"Rivendell is {far} roads away; you rolled 1 (1 at most)."
    with use_locale("de"):
        german = reason_text(reason)
        rivendell = place("rivendell")
    assert german == f"{rivendell}: {far} Wege entfernt; du hast 1 geworfen (höchstens 1)."


def test_another_hobbits_decision_in_german() -> None:
    state = _rolled_one()
    with use_locale("de"):
        said = reason_text(why(state, "bob", D("roll")))
    assert said == "ann entscheidet gerade (reisen oder rasten)."


def test_every_reason_of_whole_games_reads_through_the_catalogue() -> None:
    """Along AI games, each hobbit tries the decisions that were legal at other moments."""
    seen: list[object] = []
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        rng = random.Random(seed)
        pids = [str(i + 1) for i in range(players)]
        state = GAME.create("classic", pids, {}, rng)
        tried: list[object] = []
        while not state.over:
            pid = state.pending.player
            legal = GAME.legal(state, pid)
            for other in pids:
                mine = GAME.legal(state, other)
                seen += [why(state, other, d) for d in tried[-40:] if d not in mine]
            tried += legal
            state, _unused = GAME.apply(
                state, pid, GAME.choose("novice", GAME.view(state, pid), legal, rng)
            )
    assert len({str(s) for s in seen}) > 20
    with force_locale("pseudo"):
        leaks = {w for s in seen for w in plain_words(QUOTED.sub(" ", reason_text(s)))}
    assert leaks == set()
