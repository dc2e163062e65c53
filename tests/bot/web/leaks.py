"""The leak check of the live table's frames: no frame names a card another player holds
secretly that its viewer has no way to know.

A card (kind) is hidden from a viewer at version N when another player holds it secretly
then (a Love Letter hand; an Adventure Riddle or Magic card not shown) and it appears nowhere
in what the viewer could know by then: their own view of every state up to N and the events
addressed to them (or everyone). Each such card's words (its id, its English and German
names; a riddle's text in both languages) must not appear in any `table` or `private` frame
of version N. Left out: the first frame (the game's reference: every card of the deck with
its rule, like /rules), a hand's `odds` (by construction every card the player has not
seen, counted from their own view) and the guesses a Guard may name (any card but its own).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

from bot.games.adventure.text.names import card_name as adventure_card_name
from bot.games.loveletter.text.cardnames import card_name as loveletter_card_name
from bot.i18n import _, use_locale
from engine.adventure import GAME as ADVENTURE
from engine.adventure.cards import HELD, SECRET
from engine.adventure.riddles import BY_ID
from engine.loveletter import player_view
from engine.loveletter.editions import edition
from tests.bot.web.harness import RecordingService


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, list | tuple):
        for value in data:
            yield from _strings(value)


def _words(texts: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(t for t in texts if t))


def loveletter_words(variant: str) -> dict[str, list[str]]:
    """Each card's id and names (English, German)."""
    out = {}
    for c in edition(variant).cards:
        names = [c.id, c.name, c.german]
        with use_locale("de"):
            names.append(loveletter_card_name(variant, c.id))
        out[c.id] = _words(names)
    return out


def adventure_words() -> dict[str, list[str]]:
    """Each secret card's id and names; a riddle's text, in English and German."""
    out = {}
    for c in SECRET:
        names = [c]
        for lang in ("en", "de"):
            with use_locale(lang):
                names.append(adventure_card_name(c) if HELD[c].deck == "magic" else "")
                names.append(_(BY_ID[c].text) if c in BY_ID else "")
        out[c] = _words(names)
    return out


def _without_rules(private: dict[str, Any]) -> dict[str, Any]:
    """A private frame without what names cards by the rules alone: the odds (every card not
    yet seen) and a Love Letter guess (any card but the Guard's own may be named)."""
    out = {k: v for k, v in private.items() if k != "odds"}
    decisions = []
    for d in private.get("decisions", ()):
        steps = [st for st in d.get("steps", ()) if not st["key"].startswith("guess:")]
        move = {k: v for k, v in d["decision"].items() if k != "guess"}
        decisions.append(
            {"decision": move, "steps": steps}
            | ({"label": d["label"]} if len(steps) == len(d.get("steps", ())) else {})
        )
    out["decisions"] = decisions
    return out


def _pattern(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")


class LeakCheck:
    """Checks frames against the recorded states and events of one game."""

    def __init__(self, service: RecordingService, game: str, variant: str) -> None:
        self.service = service
        self.game = game
        self.words = loveletter_words(variant) if game == "loveletter" else adventure_words()
        self.patterns = {c: [_pattern(w) for w in ws] for c, ws in self.words.items()}
        self._known: dict[tuple[str | None, int], set[str]] = {}
        self.leaks: list[str] = []
        self.checked = 0

    def _view(self, state: Any, viewer: str | None) -> Any:
        if self.game == "loveletter":
            return player_view(state, viewer).to_dict()
        return ADVENTURE.view(state, viewer)

    def known(self, viewer: str | None, version: int) -> set[str]:
        """The card kinds `viewer` could know of by `version`."""
        done = [v for (who, v) in self._known if who == viewer and v <= version]
        start = max(done, default=-1)
        seen = set(self._known[viewer, start]) if start >= 0 else set()
        for v in range(start + 1, version + 1):
            texts = list(_strings(self._view(self.service.states[v], viewer)))
            for e in self.service.events.get(v, ()):
                if e.audience is None or (viewer is not None and viewer in e.audience):
                    texts += _strings(e.to_dict())
            seen |= {t for t in texts if t in self.words}
            self._known[viewer, v] = set(seen)
        return seen

    def secret(self, viewer: str | None, version: int) -> set[str]:
        """The card kinds other players hold secretly at `version`."""
        state = self.service.states[version]
        if self.game == "loveletter":
            return {c for p in state.players if p.id != viewer for c in p.hand}
        out = set()
        for pid, h in state.hobbits.items():
            if pid != viewer:
                out |= {c for c in h.cards if c in SECRET and c not in h.shown}
        return out

    def check(self, viewer: str | None, frames: Iterable[dict[str, Any]]) -> None:
        for frame in frames:
            if frame["type"] not in ("table", "private"):
                continue
            version = frame["version"]
            body = dict(frame)
            if frame["type"] == "private":
                body["private"] = _without_rules(frame["private"])
            text = json.dumps(body, ensure_ascii=False)
            hidden = self.secret(viewer, version) - self.known(viewer, version)
            self.checked += 1
            for card in hidden:
                for pattern in self.patterns[card]:
                    found = pattern.search(text)
                    if found:
                        who = viewer or "a spectator"
                        where = text[max(0, found.start() - 120) : found.end() + 60]
                        self.leaks.append(f"{who} saw {card} at version {version}: …{where}…")
