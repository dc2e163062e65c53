"""Whole Love Letter games played by the engine, and every text a player reads of them, as the
Discord side renders it: for the pseudo-locale and German tests.

A game is played with random legal moves from a seed; after each move every reader's texts
are collected: the public table (embed, the text under its picture, the picture's alt text,
button labels), each player's hand (embed, buttons, and for the actor every choice step's
question and options), the event lines each player and the table may see, the round break's
table and hands, the terminal's lines and move descriptions, the odds, and the engine's reason
for a refused move. Built as the bot builds them (`messages.*_message`), without Discord.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import discord

import engine.loveletter as engine
from bot.games.loveletter.decisions import card_options, step
from bot.games.loveletter.messages.hand import hand_message
from bot.games.loveletter.messages.table import table_message
from bot.games.loveletter.models import BreakInfo, public_table
from bot.games.loveletter.presenter import PRESENTATION
from bot.games.loveletter.rules import RULES
from bot.games.loveletter.text.odds import render_odds
from bot.games.loveletter.text.reasons import reason_text
from bot.games.loveletter.text.terminal import describe_move, event_lines, table_lines
from engine.loveletter.odds import odds
from engine.loveletter.state import GameState
from storage import Game, Seat

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")


@dataclass
class Played:
    """One game's texts, in the order they were made."""

    edition: str
    names: dict[str, str]
    texts: list[str] = field(default_factory=list)
    final: GameState | None = None

    @property
    def allowed(self) -> frozenset[str]:
        return frozenset(self.names.values())


def record(state: GameState, names: dict[str, str], version: int) -> Game:
    """The stored game as the presenter reads it (no database needed for rendering)."""
    seats = tuple(
        Seat(1, i, pid, 100 + i, None, name) for i, (pid, name) in enumerate(names.items())
    )
    return Game(
        1, 1, 2, "loveletter", state.edition, {}, "running", None, version, None,
        100, 0, None, 0.0, 0.0, seats=seats,
    )  # fmt: skip


def message_texts(message: Any) -> Iterator[str]:
    """Everything a reader sees of a built message: embed, text, alt texts, components."""
    data = message.embed.to_dict()
    yield data.get("title", "")
    yield data.get("description", "")
    yield data.get("footer", {}).get("text", "")
    for f in data.get("fields", []):
        yield f["name"]
        yield f["value"]
    yield message.short or ""
    for picture in message.pictures:
        yield picture.description
    for item in message.view.children:
        if isinstance(item, discord.ui.DynamicItem):
            item = item.item
        if isinstance(item, discord.ui.Button):
            yield item.label or ""
        if isinstance(item, discord.ui.Select):
            yield item.placeholder or ""
            yield from (o.label for o in item.options)


def _choices(played: Played, hand: Any) -> None:
    """The actor's hand at every choice step of every card (a select under the hand)."""
    moves = list(hand.moves)
    for option in card_options(moves):
        current = step(moves, option.index, 1)
        while current.move is None:
            assert current.field is not None
            message = hand_message(hand, step=current, chosen=option.index)
            played.texts.extend(message_texts(message))
            current = step(moves, current.options[-1].index, current.depth + 1)


def _reader_texts(played: Played, state: GameState, events: list[Any], version: int) -> None:
    names, game = played.names, record(state, played.names, version)
    table = RULES.table(game, state, None)
    played.texts.extend(message_texts(table_message(table)))
    played.texts.extend(PRESENTATION.event_lines(events, game, None))
    for pid in names:
        played.texts.extend(
            PRESENTATION.event_lines([e for e in events if e.visible_to(pid)], game, pid)
        )
        played.texts.extend(event_lines(events, state.edition, names, pid))
        if state.over:
            continue
        hand = RULES.hand(game, state, pid, None)
        played.texts.extend(message_texts(hand_message(hand)))
        view = engine.player_view(state, pid)
        played.texts.extend(table_lines(view, names))
        if hand.my_turn:
            _choices(played, hand)
            played.texts.extend(describe_move(m, state.edition, names, pid) for m in hand.moves)
            if view.seat(pid).in_round:
                played.texts.append(render_odds(state.edition, odds(view)))


def _break_texts(played: Played, state: GameState, version: int) -> None:
    """The round break: the finished round on the table and in every hand."""
    game = record(state, played.names, version)
    pause = BreakInfo(0.0, 30, state.history[-1], state.round_no, state.deciding)
    table = public_table(1, version, engine.player_view(state, None), played.names, pause)
    played.texts.extend(message_texts(table_message(table)))
    for pid in played.names:
        hand = RULES.hand(game, state, pid, pause)
        played.texts.extend(message_texts(hand_message(hand)))


def _refused(played: Played, state: GameState) -> None:
    """The engine's reason for a move out of turn and for a card not held, as shown."""
    actor = state.actor
    other = next(p for p in played.names if p != actor)
    for move in (engine.Play(player=other, card="x"), engine.Play(player=actor or other, card="x")):
        try:
            engine.apply(state, move)
        except engine.IllegalMove as refusal:
            played.texts.append(reason_text(refusal.reason))


def play_game(edition: str, players: int, seed: int) -> Played:
    """A whole game with random legal moves, every reader's texts collected as it goes."""
    rng = random.Random(seed)
    ids = [f"p{i}" for i in range(players)]
    names = dict(zip(ids, NAMES, strict=False))
    state = engine.new_game(edition, ids, rng, names=names)
    played = Played(edition, names)
    version = 0
    _reader_texts(played, state, list(state.log), version)
    _refused(played, state)
    while not state.over:
        move = rng.choice(engine.legal_moves(state))
        state, events = engine.apply(state, move)
        version += 1
        _reader_texts(played, state, events, version)
        if RULES.pause_after(state, events):
            _break_texts(played, state, version)
    played.final = state
    return played
