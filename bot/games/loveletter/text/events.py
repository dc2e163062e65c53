"""Engine events -> one line of text each, for the public log or one player's eyes.

Every formatter receives the event dict (`Event.to_dict()`), the edition, the display names
and the viewer (None for the public table). Private events are only ever rendered for a
viewer in their audience; the caller filters with `Event.visible_to`. A sentence about the
viewer is its own template ("You played …"), since other languages change more than a word.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.games.loveletter.text.cardnames import card_gender
from bot.games.loveletter.text.cards import (
    guess_text,
    join_names,
    label,
    labels,
    name,
    one_tally,
    tally_list,
)
from bot.games.loveletter.text.rounds import round_over_text
from bot.i18n import G_, N_, _, g_, p_

Names = Mapping[str, str]
Formatter = Callable[[dict[str, Any], str, Names, str | None], str | None]


def _said(
    viewer_text: str,
    other_text: str,
    player: str,
    v: str | None,
    n: Names,
    of: str | None = None,
    **values: object,
) -> str:
    """`viewer_text` for the player themself, else `other_text` with their `{name}`; `of`: the
    grammatical gender of the card the sentence speaks of, for texts marked `G_`."""
    said, values = (
        (viewer_text, values) if player == v else (other_text, {**values, "name": name(n, player)})
    )
    return g_(of, said, **values) if of is not None else _(said, **values)


def _round_started(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    if e["first"] == v:
        text = _("**Round {round}** begins; you start.", round=e["round"])
    else:
        text = _(
            "**Round {round}** begins; {name} starts.", round=e["round"], name=name(n, e["first"])
        )
    if e.get("deciding"):
        between = join_names(n, e["players"], v, p_("dative", "you"))
        text = _("**Deciding round** between {names}; {text}", names=between, text=text)
    if e.get("face_up"):
        text += " " + _("Face up: {cards}.", cards=labels(ed, e["face_up"]))
    return text


def _card_played(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    player = e["player"]
    card = label(ed, e["card"])
    targets = list(e.get("targets") or ())
    on = ""
    if targets:
        others = [t for t in targets if t != player]
        on = join_names(n, others, v, p_("accusative", "you")) if others else ""
        if player in targets:  # a card played on its own player ("yourself", never "You")
            self_word = _("yourself") if player == v else _("themselves")
            on = _("{names} and {last}", names=on, last=self_word) if on else self_word
    guess = guess_text(ed, e["guess"]) if e.get("guess") is not None else None
    if on and guess:
        return _said(
            N_("You played {card} on {on} and named {guess}."),
            N_("{name} played {card} on {on} and named {guess}."),
            player,
            v,
            n,
            card=card,
            on=on,
            guess=guess,
        )
    if on:
        return _said(
            N_("You played {card} on {on}."),
            N_("{name} played {card} on {on}."),
            player,
            v,
            n,
            card=card,
            on=on,
        )
    if guess:
        return _said(
            N_("You played {card} and named {guess}."),
            N_("{name} played {card} and named {guess}."),
            player,
            v,
            n,
            card=card,
            guess=guess,
        )
    return _said(N_("You played {card}."), N_("{name} played {card}."), player, v, n, card=card)


def _no_effect(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    """C-5: why nothing happened, so nobody thinks the card was wasted by a bug."""
    card = label(ed, e["card"])
    of = card_gender(ed, e["card"])  # Kili and Fili are two: "hatten keine Wirkung"
    protected = list(e.get("protected") or ())
    if protected:
        if protected == [v]:
            return g_(of, "{card} had no effect: you are protected.", card=card)
        who = join_names(n, protected, v)
        if len(protected) == 1:
            return g_(of, "{card} had no effect: {names} is protected.", card=card, names=who)
        return g_(of, "{card} had no effect: {names} are protected.", card=card, names=who)
    return _said(
        G_(
            "{card} had no effect: the Flatterer bound it to you, and it can only choose"
            " another player."
        ),
        G_(
            "{card} had no effect: the Flatterer bound it to {name}, and it can only choose"
            " another player."
        ),
        e["player"],
        v,
        n,
        of,
        card=card,
    )


def _guess_result(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    if e["correct"]:
        return _said(
            N_("The guess on you was right."),
            N_("The guess on {name} was right."),
            e["target"],
            v,
            n,
        )
    return _said(
        N_("The guess on you was wrong."), N_("The guess on {name} was wrong."), e["target"], v, n
    )


def _compared(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    if v == e["target"]:
        other, mine, theirs = e["player"], e["target_card"], e["player_card"]
    else:
        other, mine, theirs = e["target"], e["player_card"], e["target_card"]
    return _(
        "You compared hands with {name}: you had {mine}, {name} had {theirs}.",
        name=name(n, other),
        mine=label(ed, mine),
        theirs=label(ed, theirs),
    )


def _compare_result(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str | None:
    """Only a tie needs its own line: a loser's "is out" line follows (one line per fact), and
    the two players' own "compared" line already showed them both cards."""
    if e.get("loser") is not None:
        return None
    if v in (e["player"], e["target"]):
        return _("It is a tie: nobody is out.")
    return _(
        "{first} and {second} compared hands: a tie.",
        first=name(n, e["player"]),
        second=name(n, e["target"]),
    )


