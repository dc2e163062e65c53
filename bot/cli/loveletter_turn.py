"""Your turn in `python -m bot play`: a card, then its player, then its guess, one short list
at a time (the same step logic as the Discord hand, `bot.games.loveletter.decisions`).

Every list repeats what you hold and whose turn it is, so neither scrolls away; `?` lists the
commands, `rule` shows a card's rule (the `/loveletter rules` text). Options that certainly
knock you out are marked, from your own hand only (C-10).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from bot.cli.choice import typed_number
from bot.cli.words import command, quoted
from bot.games.loveletter.decisions import Step, card_options, entries, knocks_you_out, step
from bot.games.loveletter.messages.rules import card_rule, rules_summary
from bot.games.loveletter.text.cardnames import card_name
from bot.games.loveletter.text.cards import ask_text, choice_label, label, labels
from bot.games.loveletter.text.terminal import describe_move, plain, table_lines
from bot.i18n import N_, _, p_
from engine.loveletter.editions import edition as get_edition
from engine.loveletter.moves import Decide, Move, Play
from engine.loveletter.views import PlayerView

Ask = Callable[[str], str]
Say = Callable[[str], None]

HELP = N_("""Commands:
  a number       choose that option
  rule N         the rule of option N's card (or: rule <card name>; rule alone: this card)
  rules          every card of this game's deck
  table          the table and your hand again
  back           choose another card (while choosing its player or guess)
  help or ?      this list
End of input (Ctrl-D) or Ctrl-C leaves the game.""")
OUT_MARK = N_(" (knocks you out)")


class Quit(Exception):
    """The human closed the input (end of file)."""


class Back(Exception):
    """The human wants to choose another card."""


@dataclass(frozen=True, slots=True)
class Seat:
    """What the prompts need: your view of the table and the names at it."""

    view: PlayerView
    names: Mapping[str, str]

    @property
    def edition(self) -> str:
        return self.view.edition

    @property
    def me(self) -> str:
        return self.view.me or ""

    @property
    def players(self) -> int:
        """Seats at the table: which deck is in play (PEG-1)."""
        return len(self.view.seats)

    def heading(self, what: str) -> str:
        hand = labels(self.edition, self.view.hand)
        return _(
            "Round {round} · {what} · you hold: {hand}", round=self.view.round, what=what, hand=hand
        )


def choose_move(legal: Sequence[Move], seat: Seat, ask: Ask, say: Say) -> Move:
    """The move the human picks, step by step; only legal moves can come out."""
    me = seat.me
    decisions = [m for m in legal if isinstance(m, Decide)]
    if decisions:
        say(seat.heading(_("your decision")))
        texts = [describe_move(m, seat.edition, seat.names, me) for m in decisions]
        return decisions[pick(texts, ask, say, seat=seat)]
    while True:
        cards = card_options(legal)
        texts = [
            _("Play {card}", card=label(seat.edition, o.value)) + _mark(legal, seat, o.index, 0)
            for o in cards
        ]
        say(seat.heading(_("your turn")))
        i = pick(texts, ask, say, seat=seat, cards=[str(o.value) for o in cards])
        card = str(cards[i].value)
        try:
            return _follow(legal, step(legal, cards[i].index, 1), card, seat, ask, say)
        except Back:
            continue


def _follow(
    legal: Sequence[Move], current: Step, card: str, seat: Seat, ask: Ask, say: Say
) -> Play:
    """Ask each remaining field of the chosen card until one legal move is left."""
    ed = seat.edition
    while current.move is None:
        assert current.field is not None
        field = current.field
        texts = [
            choice_label(ed, seat.names, seat.me, field, o.value, seat.players)
            + _mark(legal, seat, o.index, current.depth)
            for o in current.options
        ]
        named = [str(o.value) if field == "guess" else None for o in current.options]
        say(seat.heading(_("playing {card}", card=label(ed, card))))
        j = pick(
            texts, ask, say, seat=seat, header=heading(ask_text(ed, field)), card=card, cards=named
        )
        current = step(legal, current.options[j].index, current.depth + 1)
    return current.move


def heading(question: str) -> str:
    """A step's question as the heading of its list: "Name a card:", but "Whose hand do you
    look at?" keeps its own mark, in any language."""
    return question if question.rstrip().endswith(("?", "!", ":", "？")) else f"{question}:"


