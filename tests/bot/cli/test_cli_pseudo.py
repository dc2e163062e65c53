"""Every text the terminal games write from bot/cli goes through the catalogue (issue 36): whole
games of both games in the pseudo-locale, every help command typed, leave no plain English word
in what bot/cli itself says.

The games' renderers (events, the table, card and rule texts, Adventure's status, card help and
buying lines) belong to other parts of the work, merged apart. So that this test checks the
terminal's own texts only, every function of theirs that bot/cli calls is wrapped to remember
what it returned; those pieces are cut out of each line before the check, and whatever plain
word is left was written by bot/cli. Names of players and what the player typed are allowed."""

from __future__ import annotations

import argparse
import functools
import importlib
import inspect
import itertools
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

from bot.cli import adventure, adventure_buy, play
from bot.cli.lines import LineTooLong
from bot.cli.seat_names import name_problem
from bot.games.adventure.text.hobbits import hobbit_name
from bot.i18n import _, force_locale
from bot.i18n.pseudo import ENGLISH_WORD, plain_words, pseudo
from tests.bot.child import run_bot

MINE = ("bot.cli.play", "bot.cli.loveletter_turn", "bot.cli.adventure", "bot.cli.adventure_turn")
MINE += ("bot.cli.adventure_help", "bot.cli.adventure_buy", "bot.cli.words")
THEIRS = (
    "bot.games.loveletter.text.cardnames",
    "bot.games.loveletter.text.cards",
    "bot.games.loveletter.messages.rules",
    "bot.games.loveletter.text.terminal",
    "bot.games.adventure.buying",
    "bot.games.adventure.text.cards",
    "bot.games.adventure.text.lines",
    "bot.games.adventure.text.rulebook",
    "bot.games.adventure.text",
)
"""The other parts' modules whose texts bot/cli prints (some imported inside functions)."""
TYPED = frozenset({"nonsense", "zzz", "qqq", "xyz", "troll", "fight", "dragon"})
OPTION_VALUES = frozenset({"novice", "standard", "expert", "pegasus", "hobbit"})
"""What `--ai` and `--edition` take: typed as they are, so quoted as they are."""
NAMES = frozenset(
    {"Ada", "Bo", "Cyd", "Dee", "Eli", "Fay", "Gus", "Hal"}
    | {word for n in range(1, 6) for word in hobbit_name(n).split()}
)