def _assassin_revealed(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    holder, guesser = e["holder"], e["guesser"]
    values = {"holder": name(n, holder), "guesser": name(n, guesser)}
    if holder == v:
        return _("You revealed the Assassin against {guesser}'s guess.", **values)
    if guesser == v:
        return _("{holder} revealed the Assassin against your guess.", **values)
    return _("{holder} revealed the Assassin against {guesser}'s guess.", **values)


def _knocked_out(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    return _said(
        N_("You are out of the round (discarded {cards})."),
        N_("{name} is out of the round (discarded {cards})."),
        e["player"],
        v,
        n,
        cards=labels(ed, e["discarded"]),
    )


def _hand_seen(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    card = label(ed, e["card"])
    if e["target"] == v:  # (Cardinal: your own)
        return _("You saw your own card: {card}.", card=card)
    return _("You saw {name}'s card: {card}.", name=name(n, e["target"]), card=card)


def _hands_swapped(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    first, second = (e["second"], e["first"]) if e["second"] == v else (e["first"], e["second"])
    if first == v:
        return _("You and {name} traded hands.", name=name(n, second))
    return _("{first} and {second} traded hands.", first=name(n, first), second=name(n, second))


def _flatterer_bound(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    player, target = e["player"], e["target"]
    whom = name(n, target)
    if target == player:
        return _said(
            N_(
                "You flattered yourself: the next card played that chooses players must choose you."
            ),
            N_(
                "{name} flattered themselves: the next card played that chooses players must"
                " choose {name}."
            ),
            player,
            v,
            n,
        )
    if player == v:
        return _(
            "You flattered {whom}: the next card played that chooses players must choose {whom}.",
            whom=whom,
        )
    if target == v:
        return _(
            "{name} flattered you: the next card played that chooses players must choose you.",
            name=name(n, player),
        )
    return _(
        "{name} flattered {whom}: the next card played that chooses players must choose {whom}.",
        name=name(n, player),
        whom=whom,
    )


def _jester_marked(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    player, target = e["player"], e["target"]
    values = {"name": name(n, player), "whom": name(n, target), "tally": one_tally(ed)}
    if player == v:
        return _(
            "You put the Jester on {whom}: if {whom} wins the round, you gain {tally}.", **values
        )
    if target == v:
        return _(
            "{name} put the Jester on you: if you win the round, {name} gains {tally}.", **values
        )
    return _(
        "{name} put the Jester on {whom}: if {whom} wins the round, {name} gains {tally}.", **values
    )


TOKEN_REASONS = {
    "round": (
        N_("You gain {tally} for winning the round — now {tokens}."),
        N_("{name} gains {tally} for winning the round — now {tokens}."),
    ),
    "bishop": (
        N_("You gain {tally} for the Bishop's right guess — now {tokens}."),
        N_("{name} gains {tally} for the Bishop's right guess — now {tokens}."),
    ),
    "marshal": (
        N_("You gain {tally} for the Marshal in your discard pile — now {tokens}."),
        N_("{name} gains {tally} for the Marshal in their discard pile — now {tokens}."),
    ),
    "jester": (
        N_("You gain {tally} for the Jester's bet — now {tokens}."),
        N_("{name} gains {tally} for the Jester's bet — now {tokens}."),
    ),
}
OTHER_REASON = (
    N_("You gain {tally} ({reason}) — now {tokens}."),
    N_("{name} gains {tally} ({reason}) — now {tokens}."),
)


def _token_gained(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    mine, theirs = TOKEN_REASONS.get(e["reason"], OTHER_REASON)
    return _said(
        mine, theirs, e["player"], v, n, tally=one_tally(ed), tokens=e["tokens"], reason=e["reason"]
    )


def _decision_pending(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    return _said(
        N_("You must decide: keep your card or discard it and redraw."),
        N_("{name} must decide: keep their card or discard it and redraw."),
        e["player"],
        v,
        n,
    )


def _decision_made(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    if e["choice"] == "keep":
        return _said(
            N_("You chose to keep your card."),
            N_("{name} chose to keep their card."),
            e["player"],
            v,
            n,
        )
    return _said(
        N_("You chose to discard and redraw."),
        N_("{name} chose to discard and redraw."),
        e["player"],
        v,
        n,
    )


def _round_ended(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    return round_over_text(ed, n, e, v)


def _deciding_round(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    return _(
        "Tie at the target: {names} play a deciding round.", names=join_names(n, e["players"], v)
    )


def _game_ended(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    tallies = tally_list(ed, n, e.get("tokens", ()), v)
    return _said(
        N_("🏆 **You win the game!** Final tally: {tallies}."),
        N_("🏆 **{name} wins the game!** Final tally: {tallies}."),
        e["winner"],
        v,
        n,
        tallies=tallies,
    )


def _protected(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    return _said(
        N_("You are protected until your next turn."),
        N_("{name} is protected until their next turn."),
        e["player"],
        v,
        n,
    )


def _card_drawn(e: dict[str, Any], ed: str, n: Names, v: str | None) -> str:
    card = label(ed, e["card"])
    if e.get("from_set_aside"):
        return _("You drew {card} (the set-aside card).", card=card)
    return _("You drew {card}.", card=card)


FORMATTERS: dict[str, Formatter] = {
    "round_started": _round_started,
    "card_dealt": lambda e, ed, n, v: _("You were dealt {card}.", card=label(ed, e["card"])),
    "turn_started": lambda e, ed, n, v: None,
    "card_played": _card_played,
    "no_effect": _no_effect,
    "protected": _protected,
    "guess_result": _guess_result,
    "assassin_revealed": _assassin_revealed,
    "knocked_out": _knocked_out,
    "discarded": lambda e, ed, n, v: _said(
        N_("You discarded {card}."),
        N_("{name} discarded {card}."),
        e["player"],
        v,
        n,
        card=label(ed, e["card"]),
    ),
    "card_drawn": _card_drawn,
    "hand_seen": _hand_seen,
    "compared": _compared,
    "compare_result": _compare_result,
    "hands_swapped": _hands_swapped,
    "card_received": lambda e, ed, n, v: _(
        "You received {card} from {name}.", card=label(ed, e["card"]), name=name(n, e["giver"])
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


QUIET = frozenset({"turn_started", "compare_result"})
"""Event kinds told by the line of something else: a turn by the card played in it, a
comparison with a loser by that loser's "is out" line (a tie has its own). Every other event
has a line for every reader who may see it (tests/bot/games/test_every_event_told.py)."""


def render_event(
    event: dict[str, Any], edition_id: str, names: Names, viewer: str | None
) -> str | None:
    """One line for this event, or None when another line tells it (QUIET)."""
    formatter = FORMATTERS.get(event.get("type", ""))
    if formatter is None:
        return f"{event.get('type', 'event')}."
    return formatter(event, edition_id, names, viewer)
