"""The Love Letter expert's CPU per decision, this checkout against another (issue 42 item 7).

`python -m bot.bench.expert_cpu --against /tmp/base` runs a fixed workload (`--positions`
seeded positions over the `bench ai` table kinds, a few moves into each game, the expert
choosing at each; the standard AI plays the moves between) in a child process per run,
this checkout and the other in turns (`against.rate`), and prints the expert's CPU seconds
for each, mean ± 95% interval, and the ratio run by run (other over this: the speed-up).
Run `uptime` around it: the machine's load moves every figure, the ratio least.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bot.bench.against import HERE, in_turns, interval, problem
from bot.bench.ai import TABLES

WORKLOAD = r"""
import json, random, sys, time
import engine.loveletter as engine
from engine.loveletter.ai import choose
n, seed, TABLES = int(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3])
per = max(1, n // len(TABLES))
rng = random.Random(seed)
cpu, done, game = 0.0, 0, 0
while done < n:
    edition, count = TABLES[game % len(TABLES)]
    game += 1
    state = engine.new_game(edition, [f"ai{i}" for i in range(count)], random.Random(rng.random()))
    stop, skip = done + per, rng.randrange(0, 6)
    while not state.game_over and done < stop:
        view = engine.player_view(state, state.actor)
        legal = engine.legal_moves(state)
        if skip <= 0 and len(legal) > 1:
            start = time.process_time()
            choose("expert", view, legal, random.Random(done))
            cpu += time.process_time() - start
            done += 1
        skip -= 1
        pick = choose("standard", view, legal, random.Random(done + 1000 * skip))
        state, _ = engine.apply(state, pick)
print(cpu)
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.bench.expert_cpu")
    parser.add_argument("--against", required=True, help="another checkout of this project")
    parser.add_argument("--runs", type=int, default=6, help="runs of each (default 6)")
    parser.add_argument("--positions", type=int, default=40, help="decisions a run (40)")
    args = parser.parse_args(argv)
    why = problem(args.against, "loveletter")
    if why is not None:
        print(why, file=sys.stderr)
        return 2
    other = Path(args.against).resolve()
    ours, theirs = in_turns(
        [(HERE, WORKLOAD), (other, WORKLOAD)],
        args.runs,
        # run i: seed i + 1, for both; this checkout's table kinds for both, whatever the
        # other's bench ai has (or whether it has one)
        lambda run: [str(args.positions), str(run + 1), json.dumps(TABLES)],
    )
    ratios = [b / a for a, b in zip(ours, theirs, strict=True)]
    print(f"expert CPU s for {args.positions} decisions, {args.runs} runs each, in turns:")
    print(f"   this checkout {interval(ours, '.2f')}")
    print(f"   {other.name:13s} {interval(theirs, '.2f')}")
    spread = f"{min(ratios):.2f}-{max(ratios):.2f}"
    print(f"   speed-up {interval(ratios, '.2f')}x (runs {spread})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