class Theirs:
    """What the other parts' functions returned during a game: cut out before the check."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: set[str] = set()
        for name in THEIRS:
            self._wrap_module(importlib.import_module(name), monkeypatch)
        for name in MINE:
            module = importlib.import_module(name)
            for attr, value in list(vars(module).items()):
                if self._theirs(value):
                    monkeypatch.setattr(module, attr, self._wrapped(value))

    @staticmethod
    def _theirs(value: object) -> bool:
        module = getattr(value, "__module__", "") or ""
        return inspect.isfunction(value) and module in THEIRS

    def _wrap_module(self, module: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
        for attr, value in list(vars(module).items()):
            if inspect.isfunction(value) and value.__module__ == module.__name__:
                monkeypatch.setattr(module, attr, self._wrapped(value))

    def _wrapped(self, function: Callable[..., Any]) -> Callable[..., Any]:
        original = getattr(function, "__wrapped__", function)

        @functools.wraps(original)
        def remember(*args: Any, **kwargs: Any) -> Any:
            result = original(*args, **kwargs)
            pieces = result if isinstance(result, (list, tuple)) else [result]
            self.texts.update(p for p in pieces if isinstance(p, str) and len(p) >= 3)
            return result

        return remember

    def leaks(self, said: list[str], names: frozenset[str] = frozenset()) -> list[str]:
        """Each plain word left in all that was said and asked, with the text around it, once
        the pieces the other parts wrote are cut out (`names` allowed too). Markdown and line
        breaks are set aside on both sides: the terminal prints their texts plain and wrapped."""
        allowed = NAMES | TYPED | OPTION_VALUES | names
        transcript = _flat("\n".join(said))
        pieces = {_flat(line) for text in self.texts for line in [text, *text.splitlines()]}
        for piece in sorted(pieces, key=len, reverse=True):
            if len(piece) >= 3 and plain_words(piece) and piece in transcript:
                transcript = transcript.replace(piece, " | ")
        return [
            transcript[max(0, m.start() - 40) : m.end() + 40]
            for m in ENGLISH_WORD.finditer(transcript)
            if m.group() not in allowed
        ]


def _flat(text: str) -> str:
    """`text` without Markdown marks, its whitespace (line breaks too) single spaces."""
    return " ".join(text.replace("**", "").replace("`", "").split())


def _answers(script: list[str], every: list[str], period: int) -> Iterator[str]:
    """`script` first, then `1` at every prompt, with the `every` commands typed each
    `period` prompts (so the help answers read the game as it goes)."""
    yield from script
    for i in itertools.count():
        if i % period == 0:
            yield from every
        yield "1"


def _typed(answers: Iterator[str]) -> Callable[[str], str]:
    """The answers typed one after another, whatever the prompt."""
    return lambda prompt: next(answers)


class Shopper:
    """At a Village's buying prompt: cards 2 to 5 taken one by one (some too dear, some not
    there), one put back, then `done`; elsewhere what `answers` says."""

    def __init__(self, answers: Iterator[str]) -> None:
        self.answers = answers
        self.basket: list[str] = []
        self.shopping = False

    def __call__(self, prompt: str) -> str:
        if prompt != _(adventure_buy.PROMPT):
            self.shopping = False
            return next(self.answers)
        if not self.shopping:
            self.shopping, self.basket = True, ["2", "3", "4", "5", "2", "xyz", "done"]
        return self.basket.pop(0) if self.basket else "1"


def _run(
    game: Callable[..., int], args: argparse.Namespace, answers: Callable[[str], str]
) -> list[str]:
    said: list[str] = []

    def ask(prompt: str) -> str:
        said.append(prompt)
        return answers(prompt)

    assert game(args, ask, said.append) == 0
    return said


LOVE_LETTER_SCRIPT = ["?", "rules", "rule", "rule 1", "rule 99", "rule nonsense", "rule a"]
LOVE_LETTER_SCRIPT += ["table", "xyz", "back"]


@pytest.mark.parametrize(
    ("edition", "players", "seed"), [("pegasus", 5, 3), ("pegasus", 2, 8), ("hobbit", 4, 1)]
)
@pytest.mark.parametrize("level", ["novice", "expert"])
def test_a_whole_love_letter_game_in_the_pseudo_locale(
    edition: str, players: int, seed: int, level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    theirs = Theirs(monkeypatch)
    args = argparse.Namespace(edition=edition, players=players, ai=level, seed=seed, name="You")
    with force_locale("pseudo"):
        said = _run(play.play, args, _typed(_answers(LOVE_LETTER_SCRIPT, ["back", "rule"], 4)))
        ends = (_("You win the game!"), _("Game over."))
    assert said[-1] in ends  # a whole game
    assert theirs.leaks(said) == []


def test_a_whole_l5r_game_in_the_pseudo_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    theirs = Theirs(monkeypatch)
    args = argparse.Namespace(edition="l5r", players=3, ai="standard", seed=2, name="You")
    with force_locale("pseudo"):
        said = _run(play.play, args, _typed(_answers(LOVE_LETTER_SCRIPT, ["back"], 5)))
    assert theirs.leaks(said) == []


def test_a_bishops_decision_in_the_pseudo_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 8 of an 8-player Pegasus game with standard AIs: a Bishop makes you keep or redraw
    (the expert's seed 2 met it too, after 118 expert decisions: 19 s of CPU for one prompt)."""
    theirs = Theirs(monkeypatch)
    args = argparse.Namespace(edition="pegasus", players=8, ai="standard", seed=8, name="You")
    with force_locale("pseudo"):
        said = _run(play.play, args, _typed(_answers(["?"], ["table"], 7)))
        decision = _("your decision")
    assert any(decision in text for text in said)
    assert theirs.leaks(said) == []


