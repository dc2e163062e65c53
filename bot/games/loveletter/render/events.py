"""Engine events -> one line of text each, for the public log or one player's eyes.

Every formatter receives the event dict (`Event.to_dict()`), the edition, the display names
and the viewer (None for the public table). Private events are only ever rendered for a
viewer in their audience; the caller filters with `Event.visible_to`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.games.loveletter.render.cards import guess_text, join_names, label, labels, name
from bot.games.loveletter.render.rounds import reveal_text

Names = Mapping[str, str]
Formatter = Callable[[dict[str, Any], str, Names, str | None], str | None]


def _who(names: Names, player: str, viewer: str | None) -> str:
    return "You" if player == viewer else name(names, player)


def _round_started(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    text = f"**Round {e['round']}** begins; {name(n, e['first'])} starts."
    if e.get("deciding"):
        text = f"**Deciding round** between {join_names(n, e['players'])}; " + text
    if e.get("face_up"):
        text += f" Face up: {labels(ed, e['face_up'])}."
    return text


def _card_played(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    text = f"{_who(n, e['player'], v)} played {label(ed, e['card'])}"
    if e.get("targets"):
        text += f" on {join_names(n, e['targets'])}"
    if e.get("guess") is not None:
        text += f" and named {guess_text(ed, e['guess'])}"
    return text + "."


def _guess_result(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    verdict = "right" if e["correct"] else "wrong"
    return f"The guess on {name(n, e['target'])} was {verdict}."


def _compared(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    if v == e["target"]:
        other, mine, theirs = e["player"], e["target_card"], e["player_card"]
    else:
        other, mine, theirs = e["target"], e["player_card"], e["target_card"]
    return (
        f"You compared hands with {name(n, other)}: you had {label(ed, mine)}, "
        f"they had {label(ed, theirs)}."
    )


def _compare_result(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    pair = f"{name(n, e['player'])} and {name(n, e['target'])} compared hands"
    if e.get("loser") is None:
        return pair + ": a tie."
    return pair + f": {name(n, e['loser'])} is out."


def _round_ended(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    parts = [f"**Round {e['round']} over** — won by {join_names(n, e['winners'])}."]
    if e.get("reveal"):
        parts.append(f"Revealed: {reveal_text(ed, n, e['reveal'])}.")
    if e.get("set_aside"):
        parts.append(f"Set-aside card: {label(ed, e['set_aside'])}.")
    return " ".join(parts)


def _game_ended(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    tallies = ", ".join(f"{name(n, p)} {t}" for p, t in e.get("tokens", ()))
    return f"🏆 **{name(n, e['winner'])} wins the game!** Final tallies: {tallies}."


FORMATTERS: dict[str, Formatter] = {
    "round_started": _round_started,
    "card_dealt": lambda e, ed, n, v: f"You were dealt {label(ed, e['card'])}.",
    "turn_started": lambda e, ed, n, v: None,
    "card_played": _card_played,
    "no_effect": lambda e, ed, n, v: f"{label(ed, e['card'])} had no effect.",
    "protected": lambda e, ed, n, v: f"{name(n, e['player'])} is protected until their next turn.",
    "guess_result": _guess_result,
    "assassin_revealed": lambda e, ed, n, v: (
        f"{name(n, e['holder'])} revealed the Assassin: {name(n, e['guesser'])} is out."
    ),
    "knocked_out": lambda e, ed, n, v: (
        f"{name(n, e['player'])} is out of the round (discarded {labels(ed, e['discarded'])})."
    ),
    "discarded": lambda e, ed, n, v: f"{name(n, e['player'])} discarded {label(ed, e['card'])}.",
    "card_drawn": lambda e, ed, n, v: (
        f"You drew {label(ed, e['card'])}"
        + (" (the set-aside card)." if e.get("from_set_aside") else ".")
    ),
    "hand_seen": lambda e, ed, n, v: (
        f"You saw {name(n, e['target'])}'s card: {label(ed, e['card'])}."
    ),
    "compared": _compared,
    "compare_result": _compare_result,
    "hands_swapped": lambda e, ed, n, v: (
        f"{name(n, e['first'])} and {name(n, e['second'])} traded hands."
    ),
    "card_received": lambda e, ed, n, v: (
        f"You received {label(ed, e['card'])} from {name(n, e['giver'])}."
    ),
    "flatterer_bound": lambda e, ed, n, v: (
        f"{name(n, e['player'])} flattered {name(n, e['target'])}."
    ),
    "jester_marked": lambda e, ed, n, v: (
        f"{name(n, e['player'])} put the Jester on {name(n, e['target'])}."
    ),
    "token_gained": lambda e, ed, n, v: (
        f"{name(n, e['player'])} gains a token ({e['reason']}) — now {e['tokens']}."
    ),
    "decision_pending": lambda e, ed, n, v: (
        f"{name(n, e['player'])} must decide: keep their card or redraw."
    ),
    "decision_made": lambda e, ed, n, v: f"{name(n, e['player'])} chose to {e['choice']}.",
    "round_ended": _round_ended,
    "deciding_round": lambda e, ed, n, v: (
        f"Tie at the target: {join_names(n, e['players'])} play a deciding round."
    ),
    "game_ended": _game_ended,
}


def render_event(
    event: dict[str, Any], edition_id: str, names: Names, viewer: str | None
) -> str | None:
    """One line for this event, or None when it is not worth a line (turn started)."""
    formatter = FORMATTERS.get(event.get("type", ""))
    if formatter is None:
        return f"{event.get('type', 'event')}."
    return formatter(event, edition_id, names, viewer)
