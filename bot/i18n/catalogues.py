"""The compiled message catalogues, one set per locale, every domain merged.

Domains split the texts by owner (`platform`, `terminal`, `commands`, and each game's own,
such as a game's words and its pictures') so that each `.po` file stays a size a translator
can read. A lookup tries them in turn. The `.mo` files are compiled from the `.po` files by the
package install (and by `python -m bot i18n compile`); a checkout whose `.mo` is missing or
was compiled from another `.po` reads the `.po` itself, so an edited translation shows without
a build. A catalogue that cannot be read as written (not UTF-8, a malformed entry: pocheck.py)
is left out with one warning naming its file and line: its texts show in English, the others
still in the reader's language, and the bot runs on.
"""

from __future__ import annotations

import gettext
import hashlib
import io
import logging
import struct
from functools import cache
from pathlib import Path

from bot.i18n.pocheck import CatalogueError, check_po

log = logging.getLogger(__name__)

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
FIRST, LAST = ("platform",), ("terminal", "commands")
"""The platform's catalogues; each game's (found as files) are looked up between them."""


def _found_domains() -> tuple[str, ...]:
    """Every catalogue in `LOCALE_DIR` (a `.po` or `.mo` in any language), the platform's
    first: a game adds its own by adding its files, naming itself nowhere in the platform."""
    files = [*LOCALE_DIR.glob("*/LC_MESSAGES/*.po"), *LOCALE_DIR.glob("*/LC_MESSAGES/*.mo")]
    games = sorted({f.stem for f in files} - set(FIRST) - set(LAST))
    return (*FIRST, *games, *LAST)


DOMAINS = _found_domains()


# The `.mo` carries the SHA-256 of the `.po` it was compiled from, under this context and id
# (never shown: no code asks for it), so a stale `.mo` is known by content, not by file times.
STAMP_CONTEXT, STAMP_ID = "tabletop-bot", "source .po sha256"


def digest(po: Path) -> str:
    return hashlib.sha256(po.read_bytes()).hexdigest()


def compile_po(po: Path) -> bytes:
    """`po` compiled to `.mo` bytes (Babel), stamped with the `.po`'s digest; CatalogueError
    for a `.po` that is not read as written (pocheck.py), OSError for one that cannot be read."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    check_po(po)
    with po.open("rb") as source:
        catalogue = read_po(source)
    catalogue.add(STAMP_ID, digest(po), context=STAMP_CONTEXT)
    buffer = io.BytesIO()
    write_mo(buffer, catalogue)
    return buffer.getvalue()


def _domain(locale: str, domain: str) -> gettext.NullTranslations | None:
    """The domain's compiled `.mo` if it was compiled from the `.po` beside it (as installed,
    or after `i18n compile`), else the `.po` compiled here (a checkout whose `.po` changed)."""
    folder = LOCALE_DIR / locale / "LC_MESSAGES"
    po, mo = folder / f"{domain}.po", folder / f"{domain}.mo"
    try:
        if mo.exists():
            translation = _compiled(mo)
            if translation is not None and (
                not po.exists() or translation.pgettext(STAMP_CONTEXT, STAMP_ID) == digest(po)
            ):
                return translation
        if po.exists():
            return gettext.GNUTranslations(io.BytesIO(compile_po(po)))
    except (CatalogueError, OSError) as error:
        log.warning(
            "catalogue %s/%s left out (its texts show in English): %s", locale, domain, error
        )
    return None


def _compiled(mo: Path) -> gettext.GNUTranslations | None:
    """The `.mo` as gettext reads it; None (the `.po` is read instead) for a damaged one."""
    try:
        with mo.open("rb") as compiled:
            return gettext.GNUTranslations(compiled)
    except (OSError, ValueError, IndexError, struct.error):  # bad magic, cut short, not UTF-8
        return None


@cache
def translations(locale: str) -> gettext.NullTranslations:
    """Every domain of `locale` as one translation (English for what none of them has)."""
    chain: gettext.NullTranslations = gettext.NullTranslations()
    found = [t for d in DOMAINS if (t := _domain(locale, d)) is not None]
    if not found:
        log.warning("no message catalogues for %s: English is shown", locale)
        return chain
    first = found[0]
    for more in found[1:]:
        first.add_fallback(more)
    return first


def reload() -> None:
    """Forget the loaded catalogues (after `i18n compile`, and in the catalogue tests)."""
    translations.cache_clear()
