"""A place after a preposition, in the reader's language: "to Rivendell", "zum Alten Wald".

German turns a place's name with its article and case ("nach Bruchtal", "zum Alten Wald", "zu
den Grauen Anfurten", "an den Grauen Anfurten"), so a sentence never puts a name after a
preposition of its own: it takes the whole phrase, one `adventure_content` message per place
and preposition (contexts `to place`, `from place`, `at place`; listed by `phrases()`).
"""

from __future__ import annotations

from collections.abc import Iterator

from bot.i18n import p_
from engine.adventure import board as B
from engine.adventure.said import PREPOSITIONS, Said, place_phrase


def _phrase(preposition: str, pid: str) -> str:
    said = place_phrase(preposition, B.PLACES[pid].name if pid in B.PLACES else pid)
    assert said.context is not None
    return p_(said.context, said.template)


def place_to(pid: str) -> str:
    """`to Rivendell` / `nach Bruchtal`, `zum Alten Wald`, `zu den Grauen Anfurten`."""
    return _phrase("to", pid)


def place_from(pid: str) -> str:
    """`from Hobbiton` / `von Hobbingen`, `vom Alten Wald`, `von den Grauen Anfurten`."""
    return _phrase("from", pid)


def place_at(pid: str) -> str:
    """`at Rivendell` / `in Bruchtal`, `im Alten Wald`, `an den Grauen Anfurten`."""
    return _phrase("at", pid)


def phrases() -> Iterator[Said]:
    """Every place after every preposition, for the content's catalogue."""
    for place in B.PLACES.values():
        for preposition in PREPOSITIONS:
            yield place_phrase(preposition, place.name)
