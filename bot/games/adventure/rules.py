"""`/adventure rules [topic]`: the rules in short, our own words of rules/adventure.md (the
texts are marked for the catalogue and translated when shown)."""

from __future__ import annotations

from typing import Final

from bot.i18n import N_, _

TOPICS: Final[dict[str, tuple[str, str]]] = {
    "overview": (
        N_("The game"),
        N_(
            "2–4 hobbits start at Hobbiton with 12 LP and 10 GP. Travel Middle-earth, gather"
            " talismans, gold and gear, and be the first to defeat the Dragon at Carn Dûm (power"
            " 16). A hobbit at 0 LP is out; if all are out, the Dragon wins."
        ),
    ),
    "turn": (
        N_("A turn"),
        N_(
            "**Roll** the movement die (1, 1, 2, 2, 3, eagle), then **travel** up to that many"
            " roads (+1 with a Horse; eagle: any Adventure place) or **rest** (two Rest cards)."
            " Travelling on a 1 draws an Adventure card first. Arriving where other hobbits stand,"
            " you may riddle one of them instead of the place's action."
        ),
    ),
    "places": (
        N_("Places"),
        N_(
            "★ Haven: buy a talisman (5 GP), heal 2 LP (Rivendell, Lórien) or draw a Magic card"
            " (Grey Havens, Rhosgobel, Thranduil's Halls). ⬟ Village: draw a Riddle card, sell"
            " Jewellery, look at 5 Equipment cards and buy what the village sells. ● Adventure and"
            " ◆ Peril: draw a card of that deck. ⬢ Danger (Moria, Dol Guldur): fight a Danger"
            " creature for gold or a talisman. ⌂ Carn Dûm: fight the Dragon."
        ),
    ),
    "fights": (
        N_("Fights"),
        N_(
            "Avoid first (Shadow-shield, or Thunder of Light / Adan Wind-horn send it to the"
            " nearest other hobbit), or fight: power = green die + the creature's number. Prepare"
            " (one potion, Blessing, Scroll of Minds), roll three combat dice: |digits − pips|. You"
            " may reroll any dice twice. Total = roll + best weapon + defence + companions + Elven"
            " cloak + what you prepared, + 1 with a Lantern against a Peril creature (not against"
            " an enchanter). Total ≥ power wins the gold; else you lose the creature's LP."
        ),
    ),
    "dragon": (
        N_("The Dragon"),
        N_(
            "At Carn Dûm you must fight the Dragon: power 16, no die. Each talisman +1,"
            " Dragon-bane rune +2, Wizard's counsel +3. Win: you win the game. Lose: −7 LP and one"
            " red or yellow talisman is destroyed."
        ),
    ),
    "riddles": (
        N_("Riddle duels"),
        N_(
            "The challenger shows a Riddle card: the riddle and its answer become public. The"
            " challenged hobbit answers with a card that has that answer, or cannot (Shadow-shield"
            " refuses the duel). Answered: end the duel or ask one back. Not answered: the last"
            " challenger takes one Equipment card, a talisman it lacks, or half the gold."
        ),
    ),
    "free": (
        N_("Free actions"),
        N_(
            "Whenever the game waits for anyone, you may drink a potion or use Athelas to heal, or"
            " use the Scroll of Minds on a hobbit at your place — except in the middle of your own"
            " fight. They never change whose decision is awaited. In Discord the buttons are in"
            " **My pack**; in the terminal they are numbered choices, offered out of turn too."
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
            "Forced movement (Lost in the woods, Swept downriver, Fog) moves you, and you arrive"
            " there as if you had travelled (Fog: back where your turn began, and it ends); a Rope"
            " cancels one. Special movement (Friendly eagle, Hidden path) is yours to take or"
            " leave. Swift as the wind: on your turn, up to 5 roads instead of travelling."
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


def rules_text(topic: str | None) -> str:
    """One topic, or the overview with the list of topics."""
    if topic is not None and topic in TOPICS:
        title, body = TOPICS[topic]
        return f"**{_(title)}**\n{_(body)}"
    title, body = TOPICS["overview"]
    others = ", ".join(f"`{t}`" for t in TOPICS if t != "overview")
    more = _("More: `/adventure rules topic:` {topics}.", topics=others)
    return f"**{_(title)}**\n{_(body)}\n\n{more}"
