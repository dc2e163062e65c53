"""The Hobbit Adventure Boardgame in Discord: its rules of the table, presentation, read
models, the board picture, components and their controller (the `/adventure` cog is
`cogs.adventure`). Importing the package registers the game with the platform."""

from bot.games.adventure.presenter import PRESENTATION
from bot.games.adventure.rules import RULES
from bot.platform.registry import register

register(RULES, PRESENTATION)

__all__ = ["PRESENTATION", "RULES"]
