"""The words players read in Discord, over whole games of each edition: the edition's own tally
word, "you" for the reader, the final tally unambiguous (tests/bot/test_wording.py checks
every event kind line by line)."""

from __future__ import annotations

import re

import pytest

from engine.loveletter.editions import edition as get_edition
from tests.cogs.driver import message_text, open_game, play_to_end

TALLY_WORDS = ("crown", "token", "heart")
BAD_GRAMMAR = re.compile(
    r"\bYou (is|has|gains|wins|starts)\b|\b(on|by|with|against|between) You\b|\b1 (crowns|hearts"
    r"|tokens)\b|tallies|gains a token \("
)


@pytest.mark.parametrize("edition", ["hobbit", "l5r", "pegasus"])
async def test_what_every_player_reads_fits_the_edition_and_the_reader(
    simcord_env, edition: str
) -> None:
    g = await open_game(simcord_env, edition, 3, seed=7 + len(edition))
    await play_to_end(g)
    own = get_edition(edition)
    texts = {m.id: [message_text(msg) for msg in g.visible_to(m)] for m in g.members}
    everything = "\n".join(t for member_texts in texts.values() for t in member_texts)
    for line in everything.splitlines():
        assert not BAD_GRAMMAR.search(line), line
        for word in TALLY_WORDS:
            if word not in own.tally:
                assert word not in line, line
    for member_texts in texts.values():  # each player read their own moves as "You ..."
        assert any("You played " in t for t in member_texts)
    final = next(ln for ln in everything.splitlines() if ln.startswith("Final tally: "))
    assert re.fullmatch(rf"Final tally: (.+ – \d+ ({own.tally}|{own.tallies})(, )?)+\.?", final)
