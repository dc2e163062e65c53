"""`python -m bot i18n extract|update|compile`: the catalogues kept in step with the code.

extract: the English templates of each domain into `bot/locale/<domain>.pot`;
update:  each `bot/locale/<lang>/LC_MESSAGES/<domain>.po` merged with its template (new
         messages empty, gone ones kept as obsolete, changed ones marked fuzzy);
compile: every `.po` into its `.mo` (what the bot reads; the package install does this too).

A `.po` that is not read as written (not UTF-8, a malformed entry: bot/i18n/pocheck.py) stops
update and compile before anything is written: one line naming its file and line, status 2.
"""

from __future__ import annotations

import argparse
import importlib
import io
import re
import sys
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from bot.i18n import GENDERS
from bot.i18n.catalogues import DOMAINS, LOCALE_DIR, compile_po
from bot.i18n.pocheck import CatalogueError, check_po
from bot.i18n.sources import GENDERED_KEYWORDS, KEYWORDS, Keyword, domains, extractors, sources

if TYPE_CHECKING:  # Babel is imported when a catalogue is made, not at start
    from babel.messages.catalog import Catalog

ROOT = LOCALE_DIR.parent.parent
_Extracted = tuple[int, str | tuple[str, ...], list[str], str | None]
"""What Babel's `extract` yields for a message: (line, text or forms, comments, context)."""
TRANSLATED = ("de",)


def _code_files() -> Iterable[Path]:
    for top in ("bot", "cogs", "engine", "storage"):
        yield from sorted((ROOT / top).rglob("*.py"))


def template(domain: str) -> Catalog:
    """The domain's messages as a Babel catalogue, read from the code."""
    from babel.messages.catalog import Catalog

    catalogue = Catalog(project="tabletop-bot", domain=domain)
    prefixes = sources()
    for spec in extractors().get(domain, ()):
        module, _, function = spec.partition(":")
        for message in getattr(importlib.import_module(module), function)():
            catalogue.add(**message)
    for path in _code_files():
        relative = path.relative_to(ROOT).as_posix()
        if next((d for prefix, d in prefixes if relative.startswith(prefix)), None) != domain:
            continue
        code = path.read_bytes()
        for line, text, comments, context in _extracted(path, code, KEYWORDS):
            catalogue.add(
                text, locations=[(relative, line)], auto_comments=comments, context=context
            )
        for line, text, comments, _context in _extracted(path, code, GENDERED_KEYWORDS):
            for form in GENDERS:
                catalogue.add(
                    text,
                    locations=[(relative, line)],
                    auto_comments=[*comments, GENDERED_NOTE.format(form=form)],
                    context=form,
                )
    return catalogue


def _extracted(path: Path, code: bytes, keywords: dict[str, Keyword]) -> list[_Extracted]:
    """Babel's extraction of `keywords`' calls from the file at `path`, which holds `code`.
    A file that never names a keyword as a word cannot call it: it is not tokenized (most of
    an extraction's time; about half the files name no `_`, nearly all no `g_`)."""
    from babel.messages.extract import extract

    if not _naming(tuple(keywords)).search(code):
        return []
    source = io.BytesIO(code)  # the bytes read already, named for Babel's warnings
    source.name = str(path)
    return list(extract("python", source, keywords=keywords, comment_tags=("TRANSLATORS:",)))


@cache
def _naming(names: tuple[str, ...]) -> re.Pattern[bytes]:
    """Any of `names` standing as a word of its own (in code, a comment or a string alike)."""
    words = b"|".join(re.escape(name.encode()) for name in names)
    return re.compile(rb"(?<!\w)(?:" + words + rb")(?!\w)")


GENDERED_NOTE = (
    "the form for a {form} name (grammatical gender): its pronouns, articles and verbs agree "
    "with the name; a language without this gender writes the same text in every form"
)


def extract_all(domains: Iterable[str]) -> None:
    from babel.messages.pofile import write_po

    for domain in domains:
        with (LOCALE_DIR / f"{domain}.pot").open("wb") as out:
            write_po(out, template(domain), width=100, sort_by_file=True)


def update_all(domains: Iterable[str]) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    for domain in domains:
        with (LOCALE_DIR / f"{domain}.pot").open("rb") as source:
            fresh = read_po(source)
        for lang in TRANSLATED:
            po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
            po.parent.mkdir(parents=True, exist_ok=True)
            if po.exists():
                with po.open("rb") as source:
                    catalogue = read_po(source, locale=lang)
            else:
                catalogue = Catalog(locale=lang, domain=domain, project="tabletop-bot")
            catalogue.update(fresh, no_fuzzy_matching=True)
            with po.open("wb") as out:
                write_po(out, catalogue, width=100, sort_by_file=True, ignore_obsolete=True)


def compile_all(domains: Iterable[str], folder: Path = LOCALE_DIR) -> list[Path]:
    """Every `<lang>/LC_MESSAGES/<domain>.po` under `folder` compiled beside it."""
    written = []
    for domain in domains:
        for po in sorted(folder.glob(f"*/LC_MESSAGES/{domain}.po")):
            mo = po.with_suffix(".mo")
            mo.write_bytes(compile_po(po))
            written.append(mo)
    return written


def read_by(action: str, domains: Iterable[str], folder: Path = LOCALE_DIR) -> list[Path]:
    """The `.po` files `action` reads (extract reads none)."""
    if action == "update":
        found = (folder / lang / "LC_MESSAGES" / f"{d}.po" for d in domains for lang in TRANSLATED)
        return [po for po in found if po.exists()]
    if action == "compile":
        return [po for d in domains for po in sorted(folder.glob(f"*/LC_MESSAGES/{d}.po"))]
    return []


def refusal(action: str, domains: Iterable[str], folder: Path = LOCALE_DIR) -> str | None:
    """Why `action` must not start (a catalogue it reads is broken or unreadable), or None."""
    for po in read_by(action, domains, folder):
        shown = po.relative_to(ROOT) if po.is_relative_to(ROOT) else po
        try:
            check_po(po)
        except CatalogueError as error:
            return f"{shown}:{error.line}: {error.problem}"
        except OSError as error:
            return f"{shown}: cannot be read ({error.strerror or error})"
    return None


def handle(args: argparse.Namespace) -> int:
    known = known_domains()
    if args.domain is not None and args.domain not in known:
        print(
            f"i18n {args.action}: no catalogue {args.domain!r}; choose from {', '.join(known)}",
            file=sys.stderr,
        )
        return 2
    chosen = [args.domain] if args.domain else known
    problem = refusal(args.action, chosen)
    if problem:
        print(f"i18n {args.action}: {problem}; nothing written", file=sys.stderr)
        return 2
    if args.action in ("extract", "update"):
        extract_all(chosen)
    if args.action == "update":
        update_all(chosen)
    if args.action == "compile":
        for mo in compile_all(chosen):
            print(mo.relative_to(ROOT))
    return 0


def known_domains() -> list[str]:
    """The catalogues there are (`DOMAINS`) and those the code writes to but no `.po` has yet
    (a new game's, before its first `update`)."""
    return list(dict.fromkeys([*DOMAINS, *domains()]))


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "i18n",
        help="keep the translation catalogues in step with the code",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("action", choices=("extract", "update", "compile"))
    parser.add_argument(
        "--domain", help="one catalogue (default: all: the platform's and every game's)"
    )
    parser.set_defaults(func=handle)
