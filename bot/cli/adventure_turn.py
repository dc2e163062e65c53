"""The terminal player's side of an Adventure game: the events they may see, their numbered
decisions, the free actions (ADV-11) offered while another hobbit decides, and the help
commands answered at every prompt (bot/cli/adventure_help.py) without choosing anything.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from bot.cli.adventure_buy import buy_by_card
from bot.cli.adventure_help import answer
from bot.cli.choice import typed_number
from bot.cli.words import command
from bot.games.adventure.text.labels import decision_label, status_lines
from bot.games.adventure.text.lines import event_line
from bot.games.adventure.text.names import card_name
from bot.games.adventure.text.waiting import KINDS
from bot.i18n import N_, _
from engine.adventure.cards import HEALS
from engine.adventure.decisions import Decision
from engine.adventure.events import AdvEvent

Ask = Callable[[str], str]
Say = Callable[[str], None]
GO_ON = N_("Go on (do nothing now)")
SWIFT = "Swift as the wind"
"""A Magic card's name (engine data): the `adventure_content` catalogue translates it."""


class TakeBack(Exception):
    """The player typed `undo` at a prompt: the game loop takes back their last decision if the
    bounded undo allows it (engine/adventure/undo.py), else says why not and asks again."""


class Table:
    """One terminal player (the first seat of `names`) at an Adventure game."""

    def __init__(self, names: Mapping[str, str], ask: Ask, say: Say) -> None:
        self.names = dict(names)
        self.me = next(iter(names))
        self.ask, self.say = ask, say
        self.declined: tuple[str, ...] | None = None
        """The free actions last offered out of turn and passed: not offered again as such."""
        self.hinted = False
        """Whether `hand` was pointed out, once, when the first card came."""

    def tell(self, events: Iterable[AdvEvent]) -> None:
        """The lines of the events this player may see (ADV-12)."""
        for e in events:
            if e.audience is None or self.me in e.audience:
                line = event_line(e, self.names, self.me)
                if line:
                    self.say(line)

    def your_decision(self, view: Mapping[str, Any], legal: Sequence[Decision]) -> Decision:
        """One of `legal`, this player's own pending decision (free actions among them)."""
        self.declined = None
        if view["pending"]["kind"] in ("roll", "travel"):
            for line in status_lines(dict(view), self.names):
                self.say(line)
        mine = view["hobbits"][self.me]
        if not self.hinted and (mine["cards"] or mine["secret"]):
            self.say(_("(Type hand to read what your cards do, card NAME for any card.)"))
            self.hinted = True
        if view["pending"]["kind"] == "buy":  # card by card, not every combination
            helped = partial(answer, view=view, names=self.names)
            return buy_by_card(
                view, legal, self.ask, self.say, helped, partial(self.label, view=view)
            )
        self.say(_("What do you do?"))
        return legal[self._pick([self.label(d, view) for d in legal], view)]

    def out_of_turn(self, view: Mapping[str, Any], free: Sequence[Decision]) -> Decision | None:
        """A free action taken while another hobbit is awaited (ADV-11), or None to go on.
        The same offer, once passed, is not made again until it changes or your turn comes."""
        labels = tuple(self.label(d, view) for d in free)
        if not free or labels == self.declined:
            return None
        pending = view["pending"]
        kind = pending["kind"]
        doing = _(KINDS[kind]) if kind in KINDS else _("decide")
        who = self.names[pending["player"]]
        self.say(_("{name} is to {doing}. Meanwhile you may (rule free):", name=who, doing=doing))
        i = self._pick([_(GO_ON), *labels], view, enter=0)
        if i == 0:
            self.declined = labels
            return None
        return free[i - 1]

    def label(self, d: Decision, view: Mapping[str, Any]) -> str:
        if d.action == "use" and d.target is None and d.card in HEALS:
            return _(
                "Use {card}: heal {n} LP (you have {lp})",
                card=card_name(d.card),
                n=HEALS[d.card],
                lp=_lp(view),
            )
        if d.action == "use" and d.target is not None:
            return _("Use {card}: take {thing}", card=card_name(d.card), thing=self._thing(d, view))
        named = replace(d, target=self.names.get(d.target, d.target)) if d.target else d
        swift = d.action == "move_to" and d.to and view["pending"]["kind"] == "travel"
        return decision_label(named, dict(view)) + (f" — {_(SWIFT)}" if swift else "")

    def _thing(self, d: Decision, view: Mapping[str, Any]) -> str:
        """What the Scroll of Minds takes from whom (ADV-11): a card, a talisman, half the gold."""
        whose = self.names.get(d.target or "", d.target)
        if d.what == "gold":
            half = view["hobbits"][d.target]["gp"] // 2
            return _("half of {name}'s gold ({gp} GP)", name=whose, gp=half)
        if d.colour:
            return _("{name}'s {colour} talisman", name=whose, colour=_(d.colour))
        return _("{name}'s {card}", name=whose, card=card_name(d.item))

    def _pick(self, options: Sequence[str], view: Mapping[str, Any], enter: int = -1) -> int:
        """The index chosen by number; Enter takes option `enter` (the only option when
        there is one); help commands are answered and asked again."""
        for i, text in enumerate(options, 1):
            self.say(f"  {i}. {text}")
        n = len(options)
        if n == 1:
            enter, prompt = 0, _("Only one choice; press Enter (? for help): ")
        elif enter >= 0:
            prompt = _("Choose 1-{n}, Enter to go on (? for help): ", n=n)
        else:
            prompt = _("Choose 1-{n} (? for help): ", n=n)
        while True:
            raw = self.ask(prompt).strip()
            if raw == "" and enter >= 0:
                return enter
            if command(raw) == "undo":
                raise TakeBack
            number = typed_number(raw, n)
            if number is not None:
                return number - 1
            lines = answer(raw, view, self.names)
            if lines is None and n == 1:  # not "a number from 1 to 1"
                lines = [
                    _("There is only one choice: press Enter or type 1, or ? for the commands.")
                ]
            elif lines is None:
                lines = [_("Type a number from 1 to {n}, or ? for the commands.", n=n)]
            for line in lines:
                self.say(line)


def _lp(view: Mapping[str, Any]) -> str:
    return _("{lp} LP", lp=view["hobbits"][view["me"]]["lp"])
