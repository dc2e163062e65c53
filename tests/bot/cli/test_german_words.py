"""German as a careful native reader finds it in the terminal games (issue 41): a creature's
power by its grammatical gender ("Seine Stärke" after der Wolf), the Dragon in a real sentence,
"es fehlt 1" and "es fehlen 2", articles before cards ("Nimm die Laterne", "Dir fehlt eine
Axt"), "er" for masculine Love Letter cards, `karte troll` counting what it lists, `regel
Wache` finding the L5R Guard, and "du" instead of the English "You" in the Jester's line.

The games are driven in process, line by line, by the terminal's own code (`play.play`,
`adventure.play`), as test_cli_german.py does.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator

from bot.cli import adventure, play
from bot.cli.loveletter_turn import Quit
from bot.games.adventure.text.events import event_line
from bot.games.loveletter.messages.rules import card_rule
from bot.games.loveletter.text.rounds import round_over_text
from bot.games.loveletter.text.terminal import plain
from bot.i18n import use_locale
from engine.loveletter.events import RoundEnded

Driver = Callable[[argparse.Namespace, Callable[[str], str], Callable[[str], None]], object]


def run(driver: Driver, args: argparse.Namespace, typed: list[str]) -> list[str]:
    """What a German terminal shows for `typed` (the prompts included), to the input's end."""
    out: list[str] = []
    answers: Iterator[str] = iter(typed)

    def ask(prompt: str) -> str:
        out.append(prompt)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    with use_locale("de"):
        try:
            driver(args, ask, out.append)
        except (EOFError, Quit):
            out.append("<input closed>")
    return "\n".join(out).splitlines()


def adventure_game(typed: list[str], seed: int = 4) -> list[str]:
    args = argparse.Namespace(players=2, ai="novice", seed=seed, name="You")
    return run(adventure.play, args, typed)


def love_letter(typed: list[str], edition: str = "pegasus", players: int = 3, seed: int = 5):
    args = argparse.Namespace(edition=edition, players=players, ai="novice", seed=seed, name="You")
    return run(play.play, args, typed)


def after(lines: list[str], line: str) -> str:
    """The line after the first `line` (a prompt's answer is on the prompt's own line)."""
    at = next(i for i, said in enumerate(lines) if said.endswith(line))
    return lines[at + 1]


def test_a_german_adventure_reads_each_creature_by_its_gender_and_counts_what_is_short() -> None:
    """Seed 4, always the first choice: a Wolf, Bandits, Cave bats and at last the Dragon."""
    lines = adventure_game(["1"] * 400)
    assert after(lines, "Du musst kämpfen: Wolf.").endswith("(Stärke): 3.")
    assert after(lines, "Du hast den grünen Würfel geworfen (Stärke): 3.") == "Seine Stärke ist 4."
    assert after(lines, "Du musst kämpfen: Höhlenfledermäuse.") == "Was tust du?"
    assert "  2. Weiche mit Adan-Windhorn aus (schick sie zu Rosie Cotton)" in lines  # plural
    assert "  2. Weiche mit Adan-Windhorn aus (schick ihn zu Rosie Cotton)" in lines  # Räuber
    assert "Rosie Cotton muss gegen den Drachen kämpfen." in lines
    assert after(lines, "Rosie Cotton muss gegen den Drachen kämpfen.") == "Seine Stärke ist 16."
    assert "  3. Nimm die Laterne" in lines and "  7. Nimm das Seil" in lines
    said = "\n".join(lines)
    assert "es fehlt 1." in said and "es fehlen 3." in said
    for wrong in ("kämpfen: den Drachen", "es fehlen 1.", "Nimm Laterne"):
        assert wrong not in said, wrong


def test_a_master_without_its_weapon_and_the_smith_read_with_their_articles() -> None:
    def returned(card: str, why: str, deck: str = "rest", player: str = "me") -> str | None:
        event = {"type": "returned", "player": player, "cards": [card], "deck": deck, "why": why}
        return event_line(event, "me")

    with use_locale("de"):
        axe = returned("axe_master", "no_weapon")
        sword = returned("sword_master", "no_weapon", player="Ann")
        smith = returned("weapon_smith", "declined")
        broken = returned("sword", "smith", deck="equipment")
        lost = event_line({"type": "changed", "player": "me", "what": "lp", "delta": -7,
                           "now": 1, "why": "dragon"}, "me")  # fmt: skip
        taken = event_line({"type": "taken", "player": "Ann", "frm": "me", "what": "equipment",
                            "thing": "horse", "amount": 0}, "me")  # fmt: skip
    assert axe == "Die Karte Axtmeister kommt unter den Rast-Stapel zurück: Dir fehlt eine Axt."
    assert sword == (
        "Die Karte Schwertmeister kommt unter den Rast-Stapel zurück: Ann fehlt ein Schwert."
    )
    assert smith == (
        "Du hast den Waffenschmied weggeschickt; er kommt unter den Rast-Stapel zurück."
    )
    assert broken == "Du: Das Schwert kommt mit dem Schmied unter den Ausrüstung-Stapel zurück."
    assert lost == "Du: -7 LP (gegen den Drachen verloren), jetzt 1 LP."
    assert taken == "Ann nimmt dir das Pferd ab."


def test_a_round_nobody_won_is_won_by_niemandem() -> None:
    with use_locale("de"):
        nobody = RoundEnded(round=3, ended_by="deck_empty", winners=(), reveal=(), set_aside="")
        said = round_over_text("pegasus", {}, nobody, None)
    assert said == "**Runde 3 vorbei** — gewonnen von niemandem."


def test_karte_troll_counts_the_names_it_lists() -> None:
    lines = adventure_game(["karte troll"])
    matched = next(line for line in lines if "passen zu „troll“" in line)
    count, listed = matched.split(" Karten passen zu „troll“: ")
    names = listed.removesuffix(". Tippe mehr vom Namen.").split(", ")
    assert int(count.rsplit(" ", 1)[-1]) == len(names) == len(set(names))
    assert "Höhlentroll" in names


def test_masculine_love_letter_cards_are_er_in_their_rules() -> None:
    with use_locale("de"):
        marshal = plain(card_rule("pegasus", "marshal"))
        countess = plain(card_rule("pegasus", "countess"))
        bilbo = plain(card_rule("hobbit", "bilbo"))
        ring = plain(card_rule("hobbit", "one_ring"))
        arkenstone = plain(card_rule("hobbit", "arkenstone"))
    assert "während er in deiner Ablage liegt" in marshal
    assert "Du musst sie spielen" in countess
    assert "Du musst ihn spielen" in bilbo
    assert "wenn du ihn noch hältst" in ring
    assert "Wirfst du ihn aus irgendeinem Grund ab" in arkenstone
    assert marshal in love_letter(["regel marschall"], players=6)


def test_regel_finds_an_l5r_card_by_any_word_it_is_shown_with() -> None:
    with use_locale("de"):
        guard = plain(card_rule("l5r", "guard"))
    assert guard.startswith("Seppun Tasuke, Wache (1) ×5: ")
    for typed in ("regel wache", "regel Wache", "regel tasuke", "regel guard"):
        lines = love_letter([typed], edition="l5r")
        assert guard in lines, typed


def test_the_jester_line_says_du_and_dich_never_you() -> None:
    """Pegasus, 6 seats, seed 7: an AI marks the terminal player with the Jester."""
    lines = love_letter(["1"] * 600, players=6, seed=7)
    jester = [line for line in lines if line.startswith("Hofnarr: ")]
    assert "Hofnarr: Dee (Anfänger) setzt auf dich" in jester
    assert not any("You" in line for line in lines)
