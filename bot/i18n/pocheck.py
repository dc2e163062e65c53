"""A `.po` catalogue checked line by line before it is read: UTF-8, and every line a whole part
of an entry; else the file and line that is wrong.

Babel's reader forgives too much to be trusted with a hand-edited file: a line it does not know
is skipped with a warning printed and forgotten, a string without its closing quote loses its
last character, a second `msgstr` is dropped, and a file that is not UTF-8 ends in a traceback.
A translation lost that way is noticed by no one, so the bot reads a catalogue only once this
check has passed: at run time a catalogue that fails it is left out (English is shown for its
texts, bot/i18n/catalogues.py), and `i18n update` and `i18n compile` refuse it (bot/i18n/tool.py).
"""

from __future__ import annotations

import re
from pathlib import Path

_STRING = r'"(?:[^"\\]|\\[\\"ntr])*"'
"""A quoted string: no bare `"` inside, only the escapes gettext writes (\\\\ \\" \\n \\t \\r)."""
_LINE = re.compile(
    rf"(?P<keyword>msgctxt|msgid_plural|msgid|msgstr(?:\[(?P<index>\d+)\])?)\s+(?P<s>{_STRING})\s*"
)
_STARTS_STRING = re.compile(r'(msg\w+(\[\d+\])?\s+)?"')
_MORE = re.compile(rf"(?P<s>{_STRING})\s*")
_ESCAPES = {"\\\\": "\\", '\\"': '"', "\\n": "\n", "\\t": "\t", "\\r": "\r"}
_NPLURALS = re.compile(r"nplurals\s*=\s*(\d+)")
_CHARSET = re.compile(r"charset\s*=\s*([\w.:-]+)", re.IGNORECASE)


class CatalogueError(ValueError):
    """A catalogue that cannot be read as written; `str()` names the file and line."""

    def __init__(self, path: Path, line: int, problem: str) -> None:
        super().__init__(f"{path}:{line}: {problem}")
        self.path, self.line, self.problem = path, line, problem


def _text(quoted: str) -> str:
    return re.sub(r"\\.", lambda m: _ESCAPES[m.group()], quoted[1:-1])


class _Entry:
    """The parts of the entry being read: keyword -> (text, line it starts on)."""

    def __init__(self) -> None:
        self.parts: dict[str, list[str]] = {}
        self.lines: dict[str, int] = {}
        self.last: str | None = None

    def has(self, keyword: str) -> bool:
        return keyword in self.parts

    def first_line(self) -> int:
        return min(self.lines.values())


def _order_problem(entry: _Entry, keyword: str) -> str | None:
    """What is wrong with `keyword` coming next in `entry`, or None."""
    if keyword in entry.parts:
        return f"a second {keyword} in one entry"
    has_msgid, translated = entry.has("msgid"), any(k.startswith("msgstr") for k in entry.parts)
    if keyword == "msgctxt" and entry.parts:
        return "msgctxt must come first in its entry"
    if keyword == "msgid_plural" and (not has_msgid or translated):
        return "msgid_plural must follow its msgid"
    if keyword.startswith("msgstr") and not has_msgid:
        return f"{keyword} without a msgid before it"
    plural = entry.has("msgid_plural")
    if keyword == "msgstr" and plural:
        return "a plural message needs msgstr[0], msgstr[1], … instead of msgstr"
    if keyword.startswith("msgstr["):
        if not plural:
            return f"{keyword} in a message without msgid_plural"
        expected = sum(k.startswith("msgstr[") for k in entry.parts)
        if keyword != f"msgstr[{expected}]":
            return f"{keyword} where msgstr[{expected}] comes next"
    return None


def check_po(path: Path) -> None:
    """Raise CatalogueError for the first thing in `path` that a strict reader would not take
    as written: bytes that are not UTF-8, a header naming another charset, a line that is no
    part of an entry, a string not closed, an entry without its `msgstr`, too few or too many
    plural forms, a message defined twice. OSError if the file cannot be read."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        at = data[: error.start].count(b"\n") + 1
        raise CatalogueError(path, at, "not UTF-8 (catalogues must be saved as UTF-8)") from None
    seen: dict[tuple[str | None, str], int] = {}
    nplurals: int | None = None
    entry = _Entry()

    def close() -> None:
        nonlocal entry, nplurals
        if not entry.parts:
            return
        start = entry.first_line()
        if not any(k.startswith("msgstr") for k in entry.parts):
            raise CatalogueError(path, start, "an entry without its msgstr")
        msgid = "".join(entry.parts["msgid"])
        context = "".join(entry.parts["msgctxt"]) if entry.has("msgctxt") else None
        if msgid == "" and context is None:
            header = "".join(entry.parts.get("msgstr", []))
            charset = _CHARSET.search(header)
            if charset and charset.group(1).lower().replace("_", "-") not in ("utf-8", "utf8"):
                raise CatalogueError(
                    path, start, f"the header names charset {charset.group(1)}; use UTF-8"
                )
            found = _NPLURALS.search(header)
            nplurals = int(found.group(1)) if found else None
        forms = sum(k.startswith("msgstr[") for k in entry.parts)
        if forms and nplurals is not None and forms != nplurals:
            raise CatalogueError(
                path, start, f"{forms} plural forms where the header says nplurals={nplurals}"
            )
        if (context, msgid) in seen:
            first = seen[(context, msgid)]
            raise CatalogueError(path, start, f"msgid {msgid!r} is defined twice (line {first})")
        seen[(context, msgid)] = start
        entry = _Entry()

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line and entry.parts:
                close()
            continue
        keyword_line = _LINE.fullmatch(line)
        if keyword_line:
            keyword = keyword_line["keyword"]
            starts_next = keyword == "msgctxt" or (keyword == "msgid" and entry.has("msgid"))
            if starts_next and any(k.startswith("msgstr") for k in entry.parts):
                close()
            problem = _order_problem(entry, keyword)
            if problem:
                raise CatalogueError(path, number, problem)
            entry.parts[keyword] = [_text(keyword_line["s"])]
            entry.lines[keyword] = number
            entry.last = keyword
            continue
        more = _MORE.fullmatch(line)
        if more and entry.last is not None:
            entry.parts[entry.last].append(_text(more["s"]))
            continue
        if _STARTS_STRING.match(line):
            problem = 'a string not closed, or with a bare " or \\ inside'
        else:
            problem = "not a part of a catalogue entry"
        raise CatalogueError(path, number, f"{problem}: {_shown(line)}")
    close()


def _shown(line: str) -> str:
    """The line as an error quotes it: cut short, control characters escaped."""
    cut = line if len(line) <= 60 else line[:59] + "…"
    return repr(cut)
