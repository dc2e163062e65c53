"""The Hobbit Adventure Boardgame in Discord: presenter, read models, messages, the board
picture, components and their controller (the `/adventure` cog is `cogs.adventure`)."""

from bot.games.adventure.presenter import PRESENTER

__all__ = ["PRESENTER"]
