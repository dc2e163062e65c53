"""The replay contract (rules/scenario-format.md): validation, error positions, output shape."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.loveletter.scenario import ScenarioError, replay
from tests.engine.loveletter.stacking import mv, play, rnd, scenario

ROOT = Path(__file__).resolve().parents[3]
OUTPUT_KEYS = [
    "ok",
    "error",
    "rounds",
    "players",
    "active",
    "pending",
    "deciding_round",
    "game_winner",
    "log",
]
PLAYER_KEYS = {"tokens", "in_round", "hand", "discards", "protected"}
HANDS = {"ann": "guardswoman", "bob": "handmaid", "cid": "baron"}
SPEC_EXAMPLE = {
    "edition": "pegasus",
    "options": {},
    "players": ["ann", "bob", "cid"],
    "tokens": {"ann": 0, "bob": 2, "cid": 0},
    "rounds": [
        {
            "first": "ann",
            "set_aside": "king",
            "face_up": [],
            "hands": HANDS,
            "draw_pile": [
                "priest",
                "prince",
                "guardswoman",
                "countess",
                "princess",
                "prince",
                "handmaid",
                "baron",
                "priest",
                "guardswoman",
                "guardswoman",
                "guardswoman",
            ],  # fmt: skip
            "moves": [
                {"player": "ann", "card": "guardswoman", "target": "bob", "guess": 4},
                {"player": "cid", "card": "baron", "target": "ann"},
            ],
        }
    ],
}


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "replay", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_the_spec_example_gives_the_spec_output() -> None:
    out = replay(SPEC_EXAMPLE)
    assert list(out) == OUTPUT_KEYS
    assert out["ok"] is True and out["error"] is None
    assert out["rounds"] == [
        {
            "winners": ["cid"],
            "ended_by": "last_standing",
            "knocked_out": ["bob", "ann"],
            "set_aside": "king",
        }
    ]
    assert out["players"] == {
        "ann": {
            "tokens": 0,
            "in_round": False,
            "hand": [],
            "discards": ["guardswoman", "priest"],
            "protected": False,
        },
        "bob": {
            "tokens": 2,
            "in_round": False,
            "hand": [],
            "discards": ["handmaid"],
            "protected": False,
        },
        "cid": {
            "tokens": 1,
            "in_round": True,
            "hand": ["prince"],
            "discards": ["baron"],
            "protected": False,
        },
    }
    assert (out["active"], out["pending"], out["deciding_round"], out["game_winner"]) == (
        None,
        None,
        None,
        None,
    )
    assert isinstance(out["log"], list) and out["log"][0]["type"] == "round_started"


def test_cli_reads_a_file_and_stdin(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(SPEC_EXAMPLE))
    from_file = cli(str(path))
    from_stdin = cli("-", stdin=json.dumps(SPEC_EXAMPLE))
    assert from_file.returncode == 0 and from_stdin.returncode == 0
    assert json.loads(from_file.stdout) == json.loads(from_stdin.stdout) == replay(SPEC_EXAMPLE)


def test_cli_rejected_move_still_exits_0() -> None:
    bad = json.loads(json.dumps(SPEC_EXAMPLE))
    bad["rounds"][0]["moves"][1]["target"] = "cid"
    done = cli("-", stdin=json.dumps(bad))
    assert done.returncode == 0
    out = json.loads(done.stdout)
    assert out["ok"] is False
    assert out["error"] == {"round": 0, "move": 1, "reason": "Baron must choose another player"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"edition": "chess", "players": ["a", "b"], "rounds": [{}]}', "Unknown edition"),
        ('{"edition": "hobbit", "players": ["a"], "rounds": [{}]}', "for 2–4 players"),
        ('{"edition": "hobbit", "players": ["a", "b"], "rounds": []}', "'rounds'"),
        ('{"edition": "hobbit", "players": ["a", "a"], "rounds": [{}]}', "different name"),
        (
            '{"edition": "hobbit", "players": ["a", "b"], "tokens": {"c": 1}, "rounds": [{}]}',
            "who is not in 'players'",
        ),
        (
            '{"edition": "hobbit", "players": ["a", "b"], "tokens": {"a": 5}, "rounds": [{}]}',
            "from 0 to 4",
        ),
        (
            '{"edition": "hobbit", "options": {"elves": "x"}, "players": ["a", "b"], '
            '"rounds": [{}]}',
            "must be one of",
        ),
    ],
)
def test_cli_not_a_scenario_exits_2_with_one_line(text: str, message: str) -> None:
    done = cli("-", stdin=text)
    assert done.returncode == 2
    assert done.stdout == ""
    assert message in done.stderr and done.stderr.count("\n") == 1


def test_cli_missing_file_exits_2(tmp_path: Path) -> None:
    done = cli(str(tmp_path / "nope.json"))
    assert done.returncode == 2 and "cannot read" in done.stderr


def test_not_a_scenario_raises_scenario_error() -> None:
    with pytest.raises(ScenarioError, match="'players'"):
        replay({"edition": "pegasus", "players": "ann", "rounds": [{}]})


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"draw_pile": ["priest"]}, "exactly the deck"),
        ({"hands": {"ann": "guardswoman", "bob": "handmaid"}}, "one card to each of"),
        ({"set_aside": 3}, "'set_aside' must be a card id"),
        ({"face_up": ["king", "prince", "baron"]}, "'face_up' must hold 0 cards"),
        ({"first": "dan"}, "'first' must be"),
        ({"first": None}, "round 1 needs 'first'"),
        ({"draw-pile": []}, "unknown round field(s): draw-pile"),
        ({"hands": {**HANDS, "cid": "unicorn"}}, "unknown card ids for pegasus: unicorn"),
    ],
)
def test_malformed_first_deal_is_ok_false_with_move_null(change: dict, reason: str) -> None:
    sc = json.loads(json.dumps(SPEC_EXAMPLE))
    sc["rounds"][0].update(change)
    if change.get("first", "x") is None:
        del sc["rounds"][0]["first"]
    out = replay(sc)
    assert out["ok"] is False
    assert out["error"]["round"] == 0 and out["error"]["move"] is None
    assert reason in out["error"]["reason"]
    assert out["rounds"] == [] and out["active"] is None and out["log"] == []
    assert out["players"]["bob"] == {
        "tokens": 2,
        "in_round": False,
        "hand": [],
        "discards": [],
        "protected": False,
    }


def test_rejected_move_shows_the_state_just_before_it() -> None:
    out = play(
        "pegasus",
        HANDS,
        ["priest", "prince"],
        [mv("ann", "guardswoman", "bob", 3), mv("bob", "king", "ann")],
    )
    assert out["ok"] is False
    assert out["error"] == {"round": 0, "move": 1, "reason": "You don't hold King"}
    assert out["active"] == "bob"
    assert sorted(out["players"]["bob"]["hand"]) == ["handmaid", "prince"]
    assert out["players"]["ann"]["discards"] == ["guardswoman"]
    assert out["rounds"] == [
        {
            "winners": [],
            "ended_by": None,
            "knocked_out": [],
            "set_aside": out["rounds"][0]["set_aside"],
        }
    ]


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ({"player": "ann"}, "needs a 'card' id or a 'decision'"),
        ({"player": "ann", "card": "guardswoman", "gues": 3}, "unknown move field(s): gues"),
        ({"player": "ann", "decision": "maybe"}, "'keep' or 'redraw'"),
        ("ann plays", "must be a JSON object"),
        ({"player": "ann", "card": "guardswoman", "target": "bob", "guess": 1}, "cannot name 1"),
        ({"player": "ann", "decision": "keep"}, "no decision to make"),
    ],
)
def test_malformed_or_illegal_move_is_reported_at_its_position(move: object, reason: str) -> None:
    sc = scenario("pegasus", list(HANDS), [rnd("pegasus", HANDS, ["priest"], first="ann")])
    sc["rounds"][0]["moves"] = [move]
    out = replay(sc)
    assert out["ok"] is False
    assert out["error"]["round"] == 0 and out["error"]["move"] == 0
    assert reason in out["error"]["reason"]
    assert out["active"] == "ann"


def test_moves_running_out_mid_round_is_ok_and_shows_the_running_round() -> None:
    out = play("pegasus", HANDS, ["priest", "prince"], [mv("ann", "guardswoman", "bob", 3)])
    assert out["ok"] is True
    assert out["active"] == "bob"
    assert out["rounds"][0]["ended_by"] is None and out["rounds"][0]["winners"] == []
    assert out["players"]["bob"]["hand"] == ["handmaid", "prince"]


def test_next_round_cannot_begin_while_the_previous_one_is_running() -> None:
    r = rnd("pegasus", HANDS, ["priest"], [mv("ann", "guardswoman", "bob", 3)], first="ann")
    out = replay(scenario("pegasus", list(HANDS), [r, rnd("pegasus", HANDS)]))
    assert out["ok"] is False
    assert out["error"] == {
        "round": 1,
        "move": None,
        "reason": "round 1 is still running after its 1 moves",
    }
    assert out["active"] == "bob"


def test_a_move_after_the_round_ended_is_rejected() -> None:
    moves = [
        mv("ann", "guardswoman", "bob", 4),
        mv("cid", "baron", "ann"),
        mv("cid", "prince", "cid"),
    ]
    out = play("pegasus", HANDS, ["priest", "prince"], moves)
    assert out["error"] == {"round": 0, "move": 2, "reason": "round 1 has already ended"}
    assert out["rounds"][0]["winners"] == ["cid"]
    assert out["active"] is None and out["players"]["cid"]["hand"] == ["prince"]


def test_a_round_after_the_game_is_over_is_rejected() -> None:
    r1 = rnd("pegasus", HANDS, ["priest", "prince"], first="ann", set_aside="king")
    r1["moves"] = [mv("ann", "guardswoman", "bob", 4), mv("cid", "baron", "ann")]
    sc = scenario("pegasus", list(HANDS), [r1, rnd("pegasus", HANDS)], tokens={"cid": 3})
    out = replay(sc)
    assert out["game_winner"] == "cid"
    assert out["error"] == {"round": 1, "move": None, "reason": "the game is already over"}


def test_a_later_round_uses_its_deal_and_the_winner_starts() -> None:
    r1 = rnd("pegasus", HANDS, ["priest", "prince"], first="ann", set_aside="king")
    r1["moves"] = [mv("ann", "guardswoman", "bob", 4), mv("cid", "baron", "ann")]
    hands2 = {"ann": "princess", "bob": "countess", "cid": "guardswoman"}
    r2 = rnd("pegasus", hands2, ["baron", "priest"], [mv("cid", "guardswoman", "ann", 8)])
    out = replay(scenario("pegasus", list(HANDS), [r1, r2]))
    assert out["ok"] is True
    assert len(out["rounds"]) == 2
    assert out["rounds"][1] == {
        "winners": [],
        "ended_by": None,
        "knocked_out": ["ann"],
        "set_aside": r2["set_aside"],
    }
    assert out["players"]["ann"]["discards"] == ["princess"]
    assert out["players"]["cid"] == {
        "tokens": 1,
        "in_round": True,
        "hand": ["baron"],
        "discards": ["guardswoman"],
        "protected": False,
    }
    assert out["active"] == "bob" and sorted(out["players"]["bob"]["hand"]) == [
        "countess",
        "priest",
    ]
    started = [e for e in out["log"] if e["type"] == "round_started"]
    assert [(e["round"], e["first"]) for e in started] == [(1, "ann"), (2, "cid")]
