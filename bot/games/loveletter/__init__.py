from bot.games.loveletter.presenter import PRESENTER

__all__ = ["PRESENTER"]
