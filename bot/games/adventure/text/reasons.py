"""Why the engine refused a decision, in the reader's language.

The engine keeps its reasons as `engine.adventure.said.Said`: the English sentence, its
template and its values (names of places and cards among them, themselves `Said`; a place after
a preposition is one with a context: "at Bree"). Here the template is looked up in the
catalogue and the values are filled in, each name translated.
"""

from __future__ import annotations

from bot.i18n import _, p_
from engine.adventure.said import Said


def reason_text(reason: object) -> str:
    """`reason` for the reader: a `Said` translated, anything else as it is."""
    if not isinstance(reason, Said):
        return str(reason)
    values = {k: reason_text(v) if isinstance(v, Said) else v for k, v in reason.values.items()}
    if reason.context:
        return p_(reason.context, reason.template, **values)
    return _(reason.template, **values)
