"""The catalogues are merged into one lookup (bot/i18n/catalogues.py), so an English text that
two domains translate differently would show one domain's German in the other's sentences
(the Adventure reading Love Letter's word). Each English text (with its context) therefore has
one German text across all catalogues; a word that needs two goes through `p_` with a context."""

from __future__ import annotations

from babel.messages.pofile import read_po

from bot.i18n.catalogues import DOMAINS, LOCALE_DIR


def test_each_english_text_has_one_german_text_across_the_catalogues() -> None:
    german: dict[tuple[str | None, str], dict[str, object]] = {}
    for domain in DOMAINS:
        with (LOCALE_DIR / "de" / "LC_MESSAGES" / f"{domain}.po").open("rb") as po:
            for message in read_po(po):
                if not message.id:
                    continue
                msgid = message.id if isinstance(message.id, str) else message.id[0]
                text = message.string if isinstance(message.string, str) else tuple(message.string)
                german.setdefault((message.context, msgid), {})[domain] = text
    differing = {
        key: by_domain for key, by_domain in german.items() if len(set(by_domain.values())) > 1
    }
    assert differing == {}
