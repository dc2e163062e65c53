"""What a player can submit: a card play with all its choices, or a decision (PEG-11)."""

from __future__ import annotations

from typing import Any, NamedTuple

Guess = str | int | None


class Play(NamedTuple):
    """Play `card` from the hand; every choice the card needs is part of the same move (C-3.4).

    Moves are named tuples: immutable, and hashed in C, which matters because `apply`
    checks every move against the legal-move set.

    `target` chooses one player; `targets` is for cards that choose one or two players
    (Baroness, Cardinal); `guess` is a card id (Hobbit, L5R) or a value (Pegasus);
    `look` is the Cardinal's choice of which of the two hands to look at.
    """

    player: str
    card: str
    target: str | None = None
    targets: tuple[str, ...] = ()
    guess: Guess = None
    look: str | None = None


class Decide(NamedTuple):
    """A decision that is not a card play: the Bishop's chosen player keeps or redraws."""

    player: str
    choice: str  # "keep" or "redraw"


Move = Play | Decide

DECISIONS = ("keep", "redraw")


def move_to_dict(move: Move) -> dict[str, Any]:
    """The scenario-format shape of a move (scenario-format.md); unset choices are omitted."""
    if isinstance(move, Decide):
        return {"player": move.player, "decision": move.choice}
    out: dict[str, Any] = {"player": move.player, "card": move.card}
    if move.target is not None:
        out["target"] = move.target
    if move.targets:
        out["targets"] = list(move.targets)
    if move.guess is not None:
        out["guess"] = move.guess
    if move.look is not None:
        out["look"] = move.look
    return out


def move_from_dict(data: object) -> Move:
    """Parse the scenario-format shape; ValueError says what is wrong with it."""
    if not isinstance(data, dict):
        raise ValueError("a move must be a JSON object")
    player = data.get("player")
    if not isinstance(player, str):
        raise ValueError("a move needs a 'player' string")
    if "decision" in data:
        choice = data["decision"]
        if choice not in DECISIONS:
            raise ValueError("'decision' must be 'keep' or 'redraw'")
        return Decide(player, choice)
    card = data.get("card")
    if not isinstance(card, str):
        raise ValueError("a move needs a 'card' id or a 'decision'")
    target = data.get("target")
    if target is not None and not isinstance(target, str):
        raise ValueError("'target' must be a player name")
    raw_targets = data.get("targets", [])
    if not isinstance(raw_targets, list) or not all(isinstance(t, str) for t in raw_targets):
        raise ValueError("'targets' must be a list of player names")
    guess = data.get("guess")
    if guess is not None and (isinstance(guess, bool) or not isinstance(guess, str | int)):
        raise ValueError("'guess' must be a card id or a value")
    look = data.get("look")
    if look is not None and not isinstance(look, str):
        raise ValueError("'look' must be a player name")
    return Play(player, card, target, tuple(raw_targets), guess, look)
