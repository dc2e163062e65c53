"""The Hobbit Adventure Boardgame (adventure.md): the pure rules engine of the second game.

`GAME` is the platform's handle (engine.api.Game). Modules: board (ADV-2), cards and riddles
(ADV-10), state, decisions, events, legal (what may be decided), rules (new_game, apply),
flow (the run loop), fight (ADV-6/7), cardplay (ADV-10/11), places (ADV-4/5), riddling
(ADV-8), view (ADV-12), undo (which decisions may be taken back), codec (JSON), scenario
(adventure-scenario-format.md), ai.
"""

from engine.adventure.game import GAME

__all__ = ["GAME"]
