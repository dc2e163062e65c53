"""The page's own few words (buttons, headings, states of the connection), translated here
and sent in the first frame: the page has no translation system of its own."""

from __future__ import annotations

from bot.i18n import _


def strings() -> dict[str, str]:
    """Every text the page writes itself, by key, in the reader's language."""
    return {
        "title": _("Live table"),
        "connecting": _("Connecting…"),
        "reconnecting": _("Connection lost — reconnecting…"),
        "spectator": _("You are watching: the public table only."),
        "seat_you": _("you"),
        "turn": _("to play"),
        "your_hand": _("Your hand"),
        "your_pack": _("Your pack"),
        "known": _("What you know this round"),
        "odds": _("Cards you have not seen"),
        "recent": _("Last moves"),
        "discards": _("Discards"),
        "face_up": _("Face up"),
        "rules": _("Cards"),
        "back": _("Back"),
        "rematch": _("Rematch"),
        "undo": _("Undo"),
        "undo_hint": _("Take back your last decision: it rolled, drew and showed nothing."),
        "next_round": _("Next round"),
        "map": _("Map of Middle-earth"),
        "zoom_in": _("Zoom in"),
        "zoom_out": _("Zoom out"),
        "zoom_reset": _("Whole map"),
        "travel": _("Travel to"),
        "free": _("Free actions"),
        "decide": _("Your decision"),
        "riddles": _("Your Riddle cards"),
        "magic": _("Your Magic cards"),
        "hobbits": _("Hobbits"),
        "fight": _("Fight"),
        "lying": _("Talismans on the board"),
        "refused": _("Refused"),
        "game_over": _("The game is over."),
        "lp": _("LP"),
        "gp": _("GP"),
        "talismans": _("Talismans"),
        "equipment": _("Equipment"),
        "play_card": _("Play {card}"),
        "keep_roll": _("Keep this roll"),
        "dice": _("Dice"),
        "replay": _("Replay"),
        "replay_step": _("Move {step} of {steps}"),
        "replay_prev": _("Previous move"),
        "replay_next": _("Next move"),
        "replay_close": _("Back to the table"),
    }
