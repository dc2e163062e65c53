"""What a newcomer can ask at the Adventure prompt instead of choosing: the commands, the rules,
a card, the board, their own cards. The answers read only the player's view (ADV-12) and the
texts `/adventure rules` uses (bot/games/adventure/rules.py, cardtext.py): one source for both.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Mapping
from typing import Any

from bot.games.adventure.cardtext import card_help, card_text, find_cards, riddle_help
from bot.games.adventure.lines import place_kind
from bot.games.adventure.rules import TOPICS
from bot.games.adventure.text import status_lines
from engine.adventure import board as B
from engine.adventure.board import to_id
from engine.adventure.cards import HELD
from engine.adventure.riddles import BY_ID

HELP = """Commands (type one instead of a number):
  a number      choose that option (Enter alone: the only option, or go on)
  rules         the rules in short
  rule TOPIC    one topic: {topics}
  card NAME     what a card does (part of its name is enough: card troll)
  board         every place: its kind, roads, talismans and hobbits
  hand          your own cards with what they do
  status        where everyone is and what they hold
  help or ?     this list
End of input (Ctrl-D) or Ctrl-C leaves the game.""".format(topics=", ".join(TOPICS))
WIDTH = 78
MAX_SHOWN = 6
"""Cards `card` shows at once; more matches are named and asked again."""


def plain(text: str) -> str:
    """A Discord rules text for the terminal: no Markdown marks."""
    return text.replace("**", "").replace("`", "")


def topic_lines(key: str) -> list[str]:
    title, body = TOPICS[key]
    return [
        f"{title} (rule {key}):",
        *textwrap.wrap(plain(body), WIDTH, initial_indent="  ", subsequent_indent="  "),
    ]


def rules_lines() -> list[str]:
    """Every topic, the rules in short."""
    out = ["The Hobbit Adventure Boardgame in short:"]
    for key in TOPICS:
        out += topic_lines(key)
    return out


def rule_lines(asked: str) -> list[str]:
    """One topic, named by its key or (part of) its title."""
    needle = asked.casefold()
    if not needle:
        return [f"Which topic? Type rule and one of: {', '.join(TOPICS)}."]
    found = [k for k in TOPICS if k == needle] or [
        k for k, (title, _) in TOPICS.items() if k.startswith(needle) or needle in title.casefold()
    ]
    if len(found) == 1:
        return topic_lines(found[0])
    if not found:
        return [f"No rule topic {_quoted(asked)}; the topics: {', '.join(TOPICS)}."]
    return [f"Which one? {', '.join(found)}"]


def card_lines(asked: str) -> list[str]:
    """What the cards named `asked` do (a name in two decks gives both)."""
    if not asked:
        return ["Which card? Type card and (part of) its name, e.g. card potion."]
    found = find_cards(asked)
    if not found:
        topics = [k for k in TOPICS if k.startswith(asked.casefold())]
        hint = f" (see: rule {topics[0]})" if topics else ""
        return [f"No card is called {_quoted(asked)}{hint}; try part of a name."]
    if len(found) > MAX_SHOWN:
        names = dict.fromkeys(card_help(*k).split(" (", 1)[0] for k in found)
        shown = ", ".join(list(names)[:12]) + (", …" if len(names) > 12 else "")
        return [f"{len(found)} cards match {_quoted(asked)}: {shown}. Type more of the name."]
    topic = to_id(asked) if to_id(asked) in TOPICS else None
    return [card_help(*k) for k in found] + ([f"See also: rule {topic}."] if topic else [])


def board_lines(view: Mapping[str, Any], names: Mapping[str, str]) -> list[str]:
    """Every place, nearest to you first: kind, distance, what lies there, its roads."""
    me = view["me"]
    here = view["hobbits"][me]["place"]
    standing: dict[str, list[str]] = {}
    for pid, h in view["hobbits"].items():
        if not h["out"]:
            standing.setdefault(h["place"], []).append("you" if pid == me else names[pid])
    out = [f"The board, nearest to you first ({B.PLACES[here].name}; roads go both ways):"]
    for pid in sorted(B.PLACES, key=lambda p: (B.distance(here, p), B.PLACES[p].name)):
        far = B.distance(here, pid)
        parts = [f"{B.PLACES[pid].name} {place_kind(pid)}", "here" if far == 0 else _roads(far)]
        if view["board"].get(pid):
            parts.append("talismans " + ", ".join(view["board"][pid]))
        if pid in standing:
            parts.append("hobbits: " + ", ".join(standing[pid]))
        roads = ", ".join(B.PLACES[n].name for n in B.neighbours(pid))
        out.append(f"  {' · '.join(parts)} — roads to {roads}")
    return out


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
        out.append(f"Your Riddle cards (secret; {len(riddles)} of at most 4):")
        out += [f"  {riddle_help(c)}" for c in riddles]
    for title, cards in (("Your Magic cards (secret):", magic), ("Your other cards:", other)):
        if cards:
            out.append(title)
            out += [f"  {card_text(c)}" + (f" (×{held[c]})" if held[c] > 1 else "") for c in cards]
    if mine["smiths"]:
        out.append(f"Weapon-smith on: {', '.join(HELD[c].name for c in mine['smiths'])}.")
    return out or ["You hold no cards yet."]


def _roads(n: int) -> str:
    return f"{n} road{'s' if n != 1 else ''}"


def _quoted(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:39] + "…")


def answer(raw: str, view: Mapping[str, Any], names: Mapping[str, str]) -> list[str] | None:
    """The lines answering a typed command, or None when `raw` is no command."""
    word, _, rest = raw.strip().partition(" ")
    word, rest = word.casefold(), rest.strip()
    if word in ("?", "help", "h"):
        return HELP.splitlines()
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
