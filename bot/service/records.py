"""The stored records the service hands out (games, seats, a player's settings and totals),
named here for the cogs: they reach storage only through the service (tests/test_architecture.py).
"""

from storage import Game, Seat, UserSettings, UserStats

__all__ = ["Game", "Seat", "UserSettings", "UserStats"]
