"""What one hobbit may know (ADV-12), as plain JSON.

Public: places, LP, GP, talismans, every held card but Riddle and Magic cards, the turn, the
fight, the duel's shown riddle, the cards on the table. Secret: another hobbit's Riddle and
Magic cards (only their number is shown, apart from ones already shown, like an Elven cloak
that counted in a fight) and the order of every deck (only its size). The dice generator and
any scripted dice are never shown.
"""

from __future__ import annotations

from typing import Any

from engine.adventure.cards import SECRET
from engine.adventure.codec import encode_public
from engine.adventure.state import State


def view(s: State, player: str | None) -> dict[str, Any]:
    data = encode_public(s)
    data["me"] = player
    for pid, h in data["hobbits"].items():
        cards, shown = s.hobbits[pid].cards, s.hobbits[pid].shown
        if pid == player:
            h["secret"] = [c for c in cards if c in SECRET]
        else:
            h["secret"] = sum(1 for c in cards if c in SECRET and c not in shown)
        h["cards"] = [c for c in cards if c not in SECRET or c in shown]
    return data
