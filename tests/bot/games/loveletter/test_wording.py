"""Words that fit the game, the edition and the reader, for every event kind.

Two kinds of check: the exact sentence of every event kind in each edition, read by the player
it is about ("you") and by another player; and properties of every line rendered from many
seeded games of each edition, for the actor, every other player who may see the event (C-10)
and the public table.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import engine.loveletter as engine
from bot.games.loveletter.messages.rules import rules_summary
from bot.games.loveletter.text.events import render_event
from bot.games.loveletter.text.rounds import result_text
from engine.loveletter import events as E
from engine.loveletter.editions import EDITIONS
from engine.loveletter.editions import edition as get_edition
from engine.loveletter.events import EVENT_TYPES, Event

EDITION_IDS = tuple(EDITIONS)
# Names that appear in no card's name, so a name found in a line is that player.
NAMES = {"p1": "Zed", "p2": "Quin", "p3": "Xia", "p4": "Yul", "p5": "Wex", "p6": "Vok"}
# One card of each edition whose name the sentences below print (any card will do).
CARD = {"hobbit": "smaug", "l5r": "guard", "pegasus": "guardswoman"}
TALLY_WORDS = ("crown", "token", "heart")


def _label(ed: str, card: str) -> str:
    return get_edition(ed).card(card).label


def _samples(ed: str) -> list[tuple[Event, str, str, str]]:
    """(event, its actor, what the actor reads, what another player reads), every kind."""
    c = CARD[ed]
    card = _label(ed, c)
    one, many = get_edition(ed).tally, get_edition(ed).tallies
    a = "an" if one[0] in "aeiou" else "a"
    return [
        (
            E.RoundStarted(3, ("p1", "p2"), "p1", (), False),
            "p1",
            "**Round 3** begins; you start.",
            "**Round 3** begins; Zed starts.",
        ),
        (
            E.RoundStarted(4, ("p1", "p2"), "p2", (), True),
            "p2",
            "**Deciding round** between Zed and you; **Round 4** begins; you start.",
            "**Deciding round** between Quin and you; **Round 4** begins; Quin starts.",
        ),
        (E.CardDealt("p1", c), "p1", f"You were dealt {card}.", ""),
        (E.TurnStarted("p1"), "p1", "", ""),
        (E.CardPlayed("p1", c), "p1", f"You played {card}.", f"Zed played {card}."),
        (
            E.CardPlayed("p1", c, ("p2",), 3),
            "p1",
            f"You played {card} on Quin and named value 3.",
            f"Zed played {card} on you and named value 3.",
        ),
        (
            E.CardPlayed("p1", c, ("p1",)),
            "p1",
            f"You played {card} on yourself.",
            f"Zed played {card} on themselves.",
        ),
        (
            E.CardPlayed("p1", c, ("p3", "p2")),
            "p1",
            f"You played {card} on Xia and Quin.",
            f"Zed played {card} on Xia and you.",  # several players, "you" named clearly
        ),
        (
            E.CardPlayed("p1", c, ("p2", "p1")),
            "p1",
            f"You played {card} on Quin and yourself.",
            f"Zed played {card} on you and themselves.",
        ),
        (
            E.NoEffect("p1", c, ("p2",)),
            "p1",
            f"{card} had no effect: Quin is protected.",
            f"{card} had no effect: you are protected.",
        ),
        (
            E.NoEffect("p1", c, ("p2", "p3")),
            "p1",
            f"{card} had no effect: Quin and Xia are protected.",
            f"{card} had no effect: Xia and you are protected.",
        ),
        (
            E.NoEffect("p1", c, ()),
            "p1",
            f"{card} had no effect: the Flatterer bound it to you, and it can only choose "
            "another player.",
            f"{card} had no effect: the Flatterer bound it to Zed, and it can only choose "
            "another player.",
        ),
        (
            E.Protected("p1"),
            "p1",
            "You are protected until your next turn.",
            "Zed is protected until their next turn.",
        ),
        (
            E.GuessResult("p1", "p2", 3, False),
            "p1",
            "The guess on Quin was wrong.",
            "The guess on you was wrong.",
        ),
        (
            E.AssassinRevealed("p1", "p2"),
            "p1",
            "You revealed the Assassin against Quin's guess.",
            "Zed revealed the Assassin against your guess.",
        ),
        (
            E.KnockedOut("p1", (c,)),
            "p1",
            f"You are out of the round (discarded {card}).",
            f"Zed is out of the round (discarded {card}).",
        ),
        (E.Discarded("p1", c), "p1", f"You discarded {card}.", f"Zed discarded {card}."),
        (E.CardDrawn("p1", c, True), "p1", f"You drew {card} (the set-aside card).", ""),
        (E.HandSeen("p1", "p2", c), "p1", f"You saw Quin's card: {card}.", ""),
        (E.HandSeen("p1", "p1", c), "p1", f"You saw your own card: {card}.", ""),  # Cardinal
        (
            E.Compared("p1", "p2", c, c),
            "p1",
            f"You compared hands with Quin: you had {card}, Quin had {card}.",
            f"You compared hands with Zed: you had {card}, Zed had {card}.",
        ),
        (  # one line per fact: the loser's "is out" line follows, so no line here
            E.CompareResult("p1", "p2", "p2"),
            "p1",
            "",
            "",
        ),
        (
            E.CompareResult("p1", "p2", None),
            "p1",
            "It is a tie: nobody is out.",
            "It is a tie: nobody is out.",
        ),
        (
            E.HandsSwapped("p1", "p2"),
            "p1",
            "You and Quin traded hands.",
            "You and Zed traded hands.",
        ),
        (E.CardReceived("p1", c, "p2"), "p1", f"You received {card} from Quin.", ""),
        (
            E.FlattererBound("p1", "p2"),
            "p1",
            "You flattered Quin: the next card played that chooses players must choose Quin.",
            "Zed flattered you: the next card played that chooses players must choose you.",
        ),
        (
            E.JesterMarked("p1", "p2"),
            "p1",
            f"You put the Jester on Quin: if Quin wins the round, you gain {a} {one}.",
            f"Zed put the Jester on you: if you win the round, Zed gains {a} {one}.",
        ),
        (
            E.TokenGained("p1", "round", 2),
            "p1",
            f"You gain {a} {one} for winning the round — now 2.",
            f"Zed gains {a} {one} for winning the round — now 2.",
        ),
        (
            E.TokenGained("p1", "marshal", 1),
            "p1",
            f"You gain {a} {one} for the Marshal in your discard pile — now 1.",
            f"Zed gains {a} {one} for the Marshal in their discard pile — now 1.",
        ),
        (
            E.DecisionPending("p2", "bishop_redraw"),
            "p2",
            "You must decide: keep your card or discard it and redraw.",
            "Quin must decide: keep their card or discard it and redraw.",
        ),
        (
            E.DecisionMade("p2", "keep"),
            "p2",
            "You chose to keep your card.",
            "Quin chose to keep their card.",
        ),
        (
            E.RoundEnded(2, "last_standing", ("p1",), (), c),
            "p1",
            f"**Round 2 over** — won by you. Set-aside card: {card}.",
            f"**Round 2 over** — won by Zed. Set-aside card: {card}.",
        ),
        (  # drawn when the pile ran out: no longer set aside, so not shown as such
            E.RoundEnded(2, "deck_empty", ("p2",), (("p1", c, 1), ("p2", c, 1)), c, True),
            "p2",
            f"**Round 2 over** — won by you. Revealed: Zed: {card} → 1; you: {card} → 1.",
            f"**Round 2 over** — won by Quin. Revealed: you: {card} → 1; Quin: {card} → 1.",
        ),
        (
            E.DecidingRound(("p1", "p2")),
            "p1",
            "Tie at the target: Quin and you play a deciding round.",
            "Tie at the target: Zed and you play a deciding round.",
        ),
        (
            E.GameEnded("p1", (("p2", 1), ("p1", 4))),
            "p1",
            f"🏆 **You win the game!** Final tally: you – 4 {many}, Quin – 1 {one}.",
            f"🏆 **Zed wins the game!** Final tally: Zed – 4 {many}, you – 1 {one}.",
        ),
    ]


def _other(event: Event, actor: str) -> str:
    """The other player who reads the event: its target or partner if it has one."""
    for field in ("target", "second", "giver", "guesser"):
        value = getattr(event, field, None)
        if isinstance(value, str) and value != actor:
            return value
    targets = [t for t in getattr(event, "targets", ()) or () if t != actor]
    if targets:
        return "p2" if "p2" in targets else targets[0]
    if isinstance(event, E.NoEffect) and event.protected:
        return "p2" if "p2" in event.protected else event.protected[0]
    return "p1" if actor != "p1" else "p2"


def test_the_samples_cover_every_event_kind() -> None:
    for ed in EDITION_IDS:
        assert {e.type for e, *_ in _samples(ed)} == set(EVENT_TYPES)
        for event, actor, *_lines in _samples(ed):  # each record has its own case in the match
            assert render_event(event, ed, NAMES, actor) != f"{event.type}.", event


@pytest.mark.parametrize("ed", EDITION_IDS)
def test_every_event_kind_reads_right_to_the_actor_and_to_another_player(ed: str) -> None:
    for event, actor, as_actor, as_other in _samples(ed):
        data = event.to_dict()
        assert (render_event(data, ed, NAMES, actor) or "") == as_actor, event
        other = _other(event, actor)
        if event.audience is not None and other not in event.audience:
            other_line = ""  # C-10: the other player never sees it
        else:
            other_line = render_event(data, ed, NAMES, other) or ""
        assert other_line == as_other, event


@pytest.mark.parametrize("ed", EDITION_IDS)
def test_the_round_summary_shows_the_set_aside_card_only_while_it_is_set_aside(ed: str) -> None:
    state = engine.new_game(ed, ["p1", "p2"], random.Random(5), names=NAMES)
    while not state.history:
        state, _ = engine.apply(state, engine.legal_moves(state)[0])
    result = state.history[-1]
    card = _label(ed, result.set_aside)
    kept = result_text(ed, NAMES, result)
    drawn = result_text(ed, NAMES, type(result)(**{**_fields(result), "set_aside_drawn": True}))
    assert f"Set-aside card: {card}." in kept
    assert "Set-aside" not in drawn


def _fields(obj: Any) -> dict[str, Any]:
    return {name: getattr(obj, name) for name in obj.__dataclass_fields__}


# --- properties of every line of many whole games ------------------------------------------


def _games(ed: str, count: int) -> Iterator[tuple[str | None, list[Event]]]:
    """(actor, events) for every move of `count` seeded games of random legal moves."""
    for seed in range(count):
        size = 2 + seed % (get_edition(ed).max_players - 1)
        ids = list(NAMES)[:size] if size <= len(NAMES) else list(NAMES)
        state = engine.new_game(ed, ids, random.Random(seed), names=NAMES)
        rng = random.Random(seed)
        yield None, list(state.log)
        while not state.game_over:
            actor = state.actor
            state, events = engine.apply(state, rng.choice(engine.legal_moves(state)))
            yield actor, list(events)


def _viewers(event: Event, players: list[str]) -> list[str | None]:
    return [None, *players] if event.audience is None else list(event.audience)


OWN_NAME = {pid: re.compile(rf"\b{name}\b") for pid, name in NAMES.items()}
YOU_AS_THEY = re.compile(r"\bYou (is|has|gains|wins|starts)\b")
YOU_AS_OBJECT = re.compile(r"\b(on|by|with|against|between) You\b")
ONE_PLURAL = re.compile(r"\b1 (crowns|hearts|tokens)\b")


def _check_line(line: str, ed: str, viewer: str | None, event: dict[str, Any]) -> None:
    own = get_edition(ed)
    if viewer is not None:
        # the reader is "you", never their own name, never "themselves"
        assert not OWN_NAME[viewer].search(line), line
        if event.get("player") == viewer:
            assert "themselves" not in line, line
    assert not YOU_AS_THEY.search(line), line
    assert not YOU_AS_OBJECT.search(line), line
    if any(word in line for word in TALLY_WORDS):  # the edition's own tally word only
        for word in TALLY_WORDS:
            if word not in own.tally:
                assert word not in line, line
    assert "tallies" not in line
    assert not ONE_PLURAL.search(line), line


@pytest.mark.parametrize("ed", EDITION_IDS)
def test_every_line_of_many_games_fits_the_edition_and_the_reader(ed: str) -> None:
    kinds: set[str] = set()
    for _actor, events in _games(ed, 60):
        players = list(NAMES)
        stored = [(event, event.to_dict()) for event in events]  # as every viewer reads them
        for viewer in [None, *players]:
            lines = []
            for event, data in stored:
                if viewer not in _viewers(event, players):
                    continue
                line = render_event(data, ed, NAMES, viewer)
                if line is None:
                    assert data["type"] in ("turn_started", "compare_result"), data
                    continue
                kinds.add(data["type"])
                _check_line(line, ed, viewer, data)
                if data["type"] == "no_effect":
                    assert "had no effect: " in line  # and says why
                if data["type"] == "round_ended" and data["set_aside_drawn"]:
                    assert "Set-aside" not in line
                lines.append(line)
            # one line per fact: a player's knock-out is reported once per move
            for pid in players:
                who = "You are" if pid == viewer else f"{NAMES[pid]} is"
                said = [ln for ln in lines if f"{who} out" in ln]
                assert len(said) <= 1, lines
    expected = set(EVENT_TYPES) - {"turn_started"}
    if ed != "pegasus":  # the Flatterer, Jester, Assassin and Bishop are Pegasus cards
        expected -= {"flatterer_bound", "jester_marked", "assassin_revealed"}
        expected -= {"decision_pending", "decision_made"}
    expected.discard("deciding_round")  # rare in random play; its words: the samples above
    assert expected <= kinds


@pytest.mark.parametrize("ed", EDITION_IDS)
def test_the_rules_text_names_the_editions_own_tally(ed: str) -> None:
    text = rules_summary(ed)
    own = get_edition(ed).tally
    assert own in text
    for word in TALLY_WORDS:
        if word not in own:
            assert word not in text
