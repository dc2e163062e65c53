"""Love Letter in German: no English word left in any text of whole games (the pseudo-locale
run), and the German sentences players read (card names, tallies, questions, results)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

import engine.loveletter as engine
from bot.games.loveletter.leaderboard import ORDERS, board_view, render_board, render_stats
from bot.games.loveletter.messages.lobby import render_lobby
from bot.games.loveletter.messages.rules import card_rule, rules_summary
from bot.games.loveletter.messages.table import table_message
from bot.games.loveletter.rules import RULES
from bot.games.loveletter.text.cards import ask_text, choice_label, label
from bot.games.loveletter.text.events import render_event
from bot.games.loveletter.text.reasons import reason_text
from bot.i18n import force_locale, use_locale
from bot.i18n.pseudo import plain_words
from bot.service.boards import RATING, BoardPage
from cogs.tabletop import settings_text
from engine.loveletter.editions import EDITIONS
from engine.loveletter.moves import Play
from storage import LeaderboardEntry, UserStats
from tests.bot.games.loveletter.german_games import message_texts, play_game, record

# The table's "Rules" button is the platform's (bot/games/table_items.py, its own catalogue).
PLATFORM = frozenset({"Rules"})
GAMES = [
    ("hobbit", 2, 1),
    ("hobbit", 4, 2),
    ("l5r", 2, 3),
    ("l5r", 3, 4),
    ("pegasus", 2, 5),
    ("pegasus", 4, 6),
    ("pegasus", 5, 7),
    ("pegasus", 8, 8),
]


@pytest.mark.parametrize(("edition", "players", "seed"), GAMES)
async def test_pseudo_locale_whole_game_leaves_no_english_word(
    edition: str, players: int, seed: int
) -> None:
    """Every text of a whole game went through the catalogue: under the pseudo-locale no plain
    word of three letters or more is left but the players' names."""
    with force_locale("pseudo"):
        played = play_game(edition, players, seed)
    assert played.final is not None and played.final.over
    assert len(played.texts) > 100
    left = {w for text in played.texts for w in plain_words(text, played.allowed | PLATFORM)}
    assert left == set(), sorted(left)[:20]


@pytest.mark.parametrize("edition", sorted(EDITIONS))
async def test_pseudo_locale_rules_lobby_and_settings(edition: str) -> None:
    state = engine.new_game(edition, ["p0", "p1"], random.Random(1))
    names = {"p0": "Ann", "p1": "Bob"}
    texts = []
    with force_locale("pseudo"):
        texts.append(rules_summary(edition))
        texts += [card_rule(edition, c.id) for c in EDITIONS[edition].cards]
        for status in ("lobby", "running", "abandoned", "finished"):
            game = record(state, names, 0)
            options = {"elves": "german"} if edition == "hobbit" else {}
            changed = {"status": status, "timer_seconds": 90, "options": options}
            game = type(game)(**{**_fields(game), **changed})
            texts += message_texts(table_message(RULES.table(game, state, None)))
            embed = render_lobby(game)
            texts += [embed["title"], embed["description"], embed["footer"]["text"]]
            texts += [f["name"] for f in embed["fields"]]
        for dm, pictures, bot_pictures in ((True, True, True), (False, False, True), (1, 1, 0)):
            bot = SimpleNamespace(settings=SimpleNamespace(pictures=bot_pictures))
            current = SimpleNamespace(dm_enabled=dm, pictures=pictures)
            texts.append(settings_text(bot, current))
    left = {w for text in texts for w in plain_words(text, frozenset(names.values()) | PLATFORM)}
    assert left == set(), sorted(left)


def _fields(game: object) -> dict[str, object]:
    return {name: getattr(game, name) for name in type(game).__dataclass_fields__}


# ------------------------------------------------------------------ German sentences


def test_german_pegasus_cards_carry_their_german_names() -> None:
    with use_locale("de"):
        assert label("pegasus", "guardswoman") == "Wächterin (1)"
        assert label("pegasus", "handmaid") == "Zofe (4)"
        assert label("pegasus", "dowager_queen") == "Königswitwe (7)"
        # no German edition: the published name, the title in German words
        assert label("hobbit", "smaug") == "Smaug (1)"
        assert label("l5r", "courtier") == "Shosuro Yamazaki, Höfling (2)"
        rules = rules_summary("pegasus")
    assert "**Wächterin (1)** ×5: Wähle eine andere Person und nenne eine Karte" in rules
    assert "gewinnt die Runde und ein Herz." in rules
    # English keeps both names, as before
    assert label("pegasus", "guardswoman") == "Guardswoman (Wächterin, 1)"


def test_german_pegasus_table_and_hand_show_wachterin() -> None:
    played = None
    with use_locale("de"):
        played = play_game("pegasus", 4, 6)
    text = "\n".join(played.texts)
    assert "Wächterin (1)" in text
    assert "**Deine Hand:** " in text
    assert "Guardswoman" not in text and "Handmaid" not in text


