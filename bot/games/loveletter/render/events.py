"""Engine events -> one line of text each, for the public log or one player's eyes.

Every formatter receives the event dict (`Event.to_dict()`), the edition, the display names
and the viewer (None for the public table). Private events are only ever rendered for a
viewer in their audience; the caller filters with `Event.visible_to`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.games.loveletter.render.cards import (
    guess_text,
    join_names,
    label,
    labels,
    name,
    tally_list,
)
from bot.games.loveletter.render.rounds import reveal_text
from engine.loveletter.editions import edition as get_edition

Names = Mapping[str, str]
Formatter = Callable[[dict[str, Any], str, Names, str | None], str | None]


def _who(names: Names, player: str, viewer: str | None) -> str:
    """The player as a sentence's subject: "You" for the reader."""
    return "You" if player == viewer else name(names, player)


def _whom(names: Names, player: str, viewer: str | None) -> str:
    """The player inside a sentence: "you" for the reader."""
    return "you" if player == viewer else name(names, player)


def _is(names: Names, player: str, viewer: str | None) -> str:
    return "You are" if player == viewer else f"{name(names, player)} is"


def _their(player: str, viewer: str | None) -> str:
    return "your" if player == viewer else "their"


def _round_started(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    first = "you start" if e["first"] == v else f"{name(n, e['first'])} starts"
    text = f"**Round {e['round']}** begins; {first}."
    if e.get("deciding"):
        text = f"**Deciding round** between {join_names(n, e['players'], v)}; " + text
    if e.get("face_up"):
        text += f" Face up: {labels(ed, e['face_up'])}."
    return text


def _card_played(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    player = e["player"]
    text = f"{_who(n, player, v)} played {label(ed, e['card'])}"
    targets = list(e.get("targets") or ())
    if targets:
        others = [t for t in targets if t != player]
        on = join_names(n, others, v) if others else ""
        if player in targets:  # a card played on its own player ("yourself", never "You")
            self_word = "yourself" if player == v else "themselves"
            on = f"{on} and {self_word}" if on else self_word
        text += f" on {on}"
    if e.get("guess") is not None:
        text += f" and named {guess_text(ed, e['guess'])}"
    return text + "."


def _no_effect(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    """C-5: why nothing happened, so nobody thinks the card was wasted by a bug."""
    protected = list(e.get("protected") or ())
    if protected:
        verb = "is" if len(protected) == 1 and protected[0] != v else "are"
        why = f"{join_names(n, protected, v)} {verb} protected"
    else:
        bound = "you" if e["player"] == v else name(n, e["player"])
        why = f"the Flatterer bound it to {bound}, and it can only choose another player"
    return f"{label(ed, e['card'])} had no effect: {why}."


def _guess_result(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    verdict = "right" if e["correct"] else "wrong"
    return f"The guess on {_whom(n, e['target'], v)} was {verdict}."


def _compared(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    if v == e["target"]:
        other, mine, theirs = e["player"], e["target_card"], e["player_card"]
    else:
        other, mine, theirs = e["target"], e["player_card"], e["target_card"]
    return (
        f"You compared hands with {name(n, other)}: you had {label(ed, mine)}, "
        f"{name(n, other)} had {label(ed, theirs)}."
    )


def _compare_result(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str | None:
    """Only a tie needs its own line: a loser's "is out" line follows (one line per fact), and
    the two players' own "compared" line already showed them both cards."""
    if e.get("loser") is not None:
        return None
    if v in (e["player"], e["target"]):
        return "It is a tie: nobody is out."
    return f"{name(n, e['player'])} and {name(n, e['target'])} compared hands: a tie."


def _assassin_revealed(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    guesser = "your" if e["guesser"] == v else f"{name(n, e['guesser'])}'s"
    return f"{_who(n, e['holder'], v)} revealed the Assassin against {guesser} guess."


def _knocked_out(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    gone = labels(ed, e["discarded"])
    return f"{_is(n, e['player'], v)} out of the round (discarded {gone})."


def _hand_seen(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    whose = "your own" if e["target"] == v else f"{name(n, e['target'])}'s"  # (Cardinal: own)
    return f"You saw {whose} card: {label(ed, e['card'])}."


def _hands_swapped(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    first, second = (e["second"], e["first"]) if e["second"] == v else (e["first"], e["second"])
    return f"{_who(n, first, v)} and {_whom(n, second, v)} traded hands."


def _flatterer_bound(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    whom = _whom(n, e["target"], v)
    flattered = whom
    if e["target"] == e["player"]:
        flattered = "yourself" if e["player"] == v else "themselves"
    return (
        f"{_who(n, e['player'], v)} flattered {flattered}: the next card played that chooses "
        f"players must choose {whom}."
    )


def _jester_marked(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    who, whom = _who(n, e["player"], v), _whom(n, e["target"], v)
    wins = "win" if e["target"] == v else "wins"
    gains = "you gain" if e["player"] == v else f"{name(n, e['player'])} gains"
    article = get_edition(ed).tally
    return f"{who} put the Jester on {whom}: if {whom} {wins} the round, {gains} a {article}."


TOKEN_REASONS = {
    "round": "for winning the round",
    "bishop": "for the Bishop's right guess",
    "marshal": "for the Marshal in {their} discard pile",
    "jester": "for the Jester's bet",
}


def _token_gained(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    player = e["player"]
    gains = "You gain" if player == v else f"{name(n, player)} gains"
    one = get_edition(ed).tally
    article = "an" if one[0] in "aeiou" else "a"
    reason = TOKEN_REASONS.get(e["reason"], "({})").format(e["reason"], their=_their(player, v))
    return f"{gains} {article} {one} {reason} — now {e['tokens']}."


def _decision_pending(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    who = _who(n, e["player"], v)
    their = _their(e["player"], v)
    return f"{who} must decide: keep {their} card or discard it and redraw."


def _decision_made(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    their = _their(e["player"], v)
    what = f"keep {their} card" if e["choice"] == "keep" else "discard and redraw"
    return f"{_who(n, e['player'], v)} chose to {what}."


def _round_ended(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    parts = [f"**Round {e['round']} over** — won by {join_names(n, e['winners'], v)}."]
    if e.get("reveal"):
        parts.append(f"Revealed: {reveal_text(ed, n, e['reveal'], v)}.")
    if e.get("set_aside") and not e.get("set_aside_drawn"):
        parts.append(f"Set-aside card: {label(ed, e['set_aside'])}.")
    return " ".join(parts)


def _deciding_round(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    return f"Tie at the target: {join_names(n, e['players'], v)} play a deciding round."


def _game_ended(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    wins = "You win" if e["winner"] == v else f"{name(n, e['winner'])} wins"
    tallies = tally_list(ed, n, e.get("tokens", ()), v)
    return f"🏆 **{wins} the game!** Final tally: {tallies}."


FORMATTERS: dict[str, Formatter] = {
    "round_started": _round_started,
    "card_dealt": lambda e, ed, n, v: f"You were dealt {label(ed, e['card'])}.",
    "turn_started": lambda e, ed, n, v: None,
    "card_played": _card_played,
    "no_effect": _no_effect,
    "protected": lambda e, ed, n, v: (
        f"{_is(n, e['player'], v)} protected until {_their(e['player'], v)} next turn."
    ),
    "guess_result": _guess_result,
    "assassin_revealed": _assassin_revealed,
    "knocked_out": _knocked_out,
    "discarded": lambda e, ed, n, v: f"{_who(n, e['player'], v)} discarded {label(ed, e['card'])}.",
    "card_drawn": lambda e, ed, n, v: (
        f"You drew {label(ed, e['card'])}"
        + (" (the set-aside card)." if e.get("from_set_aside") else ".")
    ),
    "hand_seen": _hand_seen,
    "compared": _compared,
    "compare_result": _compare_result,
    "hands_swapped": _hands_swapped,
    "card_received": lambda e, ed, n, v: (
        f"You received {label(ed, e['card'])} from {name(n, e['giver'])}."
    ),
    "flatterer_bound": _flatterer_bound,
    "jester_marked": _jester_marked,
    "token_gained": _token_gained,
    "decision_pending": _decision_pending,
    "decision_made": _decision_made,
    "round_ended": _round_ended,
    "deciding_round": _deciding_round,
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
