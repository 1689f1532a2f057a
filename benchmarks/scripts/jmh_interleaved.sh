#!/usr/bin/env bash
# Runs one JMH benchmark of two jars (before and after a change) with a parameter off and on,
# one fork per run, interleaved: each round runs the four cells, in the reverse order every
# other round (before off, after off, before on, after on; then after on, before on, ...), so
# that before and after see the same machine. Each run writes JMH's JSON (with the samples'
# histogram) and its console output into OUT; jmh_pool.py pools them.
#
#   benchmarks/scripts/jmh_interleaved.sh OUT ROUNDS BEFORE.jar AFTER.jar SHARED \
#       SearchBenchmark.toolSearch learning -p tools=10000 -p ranker=hybrid
#
# SHARED is the folder holding eval/ and fixtures/mcp-catalogs/. The load average before
# each run goes to OUT/log.txt.
set -euo pipefail
out=$1 rounds=$2 before=$3 after=$4 shared=$5 benchmark=$6 param=$7
shift 7
mkdir -p "$out"
for round in $(seq 1 "$rounds"); do
	if [ $((round % 2)) = 1 ]; then
		cells="before:off after:off before:on after:on"
	else
		cells="after:on before:on after:off before:off"
	fi
	for cell in $cells; do
		jar=${cell%%:*} value=${cell##*:}
		file=$before
		[ "$jar" = after ] && file=$after
		echo "$(date +%T) round $round $jar $param=$value load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/log.txt"
		java -Xmx6g -jar "$file" jmh --eval "$shared/eval" --catalogs "$shared/fixtures/mcp-catalogs" "$benchmark" \
			-p "$param=$value" "$@" -f 1 -rf json -rff "$out/$jar-$value-$round.json" > "$out/$jar-$value-$round.txt" 2>&1
	done
done
echo "$(date +%T) done load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/log.txt"
