#!/usr/bin/env bash
# Black-box figures of a server restart, as a user of the chat sample sees them: the sample
# with a Streamable HTTP server (server-everything) added by properties, default health
# settings. Kills the server and times DOWN on /actuator/mcpactivation, starts it again and
# times UP with its tools listed. Needs the sample's jar:
#   ./mvnw -pl samples/chat -am package -DskipTests
# Run from the repository root: benchmarks/server-restart.sh [port] [app-port]
set -euo pipefail
cd "$(dirname "$0")/../samples/chat"
port="${1:-3101}"
app="${2:-8091}"
server() { PORT="$port" ../../mcp-servers/node_modules/.bin/mcp-server-everything streamableHttp >/dev/null 2>&1 & echo $!; }
state() {
	curl -s "localhost:$app/actuator/mcpactivation" | python3 -c 'import json,sys
d = json.load(sys.stdin)
s = [x for x in d["servers"] if x["name"] == "remote"][0]
print(s["status"], s["tools"])' 2>/dev/null || true
}
now() { date +%s.%N; }
srv=$(server)
java -jar target/lazy-mcp-sample-chat-0.1.0-SNAPSHOT.jar --server.port="$app" \
	--spring.ai.mcp.client.streamable-http.connections.remote.url="http://localhost:$port" >/dev/null 2>&1 &
sample=$!
trap 'kill $sample $srv 2>/dev/null || true' EXIT
until state | grep -q '^UP [1-9]'; do sleep 0.5; done
kill -9 "$srv"
killed=$(now)
until state | grep -q '^DOWN'; do sleep 0.1; done
down=$(now)
srv=$(server)
started=$(now)
until state | grep -q '^UP [1-9]'; do sleep 0.1; done
up=$(now)
echo "killed -> DOWN: $(echo "$down - $killed" | bc) s; started again -> UP with tools: $(echo "$up - $started" | bc) s"
