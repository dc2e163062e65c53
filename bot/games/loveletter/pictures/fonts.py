"""The pictures' fonts: the platform's shared loader (`bot.ui.fonts`), under its old name."""

from bot.ui.fonts import SANS, SERIF, font, serif

__all__ = ["SANS", "SERIF", "font", "serif"]
