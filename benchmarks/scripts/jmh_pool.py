#!/usr/bin/env python3
"""Pools the JMH sample-time runs jmh_interleaved.sh wrote, per jar and parameter value.

    python3 benchmarks/scripts/jmh_pool.py OUT [OUT ...]

Every fork's histogram of sampled times is pooled per (jar, value); p50 and p99 are taken
over the pool, so that each fork weighs by the searches it measured. Prints a Markdown table
(one row per jar and value, with each fork's own p50 to show the spread between forks) and,
per jar, the ratio of "on" to "off" at p50 and p99.
"""
import collections
import glob
import json
import os
import sys


def percentile(values, share):
    return values[min(len(values) - 1, int(share * (len(values) - 1)))]


def main(folders):
    pooled = collections.defaultdict(list)
    forks = collections.defaultdict(list)
    for folder in folders:
        for path in sorted(glob.glob(os.path.join(folder, '*.json'))):
            jar, value, _ = os.path.basename(path)[:-len('.json')].split('-')
            for result in json.load(open(path)):
                samples = []
                for fork in result['primaryMetric']['rawDataHistogram']:
                    for iteration in fork:
                        for time, count in iteration:
                            samples += [time] * count
                samples.sort()
                pooled[(jar, value)] += samples
                forks[(jar, value)].append(percentile(samples, 0.5))
    print('| jar | value | forks | searches | p50 ms | p99 ms | p50 of each fork, ms |')
    print('|---|---|---:|---:|---:|---:|---|')
    figures = {}
    for key in sorted(pooled, key=lambda k: (k[0] != 'before', k[1])):
        samples = sorted(pooled[key])
        p50, p99 = percentile(samples, 0.5) / 1000, percentile(samples, 0.99) / 1000
        figures[key] = (p50, p99)
        spread = ', '.join(f'{p / 1000:.1f}' for p in forks[key])
        print(f'| {key[0]} | {key[1]} | {len(forks[key])} | {len(samples):,} | {p50:.2f} | {p99:.2f} | {spread} |')
    print()
    for jar in ('before', 'after'):
        if (jar, 'on') in figures and (jar, 'off') in figures:
            on, off = figures[(jar, 'on')], figures[(jar, 'off')]
            print(f'{jar}: on / off at p50 {on[0] / off[0]:.3f}, at p99 {on[1] / off[1]:.3f}')


if __name__ == '__main__':
    main(sys.argv[1:])
