"""The move the table picture marks: the card just played, whom it chose, what it guessed.

Built only from public events (C-10): who played which card on whom, naming what, and who
went out because of it. What a Priest saw or a Baron compared is a private event and never
reaches here; a knocked-out player's cards are public (they go to the discard pile).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.loveletter.pictures.theme import short_name
from bot.i18n import _, n_


@dataclass(frozen=True, slots=True)
class LastMove:
    """The last card played, as every player saw it."""

    player: str
    card: str
    index: int  # where the card lies in the player's discard pile
    targets: tuple[str, ...]
    guess: str | int | None
    no_effect: bool
    knocked_out: tuple[str, ...]


def last_move(events: Iterable[Any], piles: Mapping[str, Sequence[str]]) -> LastMove | None:
    """The last card played among `events` (public ones only; ending with that move) and its
    place in `piles`: the cards the same move added to that pile after it lie above it."""
    played: Any = None
    later: list[Any] = []
    for e in events:
        if getattr(e, "audience", None) is not None:
            continue  # a private event: never on the table
        if getattr(e, "type", "") == "card_played":
            played, later = e, []
        elif played is not None:
            later.append(e)
    if played is None or played.player not in piles:
        return None
    above = 0
    for e in later:
        if getattr(e, "player", None) != played.player:
            continue
        if e.type == "discarded":
            above += 1
        elif e.type == "knocked_out":
            above += len(e.discarded)
    index = len(piles[played.player]) - 1 - above
    if index < 0 or piles[played.player][index] != played.card:
        return None  # the piles do not hold this move (not expected): mark nothing
    return LastMove(
        played.player,
        played.card,
        index,
        tuple(played.targets),
        played.guess,
        any(e.type == "no_effect" for e in later),
        tuple(e.player for e in later if e.type == "knocked_out"),
    )


def from_last_play(events: Sequence[Any]) -> tuple[Any, ...]:
    """The events `last_move` reads: the last public card played and those after it (none
    when no card was played yet). What a table picture sent to the drawing worker carries of
    the round's log, instead of all of it (bot/games/loveletter/messages/table.py)."""
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if getattr(e, "type", "") == "card_played" and getattr(e, "audience", None) is None:
            return tuple(events[i:])
    return ()


def move_words(m: LastMove, edition_id: str, names: Mapping[str, str]) -> tuple[str, ...]:
    """("Bob played Guardswoman", "Cid, guessed 4 · Cid is out"): what the card did and,
    when it chose someone, whom and what it named (drawn with an arrow between the two)."""
    played = _(
        "{player} played {card}", player=_name(names, m.player), card=short_name(edition_id, m.card)
    )
    chose = joined([_name(names, p) for p in m.targets])
    if m.guess is not None:
        guessed = m.guess if isinstance(m.guess, int) else short_name(edition_id, m.guess)
        chose = _("{targets}, guessed {guess}", targets=chose, guess=guessed)
    then = chose or played
    if m.no_effect:
        then = _("{move}, no effect", move=then)
    out = [_name(names, p) for p in m.knocked_out]
    if out:
        then = n_(
            "{move} · {players} is out", "{move} · {players} are out", len(out),
            move=then, players=joined(out),
        )  # fmt: skip
    return (played, then) if chose else (then,)


def _name(names: Mapping[str, str], player_id: str) -> str:
    return names.get(player_id, player_id)


def joined(words: Sequence[str]) -> str:
    """`Ann`, `Ann and Bob`, `Ann and Bob and Cid`: names as one phrase ("" for none)."""
    if not words:
        return ""
    phrase = words[0]
    for word in words[1:]:
        phrase = _("{first} and {second}", first=phrase, second=word)
    return phrase
