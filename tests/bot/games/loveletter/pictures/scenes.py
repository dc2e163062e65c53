"""Stacked positions the picture tests draw: each names the cards that matter."""

from __future__ import annotations

import random

from bot.games.loveletter.models import piles_after
from engine.loveletter import (
    GameState,
    PlayerView,
    apply,
    events,
    legal_moves,
    new_game,
    player_view,
)
from engine.loveletter.state import RoundResult
from tests.engine.loveletter.stacking import mv, run_moves, stacked_state

NAMES = {"ann": "Ann", "bob": "Bob", "cid": "Cid", "dan": "Dan", "eve": "Eve"}


def hobbit_two() -> GameState:
    """Ann has played Gandalf (protected); Bob to play Bard or Thorin. Three cards face up."""
    st = stacked_state(
        "hobbit", {"ann": "smaug", "bob": "bard"}, ["gandalf", "thorin"],
        face_up=["smaug", "smaug", "legolas"],
    )  # fmt: skip
    st, _ = run_moves(st, [mv("ann", "gandalf")])
    return st


def pegasus_five() -> GameState:
    """Ann's Jester marks Bob; Bob's Guardswoman knocks Cid out; Dan to play."""
    hands = {"ann": "jester", "bob": "guardswoman", "cid": "handmaid", "dan": "priest"}
    hands["eve"] = "baron"
    st = stacked_state("pegasus", hands, ["count", "guard", "prince"])
    moves = [mv("ann", "jester", "bob"), mv("bob", "guardswoman", "cid", 4)]
    st, _ = run_moves(st, moves)
    return st


def guard_ends_round() -> tuple[PlayerView, RoundResult, dict[str, tuple[str, ...]]]:
    """Ann's Guard names Bob's Princess: Bob is out, Ann wins round 1 (L5R-10)."""
    st = stacked_state("l5r", {"ann": "guard", "bob": "princess"}, ["courtier"])
    end, happened = run_moves(st, [mv("ann", "guard", "bob", "princess")])
    return player_view(end, None), end.history[-1], piles_after(player_view(st, None), happened)


def deck_runs_out(seed: int = 0) -> tuple[PlayerView, RoundResult, dict[str, tuple[str, ...]]]:
    """The first round of seeded random Pegasus games (4 players) that ends with the draw
    pile empty and at least two hands revealed: the round-end picture with reveals."""
    while True:
        rng = random.Random(seed)
        st = new_game("pegasus", ["ann", "bob", "cid", "dan"], rng)
        while not st.over:
            new, happened = apply(st, rng.choice(legal_moves(st)))
            ended = [e for e in happened if isinstance(e, events.RoundEnded)]
            if ended and ended[0].ended_by == "deck_empty" and len(ended[0].reveal) >= 2:
                piles = piles_after(player_view(st, None), happened)
                return player_view(new, None), new.history[-1], piles
            st = new
        seed += 1


SEATS = ("ann", "bob", "cid", "dan", "eve", "fay", "gus", "hal")
LONG_NAMES = {**NAMES, "cid": "Maximiliane Longname", "fay": "Fay", "gus": "Gus", "hal": "Hal"}


def midway(edition: str, players: int, seed: int, moves: int) -> GameState:
    """A seeded random first round after `moves` moves (fewer if it would end)."""
    rng = random.Random(seed)
    st = new_game(edition, list(SEATS[:players]), rng)
    for _ in range(moves):
        new, happened = apply(st, rng.choice(legal_moves(st)))
        if any(isinstance(e, events.RoundEnded) for e in happened):
            break
        st = new
    return st


def round_end(
    edition: str, players: int, seed: int, want: object = None
) -> tuple[PlayerView, RoundResult, dict[str, tuple[str, ...]], tuple[events.Event, ...]]:
    """The first round end of seeded random games (from `seed` on) for which `want(result)`
    holds: (view after, result, piles as it ended, public events of the ending move)."""
    while True:
        rng = random.Random(seed)
        st = new_game(edition, list(SEATS[:players]), rng)
        while not st.over:
            new, happened = apply(st, rng.choice(legal_moves(st)))
            if any(isinstance(e, events.RoundEnded) for e in happened):
                result = new.history[-1]
                if want is None or want(result):  # type: ignore[operator]
                    piles = piles_after(player_view(st, None), happened)
                    public = tuple(e for e in happened if e.audience is None)
                    return player_view(new, None), result, piles, public
                break
            st = new
        seed += 1
