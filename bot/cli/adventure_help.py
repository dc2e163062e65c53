"""What a newcomer can ask at the Adventure prompt instead of choosing: the commands, the rules,
a card, the board, their own cards. The answers read only the player's view (ADV-12) and the
texts `/adventure rules` uses (bot/games/adventure/text/rulebook.py, text/cards.py): one source
for both.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Mapping
from typing import Any

from bot.cli.words import command, quoted, topic_word
from bot.games.adventure.text.cards import card_help, card_text, find_cards, riddle_help
from bot.games.adventure.text.labels import status_lines
from bot.games.adventure.text.lines import place_kind
from bot.games.adventure.text.rulebook import TOPICS, rules_text
from bot.i18n import N_, _, n_, p_
from engine.adventure import board as B
from engine.adventure.board import to_id
from engine.adventure.cards import CARDS, HELD
from engine.adventure.riddles import BY_ID

HELP = N_("""Commands (type one instead of a number):
  a number      choose that option (Enter alone: the only option, or go on)
  rules         the rules in short
  rule TOPIC    one topic: {topics}
  card NAME     what a card does (part of its name is enough: card troll)
  board         every place: its kind, roads, talismans and hobbits
  hand          your own cards with what they do
  status        where everyone is and what they hold
  undo          take back your last decision, where the rules allow it
  help or ?     this list
End of input (Ctrl-D) or Ctrl-C leaves the game.""")
WIDTH = 78
MAX_SHOWN = 6
"""Cards `card` shows at once; more matches are named and asked again."""


def plain(text: str) -> str:
    """A Discord rules text for the terminal: no Markdown marks."""
    return text.replace("**", "").replace("`", "")


def help_lines() -> list[str]:
    """The commands, in the reader's words (`?`)."""
    return _(HELP, topics=_topics()).splitlines()


def _topics() -> str:
    return ", ".join(topic_word(k) for k in TOPICS)


def topic_lines(key: str) -> list[str]:
    """One topic as `/adventure rules` writes it (in the reader's language), for the terminal."""
    title, body = plain(rules_text(key)).split("\n", 1)
    return [
        _("{title} (rule {topic}):", title=title, topic=topic_word(key)),
        *textwrap.wrap(body, WIDTH, initial_indent="  ", subsequent_indent="  "),
    ]


def rules_lines() -> list[str]:
    """Every topic, the rules in short."""
    out = [_("The Hobbit Adventure Boardgame in short:")]
    for key in TOPICS:
        out += topic_lines(key)
    return out


def rule_lines(asked: str) -> list[str]:
    """One topic, named by its key or (part of) its title, in English or the reader's words."""
    needle = asked.casefold()
    if not needle:
        return [_("Which topic? Type rule and one of: {topics}.", topics=_topics())]
    found = [k for k in TOPICS if needle in (k, topic_word(k).casefold())] or [
        k for k in TOPICS if _matches(k, needle)
    ]
    if len(found) == 1:
        return topic_lines(found[0])
    if not found:
        return [
            _("No rule topic {name}; the topics: {topics}.", name=quoted(asked), topics=_topics())
        ]
    return [_("Which one? {topics}", topics=", ".join(topic_word(k) for k in found))]


def _matches(key: str, needle: str) -> bool:
    """Whether `needle` starts the topic's key or is in its title (English or the reader's)."""
    title = TOPICS[key][0]
    return _starts(key, needle) or needle in title.casefold() or needle in _(title).casefold()


def _starts(key: str, needle: str) -> bool:
    """Whether `needle` starts the topic's key, in English or in the reader's words."""
    return key.startswith(needle) or topic_word(key).casefold().startswith(needle)


