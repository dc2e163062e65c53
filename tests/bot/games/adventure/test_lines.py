"""Adventure lines read right to their reader: display names, "You" for the reader only,
card names rather than ids, and a secret card drawn named to its drawer alone."""

from __future__ import annotations

from bot.games.adventure.text.lines import event_line

NAMES = {"1": "Ann", "2": "Bob"}


def test_the_reader_is_you_and_others_are_named() -> None:
    e = {"type": "moved", "player": "1", "frm": "hobbiton", "to_place": "bree", "how": "travel"}
    assert event_line(e, NAMES, "1") == "You moved from Hobbiton to Bree."
    assert event_line(e, NAMES, "2") == "Ann moved from Hobbiton to Bree."
    assert event_line(e, NAMES, None) == "Ann moved from Hobbiton to Bree."


def test_a_secret_draw_is_named_only_in_the_drawers_own_event() -> None:
    public = {"type": "drawn", "player": "1", "deck": "magic", "card": None}
    private = {"type": "drawn", "player": "1", "deck": "magic", "card": "athelas", "to": ["1"]}
    assert event_line(public, NAMES, None) == "Ann drew a Magic card."
    assert event_line(public, NAMES, "1") is None  # the drawer reads the named one instead
    assert event_line(private, NAMES, "1") == "You drew Athelas (Magic)."


def test_changes_name_the_card_that_caused_them() -> None:
    e = {"type": "changed", "player": "2", "what": "lp", "delta": -1, "now": 11, "why": "snare"}
    assert event_line(e, NAMES, None) == "Bob: -1 LP (Snare), now 11 LP."


def test_a_riddle_taken_from_names_both_hobbits() -> None:
    e = {"type": "taken", "player": "1", "frm": "2", "what": "gold", "thing": None, "amount": 5}
    assert event_line(e, NAMES, "2") == "Ann takes 5 GP from you."