def test_german_result_names_the_winner_with_the_german_tally_word() -> None:
    tokens = [("p0", 5), ("p1", 2), ("p2", 1)]
    event = {"type": "game_ended", "winner": "p0", "tokens": tokens}
    names = {"p0": "Ann", "p1": "Bob", "p2": "Cid"}
    with use_locale("de"):
        public = render_event(event, "pegasus", names, None)
        winner = render_event(event, "pegasus", names, "p0")
        crowns = render_event({**event, "tokens": [("p0", 1)]}, "hobbit", names, "p1")
        gained = render_event(
            {"type": "token_gained", "player": "p1", "reason": "round", "tokens": 3},
            "l5r",
            names,
            None,
        )
    assert (
        public
        == "🏆 **Ann gewinnt das Spiel!** Endstand: Ann – 5 Herzen, Bob – 2 Herzen, Cid – 1 Herz."
    )
    assert winner.startswith("🏆 **Du gewinnst das Spiel!** Endstand: du – 5 Herzen")
    assert crowns == "🏆 **Ann gewinnt das Spiel!** Endstand: Ann – 1 Krone."
    assert gained == "Bob bekommt einen Zuneigungsmarker für den Rundensieg — jetzt 3."


def test_german_guess_asks_for_a_value_and_names_the_cards() -> None:
    with use_locale("de"):
        assert ask_text("pegasus", "guess") == "Nenne einen Wert"
        assert ask_text("hobbit", "guess") == "Nenne eine Karte"
        assert choice_label("pegasus", {}, "p0", "guess", 2) == "2 — Priester / Kardinal"
        assert choice_label("pegasus", {"p1": "Bob"}, "p0", "target", "p0") == "Dich selbst"
        played = render_event(
            {"type": "card_played", "player": "p0", "card": "guardswoman", "targets": ["p1"],
             "guess": 4},
            "pegasus",
            {"p0": "Ann", "p1": "Bob"},
            "p1",
        )  # fmt: skip
    assert played == "Ann hat Wächterin (1) auf dich gespielt und Wert 4 genannt."


def test_german_refusal_names_the_card_in_german() -> None:
    """The engine's reason (English with its template) is written for a German reader."""
    state = engine.new_game("pegasus", ["p0", "p1"], random.Random(3))
    actor = state.actor
    assert actor is not None
    held = state.players[state.active].hand
    missing = next(c.id for c in EDITIONS["pegasus"].cards if c.id not in held)
    with pytest.raises(engine.IllegalMove) as refused:
        engine.apply(state, Play(player=actor, card=missing))
    assert str(refused.value.reason) == f"You don't hold {EDITIONS['pegasus'].card(missing).name}"
    german = EDITIONS["pegasus"].card(missing).german
    with use_locale("de"):
        assert reason_text(refused.value.reason) == f"Du hast {german} nicht auf der Hand"


@pytest.mark.parametrize("variant", [None, "hobbit", "l5r", "pegasus"])
async def test_pseudo_locale_leaderboard_and_stats(variant: str | None) -> None:
    """Love Letter's leaderboard and stats words (the rows' ranks and ratings are the
    platform's), every order, an empty board and a filled one."""
    entry = LeaderboardEntry(1, 5, {"tally": 3, "games_won": 1, "games_played": 2})
    empty = {"tally_hobbit": 0, "tally_l5r": 0, "tally_pegasus": 0}
    entries = (entry, LeaderboardEntry(2, 6, {**empty, "games_played": 1}))
    texts = []
    with force_locale("pseudo"):
        for order in (*ORDERS, RATING):
            for shown in (entries, ()):
                page = BoardPage(1, "loveletter", variant, order, 0, 2, 9, shown)
                board = render_board(page)
                texts += [board["title"], board["description"], board["footer"]["text"]]
                texts += [item.item.label or "" for item in board_view(page).children]
        per = {ed: {"games_played": 2, "games_won": 1, "rounds_won": 3} for ed in EDITIONS}
        for stats in (UserStats(1, 5, "loveletter", per), UserStats(1, 5, "loveletter", {})):
            embed = render_stats(stats)
            texts += [embed["title"], embed["description"]]
            texts += [t for f in embed["fields"] for t in (f["name"], f["value"])]
    left = {w for text in texts for w in plain_words(text)}
    assert left == set(), sorted(left)


def test_german_stats_count_games_and_hearts_in_german() -> None:
    per = {"pegasus": {"hearts": 4, "games_played": 2, "games_won": 1, "rounds_won": 3}}
    with use_locale("de"):
        embed = render_stats(UserStats(1, 5, "loveletter", per))
    assert embed["title"] == "Love-Letter-Statistik"
    assert embed["fields"][0]["name"] == "Pegasus (mit der Erweiterung für 5–8 Personen)"
    assert embed["fields"][0]["value"] == "4 Herzen · 1 von 2 Spielen gewonnen · 3 Runden gewonnen"
    assert embed["description"] == "<@5>: 2 Spiele gespielt, 1 gewonnen, 3 Runden gewonnen."


def test_c_5_no_effect_on_the_protected_reader_says_du_bist() -> None:
    """C-5 in German: the reader alone protected reads "Du bist geschützt", not "du sind"."""
    from bot.games.loveletter.text.events import render_event

    event = {"type": "no_effect", "player": "b", "card": "guard", "protected": ["a"]}
    names = {"a": "Ann", "b": "Bob"}
    with use_locale("de"):
        mine = render_event(event, "pegasus", names, "a")
        theirs = render_event(event, "pegasus", names, "b")
    assert mine == "Wächter (1) hatte keine Wirkung: Du bist geschützt."
    assert theirs == "Wächter (1) hatte keine Wirkung: Ann ist geschützt."