def _mark(legal: Sequence[Move], seat: Seat, index: int, depth: int) -> str:
    """OUT_MARK when every move under this option knocks you out."""
    table = entries(legal)
    key = table[index][1][: depth + 1]
    under = {mi for mi, k in table if k[: depth + 1] == key}
    hand = seat.view.hand
    out = all(knocks_you_out(seat.edition, hand, legal[mi]) for mi in under)
    return _(OUT_MARK) if out else ""


def pick(
    options: Sequence[str],
    ask: Ask,
    say: Say,
    *,
    seat: Seat | None = None,
    header: str | None = None,
    card: str | None = None,
    cards: Sequence[str | None] = (),
) -> int:
    """The index of the option picked by number; commands are answered, anything else
    re-prompts. `card` is the card being played (so `back` and a bare `rule` work),
    `cards` the card each option names (for `rule N`)."""
    say(header or _("Your options:"))
    for i, text in enumerate(options, 1):
        say(f"  {i}. {text}")
    say("  " + _("(? for help)"))
    n = len(options)
    prompt = _("Choose 1-{n}: ", n=n) if n > 1 else _("Only one choice; press Enter: ")
    while True:
        try:
            raw = ask(prompt).strip()
        except EOFError:
            raise Quit from None
        except UnicodeDecodeError:  # bytes that are not text in the terminal's encoding
            raw = "\ufffd"
        if n == 1 and raw in ("", "1"):
            return 0
        number = typed_number(raw, n)
        if number is not None:
            return number - 1
        typed, _sep, rest = raw.partition(" ")
        word = command(typed)
        if word in ("?", "help", "h"):
            say(_(HELP))
        elif word == "back" and card is not None:
            raise Back
        elif seat is not None and word == "rules":
            say(plain(rules_summary(seat.edition, seat.players)))
        elif seat is not None and word == "rule":
            say(_rule(seat.edition, rest.strip(), card, cards))
        elif seat is not None and word == "table":
            for line in table_lines(seat.view, seat.names):
                say(line)
        elif n == 1:  # not "a number from 1 to 1"
            say(_("There is only one choice: press Enter or type 1 (or ? for help)."))
        else:
            say(_("Please enter a number from 1 to {n} (or ? for help).", n=n))


def _rule(edition_id: str, asked: str, card: str | None, cards: Sequence[str | None]) -> str:
    """The rule of option N's card, of a card named by (part of) its name, or of `card`."""
    ed = get_edition(edition_id)
    if not asked:
        if card is None:
            return _("Which card? Type rule and an option number or a card's name.")
        return plain(card_rule(edition_id, card))
    if asked.isascii() and asked.isdigit():
        k = typed_number(asked, len(cards))
        if k is None or cards[k - 1] not in ed.by_id:
            shown = asked if len(asked) <= 10 else asked[:9] + "…"
            return _(
                "Option {option} is not a card here; type rule and a card's name.", option=shown
            )
        return plain(card_rule(edition_id, str(cards[k - 1])))
    needle = asked.casefold()
    names = {c.id: card_name(edition_id, c.id).casefold() for c in ed.cards}
    # As the reader sees the card ("Seppun Tasuke, Wache (1)"): any part of it finds it.
    seen_as = {c.id: label(edition_id, c.id).casefold() for c in ed.cards}
    exact = [c.id for c in ed.cards if needle in (c.id, c.name.casefold(), names[c.id])]
    found = dict.fromkeys(
        exact
        or [
            c.id
            for c in ed.cards
            if needle in c.label.casefold() or needle in names[c.id] or needle in seen_as[c.id]
        ]
    )
    if len(found) == 1:
        return plain(card_rule(edition_id, next(iter(found))))
    if not found:
        return _(
            "{edition} has no card called {name}.",
            edition=p_("edition", ed.title),
            name=quoted(asked),
        )
    return _("Which one? {cards}", cards=", ".join(label(edition_id, c) for c in found))
