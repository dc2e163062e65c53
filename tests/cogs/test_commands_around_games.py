"""The commands around the games in the reader's words (issue 41): help, rules (each edition's,
a card's, the Rules buttons), settings, odds, stats, every leaderboard, history, the server's
language and the refusals that name a command. Whole games were German already; these were
not ("keine crowns, tokens of affection oder hearts", the help's English descriptions,
`/adventure rules topic:` `turn`, "The Hobbit Adventure Boardgame — beendete Spiele").

Each reply is read twice: under the pseudo-locale it must have gone through the catalogues
(no plain English word left), and a German client on a German server must read none of the
words the same reply says in English (names aside)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.games.adventure.text.names import place
from bot.games.loveletter.text.cardnames import card_name
from bot.i18n import GERMAN, _, force_locale, use_locale
from bot.i18n.pseudo import plain_words
from cogs.adventure import ORDER_CHOICES, TOPIC_CHOICES
from cogs.loveletter import TALLY_CHOICES
from engine.adventure.board import PLACES
from engine.adventure.cards import CARDS
from engine.loveletter.editions import EDITIONS
from engine.loveletter.game import ROUNDS_WON, TALLY_METRIC
from storage import GameEnd
from tests.cogs.driver import button, message_text
from tests.cogs.locales import client_locales
from tests.cogs.loveletter.test_german_loveletter import Everyone
from tests.cogs.loveletter.test_languages import manager

PLAYERS = ("ann", "bob")
ROBOT = "Robo"  # the AI seats' stored name in these games (see the report on AI seat names)
TYPED = "nobody"  # a card nobody has: the refusal quotes what was typed
# Names, the same in every language: the players, what ann typed, the game's name, the
# language named in itself, "LP" (the Adventure's own abbreviation).
NAMES = frozenset(
    {*PLAYERS, "boss", ROBOT, TYPED, "Love", "Letter", "loveletter", "Pegasus", "English", "LP"}
)


def shared_with_english() -> frozenset[str]:
    """Words a German reply rightly shares with its English: names, and a few words both
    languages have. The English rules name each Pegasus card's German name too ("Bishop
    (Bischof, 9)"), the Adventure's places and cards keep names such as Carn Dûm or Athelas,
    and `hand` and `tabletop` are the German commands' names as well."""
    with use_locale(GERMAN):
        named = [card_name(ed, c) for ed, edition in EDITIONS.items() for c in edition.by_id]
        named += [place(p) for p in PLACES] + [_(card.name) for card in CARDS.values()]
    same = "Hobbit Discord Server DMs hand tabletop minus die"  # "die": a die, and German's article
    return frozenset({*NAMES, *same.split(), *(w for n in named for w in words(n))})


async def finished(
    storage: Any, guild: Any, channel: Any, game: str, variant: str, order: list[Any]
) -> None:
    """A finished game in `order` (the first wins), saved as a game's end saves it; a str in
    `order` is an AI seat of that level."""
    lobby = await storage.create_lobby(guild.id, channel.id, game, variant, 1)
    ids = []
    for i, who in enumerate(order):
        if isinstance(who, str):
            await storage.join(lobby.id, f"p{i}", ROBOT, ai_level=who)
        else:
            await storage.join(lobby.id, f"p{i}", who.name, user_id=who.id)
        ids.append(f"p{i}")
    await storage.start(lobby.id, "{}")
    if game == "loveletter":
        won = {TALLY_METRIC[variant]: 2, ROUNDS_WON: 2}
    else:
        won = {"dragons_defeated": 1}
    gains = {p: won if p == ids[0] else {} for p in ids}
    end = GameEnd((ids[0],), gains, {}, {"turns": 31})
    await storage.save_move(lobby.id, 0, "{}", {}, ids[0], game_end=end)


