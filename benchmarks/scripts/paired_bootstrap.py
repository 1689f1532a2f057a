#!/usr/bin/env python3
"""Paired bootstrap of tasks finished between two replays of the same tasks.

    python3 benchmarks/scripts/paired_bootstrap.py BASELINE.json OTHER.json [TARGET_POINTS]

Each file is the output of `replay --dataset FILE --mode M --per-task --json` (one ranker),
or FILE:SYSTEM, one system's line of a results file `compare --per-task --results FILE`
wrote (lazy-mcp beside a peer: `compare.json:lazy-mcp compare.json:lc4j-vector`).
A task is finished unless its lazy outcome is "failed". The gain is OTHER's share finished
minus BASELINE's, in points; it is resampled over the tasks, pairs kept together (10,000
resamples, seed 46). Prints the tasks, both counts, the gain, its 95 % interval, P(gain <= 0)
and, with a target, P(gain >= target). Needs NumPy.
"""
import json
import sys

import numpy as np


def finished(path):
    system = None
    if not path.endswith(".json") and ":" in path:
        path, system = path.rsplit(":", 1)
    with open(path) as file:
        result = json.load(file)
    if isinstance(result, dict) and "results" in result:
        result = result["results"]
    if isinstance(result, list):
        lines = [line for line in result if system is None or line.get("system") == system]
        if not lines:
            sys.exit("no line of system %s in %s" % (system, path))
        result = lines[0]
    return {task["id"]: task["outcome"] != "failed" for task in result["perTask"]}


def main(args):
    baseline, other = finished(args[0]), finished(args[1])
    if set(baseline) != set(other):
        sys.exit("the two replays are not of the same tasks")
    ids = sorted(baseline)
    gains = np.array([int(other[i]) - int(baseline[i]) for i in ids])
    n = len(ids)
    rng = np.random.default_rng(46)
    resampled = np.concatenate([100 * gains[rng.integers(0, n, size=(1000, n))].sum(axis=1) / n for _ in range(10)])
    low, high = np.percentile(resampled, [2.5, 97.5])
    line = {
        "tasks": n,
        "baselineFinished": int(sum(baseline.values())),
        "otherFinished": int(sum(other.values())),
        "gainPoints": round(100 * gains.sum() / n, 1),
        "interval95": [round(float(low), 1), round(float(high), 1)],
        "pGainAtMostZero": round(float((resampled <= 0).mean()), 3),
    }
    if len(args) > 2:
        line["pGainAtLeastTarget"] = round(float((resampled >= float(args[2])).mean()), 3)
    print(json.dumps(line))


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1:])
