#!/usr/bin/env python3
"""Times two commands side by side for scripts/bench, in paired rounds.

    scripts/bench_pair.py [--warmup W] OUT.json ROUNDS 'COMMAND A' 'COMMAND B' ['COMMAND C' ...]

Each round runs every command once, back to back, in a random (seeded) order, with their
output read from a pipe; W warm-up rounds (default 2) come first and are not counted. A shared
machine's load drifts: pairing puts both commands under the same load, where blocks of
runs of one command and then the other (as hyperfine runs them) turn drift into a bias.

OUT.json holds, per command, the median wall time and the median CPU time (user + system
of the whole process tree, from getrusage(RUSAGE_CHILDREN)), every sample, and the
ratios B / A: the median of the per-round ratios, for wall and for CPU time. With more
than two commands, "ratios" holds those of every command after the first against A.
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


def ratios(a, b):
    return {
        "wall_ratio": statistics.median(y[0] / x[0] for x, y in zip(a, b)),
        "cpu_ratio": statistics.median(y[1] / x[1] for x, y in zip(a, b) if x[1] > 0),
    }


def main():
    argv = sys.argv[1:]
    warmup = WARMUP_ROUNDS
    if argv[:1] == ["--warmup"] and len(argv) > 1:
        warmup, argv = int(argv[1]), argv[2:]
    if len(argv) < 4:
        sys.exit(__doc__)
    out, rounds = argv[0], int(argv[1])
    commands = [shlex.split(c) for c in argv[2:]]
    order = random.Random(42)
    samples = [[] for _ in commands]
    for round_number in range(warmup + rounds):
        indexes = list(range(len(commands)))
        order.shuffle(indexes)
        timings = {i: run(commands[i]) for i in indexes}
        if round_number >= warmup:
            for i in indexes:
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
            for i in range(len(commands))
        ],
        **ratios(samples[0], samples[1]),
        "ratios": [ratios(samples[0], samples[i]) for i in range(1, len(commands))],
        "warmup_rounds": warmup,
        "rounds": rounds,
    }
    with open(out, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
