"""The compiled message catalogues, one set per locale, every domain merged.

Domains split the texts by owner (`platform`, `loveletter`, `adventure`, their `_pictures`,
`adventure_content`, `terminal`, `commands`) so that each `.po` file stays a size a translator
can read. A lookup tries them in turn. The `.mo` files are compiled from the `.po` files by the
package install (and by `python -m bot i18n compile`); a checkout whose `.mo` is missing or
older than its `.po` reads the `.po` itself, so an edited translation shows without a build.
"""

from __future__ import annotations

import gettext
import io
import logging
from functools import cache
from pathlib import Path

log = logging.getLogger(__name__)

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAINS = (
    "platform",
    "loveletter",
    "loveletter_pictures",
    "adventure",
    "adventure_pictures",
    "adventure_content",
    "terminal",
    "commands",
)


def _compiled(po: Path) -> gettext.GNUTranslations:
    """The `.po` compiled in memory (Babel), for a checkout without a fresh `.mo`."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalogue = read_po(source)
    buffer = io.BytesIO()
    write_mo(buffer, catalogue)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


# pip installs each `.po` a moment after its `.mo`: a `.mo` that much older is not stale.
INSTALL_SLACK_SECONDS = 5.0


def _domain(locale: str, domain: str) -> gettext.NullTranslations | None:
    folder = LOCALE_DIR / locale / "LC_MESSAGES"
    po, mo = folder / f"{domain}.po", folder / f"{domain}.mo"
    if mo.exists() and (
        not po.exists() or mo.stat().st_mtime + INSTALL_SLACK_SECONDS >= po.stat().st_mtime
    ):
        with mo.open("rb") as compiled:
            return gettext.GNUTranslations(compiled)
    if po.exists():
        return _compiled(po)
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
