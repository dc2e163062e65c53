"""`undo` at the terminal's Adventure prompt (issue 45, the bounded undo): your own last
decision is taken back while engine/adventure/undo.py allows it — the same options are offered
again — and refused in one line otherwise (a die rolled, a card drawn, another hobbit decided)."""

from __future__ import annotations

import argparse
import re

from bot.cli.adventure import NOTHING_TO_TAKE_BACK, play
from bot.i18n import _, use_locale

OPTION = re.compile(r"^  \d+\. ")


def _game(seed: int, undo_after_each: bool, limit: int = 600, word: str = "undo") -> list[str]:
    """A whole game choosing option 1 every time; with `undo_after_each`, `undo` is typed once
    after each of your decisions. The lines said, prompts included."""
    said: list[str] = []
    last: list[str] = ["", "1"]

    def ask(prompt: str) -> str:
        said.append(prompt)
        if len(said) > limit * 20:
            raise EOFError
        # `undo` after a decision, but not after the one that follows a take back (option 1
        # again would be taken back for ever)
        answer = (
            "undo" if undo_after_each and last[-2:] != ["undo", "1"] and last[-1] == "1" else "1"
        )
        last.append(answer)
        said.append(f"> {answer}")
        return answer

    args = argparse.Namespace(players=2, ai="novice", seed=seed, name="you", lang=None)
    assert play(args, ask, said.append) == 0
    return said


def _options_before(said: list[str], i: int) -> list[str]:
    """The numbered options listed last before line `i`."""
    block: list[str] = []
    for line in reversed(said[:i]):
        if OPTION.match(line):
            block.insert(0, line)
        elif block:
            break
    return block


def test_undo_with_nothing_to_take_back_says_so_in_one_line_and_the_game_goes_on() -> None:
    said = _game(seed=3, undo_after_each=True)
    refusals = [i for i, line in enumerate(said) if line == NOTHING_TO_TAKE_BACK]
    assert refusals, "the first roll of the game can never be taken back (ADV-3 1)"
    first_answer = said.index("> undo")
    assert said[first_answer + 1] == NOTHING_TO_TAKE_BACK  # undo before any decision of yours


def test_a_taken_back_decision_offers_the_same_options_again_and_never_a_roll() -> None:
    taken = 0
    for seed in range(12):
        said = _game(seed=seed, undo_after_each=True)
        for i, line in enumerate(said):
            if not line.startswith("You take back: "):
                continue
            taken += 1
            assert not line.startswith("You take back: Roll"), line  # ADV-3 1: a die
            choice = max(j for j in range(i) if said[j] == "> 1")  # the decision taken back
            again = next(j for j in range(i, len(said)) if OPTION.match(said[j]))
            assert _options_before(said, choice) == _block_at(said, again), f"seed {seed}: {line}"
    assert taken > 0, "some decision in 12 games is a travel to a Haven or Village (ADV-5)"


def _block_at(said: list[str], start: int) -> list[str]:
    block = []
    for line in said[start:]:
        if not OPTION.match(line):
            break
        block.append(line)
    return block


def test_in_german_the_word_is_rueckgaengig_and_the_answers_are_german() -> None:
    with use_locale("de"):
        said = _game(seed=1, undo_after_each=True, word="rückgängig")
        refusal = _(NOTHING_TO_TAKE_BACK)
    assert refusal != NOTHING_TO_TAKE_BACK and refusal in said
    assert any(line.startswith("Du nimmst zurück: ") for line in said)
    assert not any(line.startswith("You take back") for line in said)
