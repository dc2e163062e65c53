"""`/adventure rules [topic]`: the rules in short, our own words of rules/adventure.md (the
texts are marked for the catalogue and translated when shown)."""

from __future__ import annotations

import re
from typing import Final

from bot.games.adventure.text.names import card_name, place
from bot.i18n import N_, _
from bot.i18n.shown import CHOICE_NAME, OPTION_NAME, shown_command, shown_text
from engine.adventure import board as B

TEMPLATES: Final[dict[str, tuple[str, str]]] = {
    "overview": (
        N_("The game"),
        N_(
            "2–4 hobbits start at {hobbiton} with 12 LP and 10 GP. Travel Middle-earth, gather"
            " talismans, gold and gear, and be the first to defeat the Dragon at {carn_dum}"
            " (power 16). A hobbit at 0 LP is out; if all are out, the Dragon wins."
        ),
    ),
    "turn": (
        N_("A turn"),
        N_(
            "**Roll** the movement die (1, 1, 2, 2, 3, eagle), then **travel** up to that many"
            " roads (+1 with a {horse}; eagle: any Adventure place) or **rest** (two Rest cards)."
            " Travelling on a 1 draws an Adventure card first. Arriving where other hobbits"
            " stand, you may riddle one of them instead of the place's action."
        ),
    ),
    "places": (
        N_("Places"),
        N_(
            "★ Haven: buy a talisman (5 GP), heal 2 LP ({rivendell}, {lorien}) or draw a Magic"
            " card ({grey_havens}, {rhosgobel}, {thranduil_s_halls}). ⬟ Village: draw a Riddle"
            " card, sell {jewellery}, look at 5 Equipment cards and buy what the village sells. ●"
            " Adventure and ◆ Peril: draw a card of that deck. ⬢ Danger ({moria}, {dol_guldur}):"
            " fight a Danger creature for gold or a talisman. ⌂ {carn_dum}: fight the Dragon."
        ),
    ),
    "fights": (
        N_("Fights"),
        N_(
            "Avoid first ({shadow_shield}, or {thunder_of_light} / {adan_wind_horn} send it to"
            " the nearest other hobbit), or fight: power = green die + the creature's number."
            " Prepare (one potion, {blessing}, {scroll_of_minds}), roll three combat dice:"
            " |digits − pips|. You may reroll any dice twice. Total = roll + best weapon +"
            " defence + companions + Elven cloak + what you prepared, + 1 with a {lantern}"
            " against a Peril creature (not against an enchanter). Total ≥ power wins the gold;"
            " else you lose the creature's LP."
        ),
    ),
    "dragon": (
        N_("The Dragon"),
        N_(
            "At {carn_dum} you must fight the Dragon: power 16, no die. Each talisman +1,"
            " {dragon_bane_rune} +2, {wizard_s_counsel} +3. Win: you win the game. Lose: −7 LP"
            " and one red or yellow talisman is destroyed."
        ),
    ),
    "riddles": (
        N_("Riddle duels"),
        N_(
            "The challenger shows a Riddle card: the riddle and its answer become public. The"
            " challenged hobbit answers with a card that has that answer, or cannot"
            " ({shadow_shield} refuses the duel). Answered: end the duel or ask one back. Not"
            " answered: the last challenger takes one Equipment card, a talisman it lacks, or"
            " half the gold."
        ),
    ),
    "free": (
        N_("Free actions"),
        N_(
            "Whenever the game waits for anyone, you may drink a potion or use {athelas} to heal,"
            " or use the {scroll_of_minds} on a hobbit at your place — except in the middle of"
            " your own fight. They never change whose decision is awaited. In Discord the buttons"
            " are in **My pack**; in the terminal they are numbered choices, offered out of turn"
            " too."
        ),
    ),
    "dice": (
        N_("Combat dice"),
        N_(
            "Each of the three combat dice shows a digit (1, 2, 3) or pips (•, ••, •••). The roll"
            " is the digits added up minus the pips added up, without its sign: [2] [•••] [•••]"
            " is 2 − 6, so 4; [3] [3] [•] is 6 − 1 = 5. Three of one sort simply add up."
        ),
    ),
    "moving": (
        N_("Cards that move you"),
        N_(
            "Forced movement ({lost_in_the_woods}, {swept_downriver}, {fog}) moves you, and you"
            " arrive there as if you had travelled ({fog}: back where your turn began, and it"
            " ends); a {rope} cancels one. Special movement ({friendly_eagle}, {hidden_path}) is"
            " yours to take or leave. {swift_as_the_wind}: on your turn, up to 5 roads instead of"
            " travelling."
        ),
    ),
    "secrets": (
        N_("What each hobbit knows"),
        N_(
            "Everything is public — places, LP, GP, talismans, Equipment, companions, dice and"
            " every card drawn — except each hobbit's Riddle and Magic cards: the others see how"
            " many you hold, not which, until you play or show one."
        ),
    ),
}


def topic(key: str) -> tuple[str, str]:
    """A topic's title and text in the reader's language, its places and cards named."""
    title, body = TEMPLATES[key]
    return _(title), _(body, **_named())


def rules_text(key: str | None) -> str:
    """One topic, or the overview with the list of topics."""
    if key is not None and key in TEMPLATES:
        title, body = topic(key)
        return f"**{title}**\n{body}"
    title, body = topic("overview")
    return f"**{title}**\n{body}\n\n{more_topics()}"


def more_topics() -> str:
    """The line under the overview: the command and the topics to pick, as the reader's
    Discord names them (`/abenteuer regeln thema:` `Spielzug`, … for a German client)."""
    command = f"{shown_command('adventure rules')} {shown_text('topic', OPTION_NAME)}:"
    others = ", ".join(f"`{shown_text(t, CHOICE_NAME)}`" for t in TEMPLATES if t != "overview")
    return _("More: `/{command}` {topics}.", command=command, topics=others)


def _named() -> dict[str, str]:
    """The places and cards the topics name (`{rivendell}`, `{rope}`), by their names in the
    reader's language: the content's catalogue names them, so the help agrees with the board."""
    keys = (f for __, body in TEMPLATES.values() for f in re.findall(r"\{(\w+)\}", body))
    return {k: place(k) if k in B.PLACES else card_name(k) for k in keys}


TOPICS: Final[dict[str, tuple[str, str]]] = {
    key: (title, body.format(**_named())) for key, (title, body) in TEMPLATES.items()
}
"""The topics in English, as written (`topic(key)` says one in the reader's language)."""
