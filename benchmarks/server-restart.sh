#!/usr/bin/env bash
# Black-box figures of a server restart, as a user of the chat sample sees them: the sample
# with one more server, server-everything, added by properties as the connection 'remote',
# default health settings, read from /actuator/mcpactivation every 100 ms. Each run kills the
# server (kill -9) and times DOWN (from the kill to when the server's first status other than
# UP began, read from its 'since'); then
#   - streamable, sse: starts it again on the same port and times from the moment it listens
#     to UP with its tools. With --order at-once it is started as soon as it is DOWN; with
#     --order mid-attempt only once a reconnect attempt has begun while it was down (the
#     status went RECONNECTING, or an attempt already failed).
#   - stdio: the reconnect starts a new process itself; times the kill to DOWN and DOWN to UP,
#     both read from the sample's log ("is down", "is up again"): DOWN may last only
#     milliseconds, too short to be seen by polling.
# Needs the sample's jar:
#   ./mvnw -pl samples/chat -am package -DskipTests
# Run from anywhere:
#   benchmarks/server-restart.sh [--transport streamable|sse|stdio] [--order at-once|mid-attempt]
#                                [--runs N] [--jar path/to/sample.jar] [--port P] [--app-port A]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
transport=streamable
order=at-once
runs=1
jar="$root/samples/chat/target/lazy-mcp-sample-chat-0.1.0-SNAPSHOT.jar"
port=3101
app=8091
while [ $# -gt 0 ]; do
	case "$1" in
		--transport) transport="$2"; shift 2 ;;
		--order) order="$2"; shift 2 ;;
		--runs) runs="$2"; shift 2 ;;
		--jar) jar="$2"; shift 2 ;;
		--port) port="$2"; shift 2 ;;
		--app-port) app="$2"; shift 2 ;;
		*) echo "unknown argument: $1" >&2; exit 2 ;;
	esac
done
bin="$root/mcp-servers/node_modules/.bin/mcp-server-everything"
marker="server-restart-$$"
case "$transport" in
	streamable) connection=(--spring.ai.mcp.client.streamable-http.connections.remote.url="http://localhost:$port") ;;
	sse) connection=(--spring.ai.mcp.client.sse.connections.remote.url="http://localhost:$port") ;;
	stdio) connection=(--spring.ai.mcp.client.stdio.connections.remote.command="$bin"
		--spring.ai.mcp.client.stdio.connections.remote.args="stdio,$marker") ;;
	*) echo "--transport is streamable, sse or stdio" >&2; exit 2 ;;
esac
mode=$([ "$transport" = sse ] && echo sse || echo streamableHttp)
server() { PORT="$port" "$bin" "$mode" >/dev/null 2>&1 & echo $!; }
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; }
# status, tools, when the status began (epoch seconds, 0 for since startup), lastError
state() {
	curl -s "localhost:$app/actuator/mcpactivation" | python3 -c 'import json,sys
from datetime import datetime
d = json.load(sys.stdin)
s = [x for x in d["servers"] if x["name"] == "remote"][0]
since = datetime.fromisoformat(s["since"].replace("Z", "+00:00")).timestamp() if s.get("since") else 0
print(s["status"], s["tools"], "%.3f" % since, s.get("lastError") or "")' 2>/dev/null || true
}
now() { date +%s.%N; }
since() { echo "$(now) - $1" | bc; }
srv=""
[ "$transport" = stdio ] || srv=$(server)
cd "$root/samples/chat"
log=$(mktemp)
java -jar "$jar" --server.port="$app" "${connection[@]}" >"$log" 2>&1 &
sample=$!
# The next run may reuse the ports: wait until this sample has exited.
trap 'kill $sample ${srv:-} 2>/dev/null; wait $sample 2>/dev/null || true; rm -f "$log"' EXIT
until state | grep -q '^UP [1-9]'; do
	kill -0 "$sample" 2>/dev/null || { echo "the sample exited; its log:" >&2; tail -20 "$log" >&2; exit 1; }
	sleep 0.5
done
# The epoch seconds of the first line of the sample's log after a moment that matches a
# pattern (Spring Boot's log lines start with an ISO time), or nothing yet.
logged() {
	python3 - "$log" "$1" "$2" <<'PY'
import re, sys
from datetime import datetime
log, after, pattern = sys.argv[1], float(sys.argv[2]), sys.argv[3]
for line in open(log, errors="replace"):
    m = re.match(r"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+)(Z|[+-]\d\d:\d\d)", line)
    if m and pattern in line:
        t = datetime.fromisoformat(m.group(1) + ("+00:00" if m.group(2) == "Z" else m.group(2))).timestamp()
        if t >= after:
            print("%.3f" % t)
            break
PY
}
for run in $(seq 1 "$runs"); do
	if [ "$transport" = stdio ]; then
		kill -9 $(pgrep -f -- "$marker" | grep -v "^$sample\$")
	else
		kill -9 "$srv"
	fi
	killed=$(now)
	if [ "$transport" = stdio ]; then
		# A stdio server is reconnected as soon as its process ends: DOWN may last only
		# milliseconds, too short to be seen by polling, so both moments are read from the
		# log: "MCP server 'remote' is down (...)" and "... is up again".
		until up=$(logged "$killed" "MCP server 'remote' is up again") && [ -n "$up" ]; do sleep 0.2; done
		downAt=$(logged "$killed" "MCP server 'remote' is down")
		echo "run $run (stdio): killed -> DOWN: $(echo "$downAt - $killed" | bc) s; DOWN -> UP: $(echo "$up - $downAt" | bc) s; killed -> UP: $(echo "$up - $killed" | bc) s"
		sleep 12
		continue
	fi
	until line=$(state) && echo "$line" | grep -Eq '^(DOWN|RECONNECTING) '; do sleep 0.1; done
	down=$(echo "$(echo "$line" | awk '{print $3}') - $killed" | bc)
	if [ "$order" = mid-attempt ]; then
		until state | grep -Eq '^RECONNECTING|reconnect failed'; do sleep 0.1; done
	fi
	srv=$(server)
	until listening; do sleep 0.05; done
	back=$(now)
	until state | grep -q '^UP [1-9]'; do sleep 0.1; done
	echo "run $run ($transport, $order): killed -> DOWN: $down s; back -> UP with tools: $(since "$back") s"
	# The next run starts from a settled server: its first ping after the reconnect.
	sleep 12
done
