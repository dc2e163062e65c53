"""Public tables for the board picture's tests: scenario positions built through the engine,
with a fight, a riddle duel, a hobbit out or a winner set on the state the way the engine
keeps them, read through the spectator view like the bot's table."""

from __future__ import annotations

from typing import Any

from bot.games.adventure.models import COLOUR_NAMES, COLOURS, AdvTable, Seat
from bot.games.adventure.rules import reach_of
from bot.games.adventure.text.happenings import Move
from engine.adventure import GAME
from engine.adventure.scenario import build
from engine.adventure.state import Duel, Fight, State

PLAYERS = ["ann", "bob", "cid", "dee"]
NAMES = ["Ann", "Standard bot 1", "Standard bot 2", "Dee"]
"""Two names that share an initial, as two AI hobbits did."""
STACKED: dict[str, Any] = {
    "seed": 4,
    "hobbits": {
        "ann": {"place": "rivendell", "talismans": ["blue"]},
        "bob": {"place": "rivendell", "cards": ["athelas"]},
        "cid": {"place": "moria"},
        "dee": {"place": "lake_town", "cards": ["r05"]},
    },
    "dice": {"movement": [3]},
}


def seats(names: list[str] = NAMES) -> tuple[Seat, ...]:
    return tuple(Seat(p, names[i], COLOURS[i], COLOUR_NAMES[i]) for i, p in enumerate(PLAYERS))


def table(state: State, move: Move | None = None, names: list[str] = NAMES) -> AdvTable:
    view = GAME.view(state, None)
    active = state.active
    legal = GAME.legal(state, active) if active and not state.over else ()
    awaiting = GAME.awaiting(state)
    return AdvTable(1, 1, view, seats(names), awaiting, reach_of(view, legal), (), move=move)


def after_roll(data: dict[str, Any] = STACKED) -> State:
    """Ann has rolled a 3 at Rivendell, where Bob stands too."""
    state = build(data, PLAYERS, "ann")
    state, _ = GAME.apply(state, "ann", GAME.legal(state, "ann")[0])
    return state


def fight() -> State:
    """Ann fights a Cave-troll at Moria, where Cid stands; Dee is out."""
    state = build(STACKED, PLAYERS, "ann")
    state.hobbits["ann"].place = "moria"
    state.fight = Fight("ann", "peril", "cave_troll", "moria")
    state.hobbits["dee"].out = True
    return state


def duel() -> State:
    """Bob challenges Dee to a riddle duel at Lake-town."""
    state = build(STACKED, PLAYERS, "ann")
    state.hobbits["bob"].place = "lake_town"
    state.duel = Duel("bob", "dee")
    return state


def won() -> State:
    """Ann has defeated the Dragon; Cid is out."""
    state = build(STACKED, PLAYERS, "ann")
    state.hobbits["ann"].place = "withered_heath"
    state.hobbits["ann"].talismans = ["blue", "green", "red", "yellow"]
    state.hobbits["cid"].out = True
    state.winner = "ann"
    state.pending = None
    return state
