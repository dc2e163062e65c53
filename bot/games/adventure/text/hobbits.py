"""Names for AI hobbits: hobbits of the Shire instead of "Standard bot 1", and the label that
puts an AI hobbit's level beside its name wherever seats are listed (lobby, addbot, kick).

A seat's number (its player id `ai<n>`, unique within a game) picks its name, so the names are
unique within a game and the same in every run.
"""

from __future__ import annotations

from bot.i18n import N_, _
from storage import Seat

HOBBITS = (
    "Rosie Cotton",
    "Fatty Bolger",
    "Lobelia Sackville",
    "Farmer Maggot",
    "Hamfast Gamgee",
    "Belladonna Took",
    "Bungo Baggins",
    "Lotho Pimple",
    "Ted Sandyman",
    "Old Noakes",
)


AI_LEVELS = {
    "novice": N_("novice"),
    "standard": N_("standard"),
    "expert": N_("expert"),
}
"""The AI levels (`engine.adventure.GAME.ai_levels`) as a reader names them."""


def hobbit_name(number: int) -> str:
    """The AI hobbit of seat `ai<number>` (1-based); past the list, numbered Shire names."""
    if 1 <= number <= len(HOBBITS):
        return HOBBITS[number - 1]
    return f"{HOBBITS[(number - 1) % len(HOBBITS)]} {(number - 1) // len(HOBBITS) + 1}"


def seat_label(seat: Seat) -> str:
    """`Rosie Cotton (AI, standard)` for an AI seat; a player's own name otherwise."""
    if seat.ai_level is None or seat.user_id is not None:
        return seat.display_name
    level = _(AI_LEVELS[seat.ai_level]) if seat.ai_level in AI_LEVELS else seat.ai_level
    return _("{name} (AI, {level})", name=seat.display_name, level=level)