def card_lines(asked: str) -> list[str]:
    """What the cards named `asked` do (a name in two decks gives both)."""
    if not asked:
        return [_("Which card? Type card and (part of) its name, e.g. card potion.")]
    found = find_cards(asked)
    topics = [k for k in TOPICS if _starts(k, asked.casefold())]
    if not found:
        name = quoted(asked)
        if topics:
            return [
                _(
                    "No card is called {name} (see: rule {topic}); try part of a name.",
                    name=name,
                    topic=topic_word(topics[0]),
                )
            ]
        return [_("No card is called {name}; try part of a name.", name=name)]
    if len(found) > MAX_SHOWN:
        # Counted as listed: a name two decks share (Cave troll) is one name to type.
        names = list(dict.fromkeys(_(CARDS[k].name) for k in found))
        shown = ", ".join(names[:12]) + (", …" if len(names) > 12 else "")
        return [
            n_(
                "{n} card matches {name}: {cards}. Type more of the name.",
                "{n} cards match {name}: {cards}. Type more of the name.",
                len(names),
                name=quoted(asked),
                cards=shown,
            )
        ]
    exact = [k for k in TOPICS if to_id(asked) in (k, to_id(topic_word(k)))]
    see = [_("See also: rule {topic}.", topic=topic_word(exact[0]))] if exact else []
    return [card_help(*k) for k in found] + see


def board_lines(view: Mapping[str, Any], names: Mapping[str, str]) -> list[str]:
    """Every place, nearest to you first: kind, distance, what lies there, its roads."""
    me = view["me"]
    here = view["hobbits"][me]["place"]
    standing: dict[str, list[str]] = {}
    for pid, h in view["hobbits"].items():
        if not h["out"]:
            who = p_("seat name", "you") if pid == me else names[pid]
            standing.setdefault(h["place"], []).append(who)
    out = [_("The board, nearest to you first ({place}; roads go both ways):", place=_place(here))]
    for pid in sorted(B.PLACES, key=lambda p: (B.distance(here, p), _place(p))):
        far = B.distance(here, pid)
        parts = [
            f"{_place(pid)} {place_kind(pid)}",
            _("here") if far == 0 else n_("{n} road", "{n} roads", far),
        ]
        if view["board"].get(pid):
            colours = ", ".join(_(c) for c in view["board"][pid])
            parts.append(_("talismans {colours}", colours=colours))
        if pid in standing:
            parts.append(_("hobbits: {names}", names=", ".join(standing[pid])))
        roads = ", ".join(_place(n) for n in B.neighbours(pid))
        out.append("  " + _("{place} — roads to {roads}", place=" · ".join(parts), roads=roads))
    return out


def _place(pid: str) -> str:
    """A place's name in the reader's language (the `adventure_content` catalogue)."""
    return _(B.PLACES[pid].name)


def hand_lines(view: Mapping[str, Any]) -> list[str]:
    """Your own cards, secret ones included, each with what it does."""
    mine = view["hobbits"][view["me"]]
    secret = mine["secret"] if isinstance(mine["secret"], list) else []
    held = Counter(mine["cards"]) | Counter(secret)
    riddles = [c for c in held if c in BY_ID]
    magic = [c for c in held if c not in BY_ID and HELD[c].deck == "magic"]
    other = [c for c in held if c not in riddles and c not in magic]
    out: list[str] = []
    if riddles:
        out.append(_("Your Riddle cards (secret; {n} of at most 4):", n=len(riddles)))
        out += [f"  {riddle_help(c)}" for c in riddles]
    kinds = ((_("Your Magic cards (secret):"), magic), (_("Your other cards:"), other))
    for title, cards in kinds:
        if cards:
            out.append(title)
            out += [f"  {card_text(c)}" + (f" (×{held[c]})" if held[c] > 1 else "") for c in cards]
    if mine["smiths"]:
        smiths = ", ".join(_(HELD[c].name) for c in mine["smiths"])
        out.append(_("Weapon-smith on: {cards}.", cards=smiths))
    return out or [_("You hold no cards yet.")]


def answer(raw: str, view: Mapping[str, Any], names: Mapping[str, str]) -> list[str] | None:
    """The lines answering a typed command, or None when `raw` is no command."""
    typed, _sep, rest = raw.strip().partition(" ")
    word, rest = command(typed), rest.strip()
    if word in ("?", "help", "h"):
        return help_lines()
    if word == "rules" and not rest:
        return rules_lines()
    if word in ("rule", "rules"):
        return rule_lines(rest)
    if word == "card":
        return card_lines(rest)
    if word == "board" and not rest:
        return board_lines(view, names)
    if word in ("hand", "cards") and not rest:
        return hand_lines(view)
    if word == "status" and not rest:
        return status_lines(dict(view), dict(names))
    return None
