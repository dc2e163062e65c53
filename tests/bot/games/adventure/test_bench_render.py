"""`bench render --game adventure` draws real positions of seeded games (fights, duels and
last moves included) and says what one picture costs; its figures are checked for their
shape and the picture's size, never for time (the machine may be busy)."""

from __future__ import annotations

import re

import pytest

from bot import cli


def test_bench_render_adventure_prints_time_and_size(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["bench", "render", "--game", "adventure", "--positions", "40"])
    out = capsys.readouterr().out
    assert code in (0, 1), "1 only when p99 is over 50 ms"
    assert "backgrounds and token spots (once)" in out
    found = re.search(r"40 positions, median [\d.]+ ms, p99 [\d.]+ ms, largest (\d+) KB", out)
    assert found, out
    assert int(found.group(1)) < 300
