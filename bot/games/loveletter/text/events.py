"""Engine events -> one line of text each, for the public log or one player's eyes.

`render_event` matches the engine's typed event records (`engine.loveletter.events`) by class;
a stored event (its `to_dict()`) is read back into its record first. Each line receives the
edition, the display names and the viewer (None for the public table). Private events are only
ever rendered for a viewer in their audience; the caller filters with `Event.visible_to`. The
lines of a card play and its effects are in `text.plays`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.loveletter.text import plays
from bot.games.loveletter.text.cards import join_names, label, labels, name, one_tally, tally_list
from bot.games.loveletter.text.rounds import round_over_text
from bot.games.loveletter.text.said import Names, said
from bot.i18n import N_, _, p_
from engine.loveletter.events import (
    EVENT_TYPES,
    AssassinRevealed,
    CardDealt,
    CardDrawn,
    CardPlayed,
    CardReceived,
    Compared,
    CompareResult,
    DecidingRound,
    DecisionMade,
    DecisionPending,
    Discarded,
    Event,
    FlattererBound,
    GameEnded,
    GuessResult,
    HandSeen,
    HandsSwapped,
    JesterMarked,
    KnockedOut,
    NoEffect,
    Protected,
    RoundEnded,
    RoundStarted,
    TokenGained,
    TurnStarted,
    event_from_dict,
)

QUIET = frozenset({"turn_started", "compare_result"})
"""Event kinds told by the line of something else: a turn by the card played in it, a
comparison with a loser by that loser's "is out" line (a tie has its own). Every other event
has a line for every reader who may see it (tests/bot/games/test_every_event_told.py)."""


def render_event(
    event: Event | Mapping[str, Any], edition_id: str, names: Names, viewer: str | None
) -> str | None:
    """One line for this event (a record, or a stored one's dict), or None when another line
    tells it (QUIET)."""
    if not isinstance(event, Event):
        if event.get("type", "") not in EVENT_TYPES:
            return f"{event.get('type', 'event')}."
        event = event_from_dict(dict(event))
    return _line(event, edition_id, names, viewer)


def _line(e: Event, ed: str, n: Names, v: str | None) -> str | None:
    match e:
        case RoundStarted():
            return _round_started(e, ed, n, v)
        case CardDealt():
            return _("You were dealt {card}.", card=label(ed, e.card))
        case TurnStarted():
            return None
        case CardPlayed():
            return plays.card_played(e, ed, n, v)
        case NoEffect():
            return plays.no_effect(e, ed, n, v)
        case Protected():
            return said(
                N_("You are protected until your next turn."),
                N_("{name} is protected until their next turn."),
                e.player,
                v,
                n,
            )
        case GuessResult():
            return plays.guess_result(e, ed, n, v)
        case AssassinRevealed():
            return plays.assassin_revealed(e, ed, n, v)
        case KnockedOut():
            return plays.knocked_out(e, ed, n, v)
        case Discarded():
            card = label(ed, e.card)
            return said(
                N_("You discarded {card}."),
                N_("{name} discarded {card}."),
                e.player,
                v,
                n,
                card=card,
            )
        case CardDrawn():
            return _card_drawn(e, ed)
        case HandSeen():
            return plays.hand_seen(e, ed, n, v)
        case Compared():
            return plays.compared(e, ed, n, v)
        case CompareResult():
            return plays.compare_result(e, ed, n, v)
        case HandsSwapped():
            return plays.hands_swapped(e, ed, n, v)
        case CardReceived():
            card, giver = label(ed, e.card), name(n, e.giver)
            return _("You received {card} from {name}.", card=card, name=giver)
        case FlattererBound():
            return plays.flatterer_bound(e, ed, n, v)
        case JesterMarked():
            return plays.jester_marked(e, ed, n, v)
        case TokenGained():
            return _token_gained(e, ed, n, v)
        case DecisionPending():
            return said(
                N_("You must decide: keep your card or discard it and redraw."),
                N_("{name} must decide: keep their card or discard it and redraw."),
                e.player,
                v,
                n,
            )
        case DecisionMade():
            return _decision_made(e, n, v)
        case RoundEnded():
            return round_over_text(ed, n, e, v)
        case DecidingRound():
            between = join_names(n, e.players, v)
            return _("Tie at the target: {names} play a deciding round.", names=between)
        case GameEnded():
            return _game_ended(e, ed, n, v)
    return f"{e.type}."


def _round_started(e: RoundStarted, ed: str, n: Names, v: str | None) -> str:
    if e.first == v:
        text = _("**Round {round}** begins; you start.", round=e.round)
    else:
        text = _("**Round {round}** begins; {name} starts.", round=e.round, name=name(n, e.first))
    if e.deciding:
        between = join_names(n, e.players, v, p_("dative", "you"))
        text = _("**Deciding round** between {names}; {text}", names=between, text=text)
    if e.face_up:
        text += " " + _("Face up: {cards}.", cards=labels(ed, e.face_up))
    return text


def _card_drawn(e: CardDrawn, ed: str) -> str:
    card = label(ed, e.card)
    if e.from_set_aside:
        return _("You drew {card} (the set-aside card).", card=card)
    return _("You drew {card}.", card=card)


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


def _token_gained(e: TokenGained, ed: str, n: Names, v: str | None) -> str:
    mine, theirs = TOKEN_REASONS.get(e.reason, OTHER_REASON)
    tally = one_tally(ed)
    return said(mine, theirs, e.player, v, n, tally=tally, tokens=e.tokens, reason=e.reason)


def _decision_made(e: DecisionMade, n: Names, v: str | None) -> str:
    if e.choice == "keep":
        return said(
            N_("You chose to keep your card."),
            N_("{name} chose to keep their card."),
            e.player,
            v,
            n,
        )
    return said(
        N_("You chose to discard and redraw."),
        N_("{name} chose to discard and redraw."),
        e.player,
        v,
        n,
    )


def _game_ended(e: GameEnded, ed: str, n: Names, v: str | None) -> str:
    return said(
        N_("🏆 **You win the game!** Final tally: {tallies}."),
        N_("🏆 **{name} wins the game!** Final tally: {tallies}."),
        e.winner,
        v,
        n,
        tallies=tally_list(ed, n, e.tokens, v),
    )
