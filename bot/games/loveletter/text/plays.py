"""The lines of a card play and what it did: played, no effect, guesses, comparisons, looks,
trades, the Flatterer's bond and the Jester's mark (one typed event each, `text.events`).

Private events are only rendered for a viewer in their audience; the caller filters with
`Event.visible_to`.
"""

from __future__ import annotations

from bot.games.loveletter.text.cardnames import card_gender
from bot.games.loveletter.text.cards import guess_text, join_names, label, labels, name, one_tally
from bot.games.loveletter.text.said import Names, said
from bot.i18n import G_, N_, _, g_, p_
from engine.loveletter.events import (
    AssassinRevealed,
    CardPlayed,
    Compared,
    CompareResult,
    FlattererBound,
    GuessResult,
    HandSeen,
    HandsSwapped,
    JesterMarked,
    KnockedOut,
    NoEffect,
)


def card_played(e: CardPlayed, ed: str, n: Names, v: str | None) -> str:
    player = e.player
    card = label(ed, e.card)
    targets = list(e.targets or ())
    on = ""
    if targets:
        others = [t for t in targets if t != player]
        on = join_names(n, others, v, p_("accusative", "you")) if others else ""
        if player in targets:  # a card played on its own player ("yourself", never "You")
            self_word = _("yourself") if player == v else _("themselves")
            on = _("{names} and {last}", names=on, last=self_word) if on else self_word
    guess = guess_text(ed, e.guess) if e.guess is not None else None
    if on and guess:
        return said(
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
        return said(
            N_("You played {card} on {on}."),
            N_("{name} played {card} on {on}."),
            player,
            v,
            n,
            card=card,
            on=on,
        )
    if guess:
        return said(
            N_("You played {card} and named {guess}."),
            N_("{name} played {card} and named {guess}."),
            player,
            v,
            n,
            card=card,
            guess=guess,
        )
    return said(N_("You played {card}."), N_("{name} played {card}."), player, v, n, card=card)


def no_effect(e: NoEffect, ed: str, n: Names, v: str | None) -> str:
    """C-5: why nothing happened, so nobody thinks the card was wasted by a bug."""
    card = label(ed, e.card)
    of = card_gender(ed, e.card)  # Kili and Fili are two: "hatten keine Wirkung"
    protected = list(e.protected or ())
    if protected:
        if protected == [v]:
            return g_(of, "{card} had no effect: you are protected.", card=card)
        who = join_names(n, protected, v)
        if len(protected) == 1:
            return g_(of, "{card} had no effect: {names} is protected.", card=card, names=who)
        return g_(of, "{card} had no effect: {names} are protected.", card=card, names=who)
    return said(
        G_(
            "{card} had no effect: the Flatterer bound it to you, and it can only choose"
            " another player."
        ),
        G_(
            "{card} had no effect: the Flatterer bound it to {name}, and it can only choose"
            " another player."
        ),
        e.player,
        v,
        n,
        of,
        card=card,
    )


def guess_result(e: GuessResult, ed: str, n: Names, v: str | None) -> str:
    if e.correct:
        return said(
            N_("The guess on you was right."),
            N_("The guess on {name} was right."),
            e.target,
            v,
            n,
        )
    return said(
        N_("The guess on you was wrong."), N_("The guess on {name} was wrong."), e.target, v, n
    )


def compared(e: Compared, ed: str, n: Names, v: str | None) -> str:
    if v == e.target:
        other, mine, theirs = e.player, e.target_card, e.player_card
    else:
        other, mine, theirs = e.target, e.player_card, e.target_card
    return _(
        "You compared hands with {name}: you had {mine}, {name} had {theirs}.",
        name=name(n, other),
        mine=label(ed, mine),
        theirs=label(ed, theirs),
    )


def compare_result(e: CompareResult, ed: str, n: Names, v: str | None) -> str | None:
    """Only a tie needs its own line: a loser's "is out" line follows (one line per fact), and
    the two players' own "compared" line already showed them both cards."""
    if e.loser is not None:
        return None
    if v in (e.player, e.target):
        return _("It is a tie: nobody is out.")
    return _(
        "{first} and {second} compared hands: a tie.",
        first=name(n, e.player),
        second=name(n, e.target),
    )


def assassin_revealed(e: AssassinRevealed, ed: str, n: Names, v: str | None) -> str:
    holder, guesser = e.holder, e.guesser
    values = {"holder": name(n, holder), "guesser": name(n, guesser)}
    if holder == v:
        return _("You revealed the Assassin against {guesser}'s guess.", **values)
    if guesser == v:
        return _("{holder} revealed the Assassin against your guess.", **values)
    return _("{holder} revealed the Assassin against {guesser}'s guess.", **values)


def knocked_out(e: KnockedOut, ed: str, n: Names, v: str | None) -> str:
    return said(
        N_("You are out of the round (discarded {cards})."),
        N_("{name} is out of the round (discarded {cards})."),
        e.player,
        v,
        n,
        cards=labels(ed, e.discarded),
    )


def hand_seen(e: HandSeen, ed: str, n: Names, v: str | None) -> str:
    card = label(ed, e.card)
    if e.target == v:  # (Cardinal: your own)
        return _("You saw your own card: {card}.", card=card)
    return _("You saw {name}'s card: {card}.", name=name(n, e.target), card=card)


def hands_swapped(e: HandsSwapped, ed: str, n: Names, v: str | None) -> str:
    first, second = (e.second, e.first) if e.second == v else (e.first, e.second)
    if first == v:
        return _("You and {name} traded hands.", name=name(n, second))
    return _("{first} and {second} traded hands.", first=name(n, first), second=name(n, second))


def flatterer_bound(e: FlattererBound, ed: str, n: Names, v: str | None) -> str:
    player, target = e.player, e.target
    whom = name(n, target)
    if target == player:
        return said(
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


def jester_marked(e: JesterMarked, ed: str, n: Names, v: str | None) -> str:
    player, target = e.player, e.target
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
