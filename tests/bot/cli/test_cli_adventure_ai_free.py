"""ADV-11 in the terminal game: an AI hobbit out of turn takes the free action that pays (a
heal when nearly out) before you decide, as AI hobbits do in Discord."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine.adventure.rules as rules
from bot.cli.adventure import HUMAN, _options, play
from engine.adventure.scenario import build


def test_adv_11_an_ai_hobbit_heals_out_of_turn_in_the_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def stacked(seats: list[str], rng: random.Random) -> Any:
        hurt = {seats[1]: {"lp": 2, "cards": ["athelas"]}}
        return build({"seed": 3, "hobbits": hurt}, seats, HUMAN)

    monkeypatch.setattr(rules, "new_game", stacked)
    said: list[str] = []
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        raise EOFError  # leave at the first question: what came before it is what counts

    with pytest.raises(EOFError):
        play(_options(["--ai", "standard", "--seed", "5"]), ask, said.append)
    before_you_decide = "\n".join(said)
    assert asked, "the game asked you nothing"
    assert "Athelas" in before_you_decide, before_you_decide
    assert "5 LP" in before_you_decide or "heal" in before_you_decide.lower(), before_you_decide
