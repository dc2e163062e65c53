"""Nim in the terminal (its `play` tool): you against AI seats, a numbered choice a turn;
end of input leaves with status 0 (as every terminal game)."""

from __future__ import annotations

import argparse
import random

from tests.games.nim.engine import GAME


def start(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    players = ["you", *(f"ai{n}" for n in range(1, args.players))]
    state = GAME.create("classic", players, {}, rng)
    print(f"Nim: {state.heap} stones; take 1 to 3, who takes the last stone wins.")
    while not GAME.is_over(state):
        player = GAME.awaiting(state)[0]
        legal = GAME.legal(state, player)
        if player == "you":
            print(f"Stones left: {state.heap}. " + " ".join(f"{d.stones}." for d in legal))
            try:
                answer = input("Take how many? ")
            except EOFError:
                print("\nInput closed; game abandoned.")
                return 0
            chosen = [d for d in legal if str(d.stones) == answer.strip()]
            if not chosen:
                print(f"Please enter a number from 1 to {len(legal)}.")
                continue
            decision = chosen[0]
        else:
            decision = GAME.choose(args.ai, GAME.view(state, player), legal, rng)
        state, events = GAME.apply(state, player, decision)
        for event in events:
            data = event.to_dict()
            if data["type"] == "took":
                print(f"{data['player']} took {data['stones']}; {data['left']} left.")
    winner = GAME.result(state)
    assert winner is not None
    print("You win the game!" if winner.winners == ("you",) else f"{winner.winners[0]} wins.")
    return 0


def problem(args: argparse.Namespace) -> str | None:
    """Nim's own check of the `play` options (its `play check` tool)."""
    if args.edition is not None:
        return "Nim has no editions"
    if args.ai not in GAME.ai_levels:
        return f"Nim's AI level is {', '.join(GAME.ai_levels)}"
    if not 2 <= args.players <= 4:
        return "Nim takes 2 to 4 players"
    return None