ADVENTURE_SCRIPT = ["?", "rules", "rule", "rule fights", "rule zzz", "rule r", "card"]
ADVENTURE_SCRIPT += ["card troll", "card qqq", "card e", "card fight", "card dragon", "board"]
ADVENTURE_SCRIPT += ["hand", "status", "xyz"]


@pytest.mark.parametrize(("seed", "players"), [(4, 2), (3, 2), (8, 3), (2, 4), (24, 4)])
def test_a_whole_adventure_game_in_the_pseudo_locale(
    seed: int, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    theirs = Theirs(monkeypatch)
    args = argparse.Namespace(players=players, ai="novice", seed=seed, name="You")
    with force_locale("pseudo"):
        answers = _answers(ADVENTURE_SCRIPT, ["hand", "board", "status", "?", "xyz"], 9)
        said = _run(adventure.play, args, Shopper(answers))
    assert any("Ɓéáţ ţĥé Đŕáĝóñ" in text for text in said)  # the game's own first words
    assert theirs.leaks(said) == []


def test_a_named_hobbit_and_the_one_line_errors_in_the_pseudo_locale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    theirs = Theirs(monkeypatch)
    args = argparse.Namespace(players=3, ai="expert", seed=6, name="Rosie Took")
    with force_locale("pseudo"):
        said = _run(adventure.play, args, _typed(_answers(["hand"], [], 1)))
        errors = [
            name_problem(""),
            name_problem("a\tb"),
            name_problem("x" * 30),
            str(LineTooLong()),
        ]
        for bad in ({"players": 9}, {"ai": "genius"}):
            try:
                adventure._check(argparse.Namespace(**{**vars(args), **bad}))
            except adventure.ArgError as error:
                errors.append(str(error))
        bad_games = [
            argparse.Namespace(edition="pegasus", players=2, ai="genius", seed=1, name="You"),
            argparse.Namespace(edition="nonsense", players=2, ai="novice", seed=1, name="You"),
            argparse.Namespace(edition="l5r", players=9, ai="novice", seed=1, name="You"),
        ]
        for bad_game in bad_games:
            errors.append("\n".join(_bad(bad_game)))
    assert len(errors) == 9 and all(errors)
    assert theirs.leaks(said + errors, frozenset({"Rosie", "Took", "genius"})) == []


def _bad(args: argparse.Namespace) -> list[str]:
    problem = play.love_letter_problem(args)
    assert problem is not None
    return [problem]


def test_the_check_finds_an_english_word_left_in_a_line() -> None:
    """The check itself: a sentence that skipped the catalogue is found, a pseudo one is not."""
    assert ENGLISH_WORD.findall("Choose 1-3: ") == ["Choose"]
    with force_locale("pseudo"):
        assert plain_words(_("Choose 1-{n}: ", n=3)) == []


@pytest.mark.parametrize("game", ["loveletter", "adventure"])
def test_lang_pseudo_in_a_real_process(game: str) -> None:
    """`--lang pseudo` (for tests, not in the help) reaches the whole process: the line said
    when the input closes, and a refused option's line on standard error."""
    closed = run_bot(["play", "--game", game, "--lang", "pseudo", "--seed", "1"], input=b"")
    assert closed.returncode == 0
    last = closed.stdout.decode().rstrip().splitlines()[-1]
    assert last == pseudo("Input closed; game abandoned.")
    refused = run_bot(["play", "--game", game, "--lang", "pseudo", "--name", " "], input=b"")
    assert refused.returncode == 2 and refused.stdout == b""
    assert refused.stderr.decode().strip() == pseudo("play: {problem}").format(
        problem=pseudo("--name must not be blank")
    )
