"""Love Letter in Discord: its rules of the table, presentation, read models, pictures,
components and their controller (the `/loveletter` cog is `cogs.loveletter`). Importing the
package registers the game with the platform."""

from bot.games.loveletter.presenter import PRESENTATION
from bot.games.loveletter.rules import RULES
from bot.platform.registry import register

register(RULES, PRESENTATION)

__all__ = ["PRESENTATION", "RULES"]
