"""Love Letter's own achievement: a Princess knocked out by a Guard (in the Hobbit edition
the Arkenstone by Smaug: the same kinds of card), read from the stored games.

The move log holds the decisions, not what they revealed: a Guard naming the Princess is in
it, whether the target held her is not. So the games where the player's Guard named a
Princess are replayed through the rules (from the kept start), and the move's events say
whether she was knocked out. A finished game never changes: each answer is remembered.
"""

from __future__ import annotations

import json
import weakref
from collections import OrderedDict
from collections.abc import Sequence

from bot.i18n import N_
from bot.service.achievements import Achievement
from engine.api import Refused
from engine.loveletter.cards import Kind
from engine.loveletter.editions import KINDS, VALUES
from engine.loveletter.events import CardPlayed, GuessResult, KnockedOut
from engine.loveletter.game import GAME
from storage import Storage
from storage.history import PlayedGame

PRINCESS_BY_GUARD = N_("A Princess knocked out by a Guard")
REMEMBERED = 4096  # finished games whose answer is kept, per database
_KNOWN: weakref.WeakKeyDictionary[Storage, OrderedDict[tuple[int, str], bool]] = (
    weakref.WeakKeyDictionary()
)


def _princesses(edition: str) -> set[str | int]:
    """What a guess naming a Princess is in this edition: her card id, or her value."""
    ids = {c for c, kind in KINDS[edition].items() if kind is Kind.OUT_IF_DISCARDED}
    return {*ids, *(VALUES[edition][c] for c in ids)}


def _named_her(move: str, player: str, edition: str) -> bool:
    try:
        data = json.loads(move)
    except ValueError:
        return False
    if not isinstance(data, dict) or data.get("player") != player:
        return False
    card, guess = data.get("card"), data.get("guess")
    return KINDS[edition].get(str(card)) is Kind.GUESS and guess in _princesses(edition)


async def _knocked_her_out(storage: Storage, played: PlayedGame) -> bool:
    edition, me = played.variant, played.player_id
    if edition not in KINDS:
        return False
    moves = await storage.get_moves(played.game_id)
    if not any(_named_her(m.move, me, edition) for m in moves):
        return False  # most games: no replay needed
    initial = await storage.get_initial_state(played.game_id)
    if initial is None:
        return False  # started before starts were kept: cannot be told
    try:
        state = GAME.from_json(initial)
        for m in moves:
            decision = GAME.decision_from_dict(json.loads(m.move))
            state, events = GAME.apply(state, m.player, decision)
            if _named_her(m.move, me, edition) and _hit(events, me, edition):
                return True
    except (ValueError, KeyError, TypeError, Refused):
        return False  # an older version's state: cannot be told
    return False


def _hit(events: Sequence[object], me: str, edition: str) -> bool:
    """A Guard of mine guessed right, and the one knocked out discarded a Princess."""
    guard = any(isinstance(e, CardPlayed) and e.player == me for e in events)
    right = [
        e.target for e in events if isinstance(e, GuessResult) and e.player == me and e.correct
    ]
    return guard and any(
        isinstance(e, KnockedOut)
        and e.player in right
        and any(KINDS[edition].get(c) is Kind.OUT_IF_DISCARDED for c in e.discarded)
        for e in events
    )


async def feats(storage: Storage, played: Sequence[PlayedGame]) -> list[Achievement]:
    known = _KNOWN.setdefault(storage, OrderedDict())  # game ids are one database's
    for game in played:
        key = (game.game_id, game.player_id)
        if key not in known:
            known[key] = await _knocked_her_out(storage, game)
            while len(known) > REMEMBERED:
                known.popitem(last=False)
        if known[key]:
            return [Achievement("💂", PRINCESS_BY_GUARD, game.game_id)]
    return []
