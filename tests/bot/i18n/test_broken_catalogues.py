"""A catalogue that cannot be read as written (issue 41): at run time it is left out with one
logged warning and its texts show in English; `i18n compile` and `i18n update` refuse it in one
line naming the file and line, status 2, with nothing written. Malformed entries, which Babel's
reader would skip or cut short without a word, are refused the same way (bot/i18n/pocheck.py).

The runs are real `python -m bot` processes in a copy of the project, whose catalogues are
damaged on purpose (the checkout's own stay as they are).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.i18n.pocheck import CatalogueError, check_po
from tests.bot.i18n.test_build import project_copy

LOCALE = Path("bot/locale")
TERMINAL = LOCALE / "de/LC_MESSAGES/terminal.po"
HEADER = (
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
)
"""Lines 1-5 of a small catalogue; its first entry starts on line 6."""

# (what is wrong, the entries after the header, the line named, words of the refusal)
MALFORMED = [
    ("unclosed", 'msgid "Hello"\nmsgstr "Hallo\n', 7, "not closed"),
    ("stray line", 'msgid "Hello"\nmsgstr "Hallo"\nHallo again\n', 8, "not a part of"),
    ("no msgstr", 'msgid "Hello"\n\nmsgid "Bye"\nmsgstr "Tschüss"\n', 6, "without its msgstr"),
    ("two msgstr", 'msgid "Hello"\nmsgstr "Hallo"\nmsgstr "Servus"\n', 8, "a second msgstr"),
    ("bad escape", 'msgid "Hello"\nmsgstr "Hallo \\q"\n', 7, "not closed, or with a bare"),
    (
        "one plural form",
        'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} Karte"\n',
        6,
        "1 plural forms where the header says nplurals=2",
    ),
    ("twice", 'msgid "Hi"\nmsgstr "Hallo"\n\nmsgid "Hi"\nmsgstr "Servus"\n', 9, "defined twice"),
    ("latin-1", 'msgid "Hello"\nmsgstr "Grüße"\n', 7, "not UTF-8"),
]


def write(po: Path, entries: str, name: str = "") -> None:
    text = HEADER + entries
    po.write_bytes(text.encode("latin-1") if name == "latin-1" else text.encode("utf-8"))


@pytest.mark.parametrize(
    ("name", "entries", "line", "words"), MALFORMED, ids=[m[0] for m in MALFORMED]
)
def test_each_malformed_catalogue_is_refused_naming_its_line(
    tmp_path: Path, name: str, entries: str, line: int, words: str
) -> None:
    po = tmp_path / "x.po"
    write(po, entries, name)
    with pytest.raises(CatalogueError) as refused:
        check_po(po)
    assert refused.value.line == line
    assert words in str(refused.value) and str(po) in str(refused.value)


def test_every_catalogue_of_the_bot_reads_as_written() -> None:
    for po in sorted((Path(__file__).resolve().parents[3] / LOCALE).glob("*/LC_MESSAGES/*.po")):
        check_po(po)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A copy of the project (no compiled catalogues: every `.po` is read), shared by the runs
    here; each test puts back what it damaged."""
    yield project_copy(tmp_path_factory.mktemp("broken") / "project")


def bot(project: Path, *args: str, typed: str = "") -> subprocess.CompletedProcess[str]:
    """`python -m bot *args` run from the copy, in no language but the one asked for."""
    drop = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=project,
        env={**env, "PYTHONPATH": str(project)},
        input=typed,
        capture_output=True,
        text=True,
        timeout=300,
    )


def files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


@pytest.fixture
def damaged(project: Path) -> Iterator[Path]:
    """The copy's terminal catalogue, put back as it was after the test."""
    po = project / TERMINAL
    kept = po.read_bytes()
    yield po
    po.write_bytes(kept)


def test_play_in_german_with_a_catalogue_not_in_utf8_shows_its_texts_in_english(
    project: Path, damaged: Path
) -> None:
    damaged.write_bytes(damaged.read_text(encoding="utf-8").encode("cp1252", "replace"))
    game = ["play", "--edition", "pegasus", "--players", "3", "--ai", "novice", "--seed", "4"]
    result = bot(project, *game, "--lang", "de", typed="1\n" * 400)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    warning = result.stderr.splitlines()
    assert len(warning) == 1, result.stderr
    assert "terminal.po:" in warning[0] and "not UTF-8" in warning[0]
    assert "English" in warning[0]
    out = result.stdout
    assert "Your options:" in out  # the terminal's own texts: from the catalogue left out
    assert "Runde 1 beginnt" in out  # the game's own texts: German as ever
    assert "Deine Möglichkeiten:" not in out


@pytest.mark.parametrize("action", ["compile", "update"])
@pytest.mark.parametrize(
    ("name", "entries", "line", "words"),
    MALFORMED[:1] + MALFORMED[-1:],
    ids=["unclosed", "latin-1"],
)
def test_i18n_refuses_a_broken_catalogue_in_one_line_writing_nothing(
    project: Path, damaged: Path, action: str, name: str, entries: str, line: int, words: str
) -> None:
    write(damaged, entries, name)
    before = files(project / LOCALE)
    result = bot(project, "i18n", action)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"i18n {action}: {TERMINAL.as_posix()}:{line}: ")
    assert words in result.stderr and "nothing written" in result.stderr
    assert files(project / LOCALE) == before


def test_i18n_compile_still_compiles_sound_catalogues(project: Path) -> None:
    result = bot(project, "i18n", "compile", "--domain", "terminal")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["bot/locale/de/LC_MESSAGES/terminal.mo"]
    (project / TERMINAL).with_suffix(".mo").unlink()
