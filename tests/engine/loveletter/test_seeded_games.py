"""Whole seeded games pinned by digest (issue 44 item 4): an optimisation of the engine may
not change a rule, a deal or an event without this failing.

Each case plays one whole game from a seed with random legal moves (picked by a second
seeded generator, as the benchmark does) and hashes every move's events and the final
state's JSON. The digests were computed on main before the engine's speed work (30a8a45);
a change that alters them changes what players see, and needs a reason of its own.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import engine.loveletter as engine

CASES: dict[tuple[str, int, int, str], str] = {
    # (edition, players, seed, elves option or "") -> sha256 of the game's events and end state
    ("hobbit", 2, 1, ""): "e3a6cdcaae1714bc5a43ebc7c0ab62348ed4663e411edcb52f77e0ac77222720",
    ("hobbit", 2, 2, ""): "cb453df1ffa30abc39eca900f6a5e1fe88d9c7ec6d70469d13138425091ac5e6",
    ("hobbit", 2, 3, ""): "a4fdde819ddc8dde7bccb503f9b2f018e3bc6773ac9fbefc494cb01a6a31d3ea",
    ("hobbit", 3, 1, ""): "43123eabbb329a906b2435c093cfb02c2dae6c01982b83cf9ceafa7788f6c223",
    ("hobbit", 3, 2, ""): "3e915168187d488e7ab4a45739132a59d4cc5de00a7c749e546f43caca8b8197",
    ("hobbit", 3, 3, ""): "8518f62875ce8c0d090b298dbfe23330f3a9c090ecf00559a17a5b28557fd963",
    ("hobbit", 4, 1, ""): "478db5ccf9e3c35a33f225a9c1a493dd976a66594d5ef4153897a1a61ba366d0",
    ("hobbit", 4, 2, ""): "22989bb943b074e766e5a51af4d13875df3aa8ad845a89644e214d65be51c769",
    ("hobbit", 4, 3, ""): "a8f557fbc672fd6ae0186092ab56774eecc751d946878de90ad6b91df924bc64",
    ("hobbit", 4, 4, "german"): "b549cd114b2152ec2e12e362916928c78c8e2e0281d0b570e24609da75db82a8",
    ("l5r", 2, 1, ""): "0d8bad8d073a1cea8611b4cc386c606fb2f436a8a72f3b8fff4975b9c713dd25",
    ("l5r", 2, 2, ""): "31a639278924c968f7ef602f7d2bbb8372333dc3e47f6a529952a5aa1036650c",
    ("l5r", 2, 3, ""): "4f8f535d59364986d5dbafa1c677a8bb2266ec00eb88168ac40ea2d99c4d7fde",
    ("l5r", 4, 1, ""): "15435b0ea2e915c1511e5cdb1aa56b804899e715e835719f630ca3c8c171e139",
    ("l5r", 4, 2, ""): "45171dc0243e736ad1b899ea65c2e2c599d6c13d809cc618d28db362687196ac",
    ("l5r", 4, 3, ""): "78b76e56e997438fec999f70dd2a59d9725b7486d54455cd4dc6cad71e9268d2",
    ("pegasus", 2, 1, ""): "fff70a0f9b47b1b0d2ac785f1c64e887ba5a12c30c9e50b8736563ecac24a8e0",
    ("pegasus", 2, 2, ""): "3a0e06acd94438b282aae968d599944a31ab2d49a11ebee8ab904ede678ee75f",
    ("pegasus", 2, 3, ""): "ebe25987fab8deb5d3a1c95b1eaee69f9d51e4fa39d82a4a3f4bc98120a6af7c",
    ("pegasus", 4, 1, ""): "6c0497c52fabca13bfc80d9aecd85ba0f32e2e1eb792cffa223b12f287f584c3",
    ("pegasus", 4, 2, ""): "216995971e0341b4a5c979acc84f25f1ac0e9be653a417de5b33ed9e3e57a7bc",
    ("pegasus", 4, 3, ""): "1af4c07f4b833c3ae3f18f1cfe2e9e7e943b70d0531ee6b6e270cfd58741514a",
    ("pegasus", 6, 1, ""): "41e4367e2049027f83db51f442c7dec050c1654ab85985d671ced16a1bfb1552",
    ("pegasus", 6, 2, ""): "3aa48948f1dbc382e3d0a87beb612d5259f138a1b6d8c3189fb003e9ebe4facf",
    ("pegasus", 6, 3, ""): "d5b33cfb284d3a31bc4edc7ba26cb2236c6b9adfd2a429a8f1f9cf96f409529f",
    ("pegasus", 8, 1, ""): "5df650e0a0306e1d2c94d42016321bfa16f298e01e538e154fc746d9a75d6579",
    ("pegasus", 8, 2, ""): "71cb579928527b8c4c592b8a68690ff052a8cf2d45b2bab260a9a2515fc38c9b",
    ("pegasus", 8, 3, ""): "39a0772019cae1c0bf6b5125b10353b9ea5ca7d84bfff2a6b46145b017ab4fdc",
    # a C-9 deciding round; a Bishop's token reaching the target mid-round (PEG-11)
    ("hobbit", 4, 35, ""): "fd3011cb09b4c80e6eabe2811ca29a543b0ec60980c5b98fd4adb836cce10522",
    ("pegasus", 5, 6, ""): "71629b67339c26854fa4046f1aa6baa335f41677f7c9e96a312cd7e8b3aab4a9",
}


def game_digest(edition: str, players: int, seed: int, elves: str = "") -> str:
    """Play one whole seeded game; the sha256 of its events, move by move, and its end."""
    options = {"elves": elves} if elves else None
    rng = random.Random(seed)
    state = engine.new_game(edition, [f"p{i}" for i in range(players)], rng, options)
    digest = hashlib.sha256(json.dumps([e.to_dict() for e in state.log]).encode())
    while not state.over:
        legal = engine.legal_moves(state)
        state, events = engine.apply(state, legal[int(rng.random() * len(legal))])
        digest.update(json.dumps([e.to_dict() for e in events]).encode())
    digest.update(engine.to_json(state).encode())
    return digest.hexdigest()


@pytest.mark.parametrize(("edition", "players", "seed", "elves"), list(CASES))
def test_a_seeded_game_plays_out_as_pinned(
    edition: str, players: int, seed: int, elves: str
) -> None:
    assert game_digest(edition, players, seed, elves) == CASES[edition, players, seed, elves]