async def tour(env: Any, guild: Any) -> dict[str, str]:
    """What ann reads after each command around the games on `guild` (and the other
    messages each answer took), by command: a Love Letter game runs in one channel, five of
    each game are finished, one channel has no game."""
    cards, empty, board = (guild.create_text_channel(n) for n in ("karten", "leer", "brett"))
    ann, bob = (guild.add_member(env.create_user(n)) for n in PLAYERS)
    boss = manager(env, guild)
    (language,) = [c for c in await env.bot.tree.fetch_commands() if c.name == "tabletop"]
    guild.set_command_permissions(language, {ann: True})  # allowed her: the bot refuses her
    storage = env.bot.storage
    for _game in range(5):  # five rated games: ratings on the leaderboards, the AI's line
        await finished(storage, guild, board, "loveletter", "pegasus", [ann, "novice", bob])
        await finished(storage, guild, board, "adventure", "classic", [ann, "novice", bob])
    await ann.slash(cards, "loveletter new", edition="pegasus", timer=0)
    await bob.slash(cards, "loveletter join")
    await ann.slash(cards, "loveletter start")
    game = await storage.get_game_in_channel(cards.id)
    table = next(m for m in cards.history() if m.id == game.table_message_id)
    answers: dict[str, Any] = {
        "help": ann.slash(cards, "loveletter help"),
        "rules": ann.slash(cards, "loveletter rules"),
        "rules of a card": ann.slash(cards, "loveletter rules", card="countess"),
        "rules of no card": ann.slash(cards, "loveletter rules", card=TYPED),
        "the Rules button": ann.click(table, custom_id=button(table, "ll:rules:")),
        "settings": ann.slash(cards, "loveletter settings"),
        "settings off": ann.slash(cards, "loveletter settings", dm="off", pictures="off"),
        "settings on": ann.slash(cards, "loveletter settings", dm="on", pictures="on"),
        "tabletop settings": ann.slash(cards, "tabletop settings"),
        "tabletop settings off": ann.slash(cards, "tabletop settings", dm="off", pictures="off"),
        "tabletop settings on": ann.slash(cards, "tabletop settings", dm="on", pictures="on"),
        "odds": ann.slash(cards, "loveletter odds"),
        "leaderboard": ann.slash(cards, "loveletter leaderboard"),
        "an edition's leaderboard": ann.slash(cards, "loveletter leaderboard", edition="hobbit"),
        **{
            f"leaderboard by {c.value}": ann.slash(cards, "loveletter leaderboard", tally=c.value)
            for c in TALLY_CHOICES
        },
        "stats": ann.slash(cards, "loveletter stats"),
        "bob's stats": ann.slash(cards, "loveletter stats", user=bob.user),
        "history": ann.slash(cards, "loveletter history"),
        "my history": ann.slash(cards, "loveletter history", mine=True),
        "no game here": ann.slash(empty, "loveletter table"),
        "another game here": ann.slash(cards, "adventure start"),
        "no adventure here": ann.slash(empty, "adventure start"),
        "adventure rules": ann.slash(board, "adventure rules"),
        **{
            f"adventure rules {c.value}": ann.slash(board, "adventure rules", topic=c.value)
            for c in TOPIC_CHOICES
        },
        "adventure card": ann.slash(board, "adventure rules", card="equipment:lantern"),
        "adventure no card": ann.slash(board, "adventure rules", card=TYPED),
        **{
            f"adventure leaderboard by {c.value}": ann.slash(
                board, "adventure leaderboard", tally=c.value
            )
            for c in ORDER_CHOICES
        },
        "adventure stats": ann.slash(board, "adventure stats"),
        "adventure history": ann.slash(board, "adventure history"),
        "language, not a manager": ann.slash(cards, "tabletop language", language="de"),
        "language": boss.slash(cards, "tabletop language", language="default"),
    }
    read = {}
    for what, answer in answers.items():  # one after the other, as a player asks them
        res = await answer
        read[what] = "\n".join(message_text(m) for m in (res.response, *res.followups))
    return read


def words(text: str) -> set[str]:
    """The words of three letters or more (in any alphabet), outside mentions and links."""
    text = re.sub(r"<[^<>\s]+>", " ", text)
    return set(re.findall(r"[^\W\d_]{3,}", text))


async def test_every_reply_around_the_games_went_through_the_catalogues(simcord_env) -> None:
    with force_locale("pseudo"):
        read = await tour(simcord_env, simcord_env.create_guild())
    assert len(read) > 40
    leaks = {what: plain_words(text, NAMES) for what, text in read.items()}
    assert {what: found for what, found in leaks.items() if found} == {}


async def test_a_german_client_on_a_german_server_reads_no_english_around_the_games(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    english = await tour(simcord_env, simcord_env.create_guild())
    with client_locales(monkeypatch, Everyone(GERMAN)):
        german = await tour(simcord_env, simcord_env.create_guild(preferred_locale=GERMAN))
    assert german.keys() == english.keys()
    shared = shared_with_english()
    english_words = {what: words(german[what]) & words(text) for what, text in english.items()}
    assert {
        what: sorted(found - shared) for what, found in english_words.items() if found - shared
    } == {}
    # What the issue found, now German:
    assert "keine Kronen, Zuneigungsmarker oder Herzen" in german["leaderboard by tally"]
    assert "Der Hobbit: Das Abenteuer-Brettspiel — beendete Spiele" in german["adventure history"]
