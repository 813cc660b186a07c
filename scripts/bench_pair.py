#!/usr/bin/env python3
"""Times two commands side by side for scripts/bench, in paired rounds.

    scripts/bench_pair.py OUT.json ROUNDS 'COMMAND A' 'COMMAND B'

Each round runs both commands once, back to back, in a random (seeded) order, with their
output read from a pipe; two warm-up rounds come first and are not counted. A shared
machine's load drifts: pairing puts both commands under the same load, where blocks of
runs of one command and then the other (as hyperfine runs them) turn drift into a bias.

OUT.json holds, per command, the median wall time and the median CPU time (user + system
of the whole process tree, from getrusage(RUSAGE_CHILDREN)), every sample, and the
ratios B / A: the median of the per-round ratios, for wall and for CPU time.
A command that fails stops the benchmark with its stderr. Standard library only.
"""

import json
import random
import resource
import shlex
import statistics
import subprocess
import sys
import time

WARMUP_ROUNDS = 2


def run(argv):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"bench: {shlex.join(argv)} exited {done.returncode}:\n{done.stderr.decode(errors='replace')}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    out, rounds = sys.argv[1], int(sys.argv[2])
    commands = [shlex.split(c) for c in sys.argv[3:]]
    order = random.Random(42)
    samples = [[], []]
    for round_number in range(WARMUP_ROUNDS + rounds):
        indexes = [0, 1]
        order.shuffle(indexes)
        timings = {i: run(commands[i]) for i in indexes}
        if round_number >= WARMUP_ROUNDS:
            for i in (0, 1):
                samples[i].append(timings[i])
    result = {
        "commands": [
            {
                "command": shlex.join(commands[i]),
                "wall_median": statistics.median(w for w, _ in samples[i]),
                "cpu_median": statistics.median(c for _, c in samples[i]),
                "walls": [round(w, 4) for w, _ in samples[i]],
                "cpus": [round(c, 4) for _, c in samples[i]],
            }
            for i in (0, 1)
        ],
        "wall_ratio": statistics.median(b[0] / a[0] for a, b in zip(*samples)),
        "cpu_ratio": statistics.median(b[1] / a[1] for a, b in zip(*samples) if a[1] > 0),
    }
    with open(out, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
