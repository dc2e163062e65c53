"""Love Letter in Discord: its rules of the table, presentation, read models, pictures,
components and their controller (the `/loveletter` cog is `cogs.loveletter`). Importing the
package registers the game with the platform: first in lists of games, its words in the
`loveletter` catalogue (its pictures' in `loveletter_pictures`), its terminal tools."""

from bot.platform.registry import Texts, folders_of, register

TEXTS = Texts(
    "loveletter",
    folders_of("loveletter"),
    parts=(("bot/games/loveletter/pictures/", "loveletter_pictures"),),
    extractors={"loveletter": ("bot.games.loveletter.text.cardnames:catalogue_entries",)},
)
RULES = "bot.games.loveletter.rules:RULES"
"""Imported at its first use: a command that only lists the games needs no game's rules."""
PRESENTATION = "bot.games.loveletter.presenter:PRESENTATION"
"""Imported at its first use: the rules and the terminal need no discord."""
TOOLS = {
    "play": "bot.cli.play:start_loveletter",
    "play check": "bot.cli.play:love_letter_problem",
    "simulate": "bot.cli.simulate:run_loveletter",
    "bench ai": "bot.bench.ai:run_loveletter",
    "bench engine": "bot.bench.engine:run_loveletter",
    "warm pictures": "bot.games.loveletter:warm_pictures",
}


def warm_pictures(*, tables: bool = True) -> None:
    """Draw every edition's card faces once (`tables=False`: what a hand pastes), without
    discord.py: the drawing worker process warms with this alone. With the tables, load
    what a table picture is unpickled with too (`pictures.from_table`), or the worker's
    first picture would import it, queueing every picture behind it (bench service: p99
    of the table picture after its move 37-47 -> 450-540 ms), and its objects would be left
    out of the freeze that follows the warm-up."""
    from bot.games.loveletter.pictures.faces import warm
    from engine.loveletter import EDITIONS

    if tables:
        import bot.games.loveletter.pictures.from_table  # noqa: F401
    for edition_id in EDITIONS:
        warm(edition_id, tables=tables)


register(RULES, PRESENTATION, name="loveletter", rank=1, texts=TEXTS, tools=TOOLS)

__all__ = ["PRESENTATION", "RULES"]
