"""The Hobbit Adventure Boardgame in Discord: its rules of the table, presentation, read
models, the board picture, components and their controller (the `/adventure` cog is
`cogs.adventure`). Importing the package registers the game with the platform: second in
lists of games, its words in the `adventure` catalogue (the board picture's in
`adventure_pictures`, the cards' texts in `adventure_content`), its terminal tools."""

from bot.platform.registry import Texts, folders_of, register

TEXTS = Texts(
    "adventure",
    folders_of("adventure"),
    parts=(
        ("bot/games/adventure/pictures/", "adventure_pictures"),
        ("bot/games/adventure/text/cards.py", "adventure_content"),  # card help: the cards' texts
        ("bot/games/adventure/text/cardlookup.py", "adventure_content"),
    ),
    extractors={"adventure_content": ("bot.games.adventure.text.content:messages",)},
)
RULES = "bot.games.adventure.rules:RULES"
"""Imported at its first use: a command that only lists the games needs no game's rules."""
PRESENTATION = "bot.games.adventure.presenter:PRESENTATION"
"""Imported at its first use: the rules and the terminal need no discord."""
TOOLS = {
    "play": "bot.cli.adventure:start",
    "play check": "bot.cli.adventure:play_problem",
    "simulate": "bot.cli.adventure_simulate:run",
    "bench ai": "bot.bench.adventure:ai",
    "bench engine": "bot.bench.adventure:engine_against",
    "warm pictures": "bot.games.adventure:warm_pictures",
}


def warm_pictures(*, tables: bool = True) -> None:
    """Draw the board's backgrounds and every place's token spots once, without discord.py
    (the drawing worker process warms with this alone); the board is the only picture, so
    nothing to warm for hands (`tables=False`: its pack is text)."""
    if not tables:
        return
    import bot.games.adventure.pictures.from_table  # noqa: F401 - what a board is sent with
    from bot.games.adventure.pictures.board import background
    from bot.games.adventure.pictures.tokens import spots
    from engine.adventure.board import PLACES

    for hobbits in (2, 3, 4):
        background(hobbits)
    for place in PLACES:
        spots(place)


register(RULES, PRESENTATION, name="adventure", rank=2, texts=TEXTS, tools=TOOLS)

__all__ = ["PRESENTATION", "RULES"]
