package io.github.lazymcp.benchmarks.soak.fleet;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.github.lazymcp.benchmarks.soak.fakes.OpenAiWire;
import tools.jackson.databind.JsonNode;

/**
 * What one app instance holds at one moment: heap after a full collection, threads, file
 * descriptors and child processes (from outside the JVM), and what the app's own soak
 * endpoint says (thread pools, embedding cache, lazy-mcp's counters).
 *
 * @param pid the JVM's process id, -1 when it was not running
 * @param heapBytes heap in use after a full collection, -1 when unknown
 * @param threads the process's threads, JVM-internal ones included
 * @param fileDescriptors open file descriptors
 * @param children live descendant processes
 * @param childCommands their command lines
 * @param threadGroups live Java threads by pool name
 * @param embeddingCacheVectors vectors in lazy-mcp's in-memory embedding cache, -1 when
 * unknown
 * @param connectedCapabilityServers connections of capability servers started by a
 * command that lazy-mcp reports open (idle ones included): each is a child process
 * @param httpClients each live selector thread of a JDK HTTP client, with whether its
 * client is still reachable, its pending operations and what holds it (the app's soak
 * endpoint)
 * @param perUserConnections connections of the per-user server ({@link Fleet#NOTES}, one
 * per identity) that lazy-mcp reports open, idle ones included, -1 when unknown: it is
 * reached over HTTP, so each keeps an HTTP client's selector thread
 */
public record ResourceSample(long pid, long heapBytes, int threads, int fileDescriptors, int children,
		List<String> childCommands, Map<String, Integer> threadGroups, long embeddingCacheVectors,
		int connectedCapabilityServers, List<String> httpClients, int perUserConnections) {

	public static final ResourceSample NONE = new ResourceSample(-1, -1, -1, -1, -1, List.of(), Map.of(), -1, 0,
			List.of(), -1);

	/**
	 * Takes a sample of an instance.
	 * @param instance the instance
	 * @return the sample, {@link #NONE} when it is not running
	 */
	public static ResourceSample of(AppInstance instance) {
		long pid = instance.pid();
		if (pid == -1) {
			return NONE;
		}
		JsonNode soak = instance.get("/actuator/soak")
			.filter((response) -> response.statusCode() == 200)
			.map((response) -> OpenAiWire.JSON.readTree(response.body()))
			.orElse(OpenAiWire.JSON.missingNode());
		Map<String, Integer> groups = new TreeMap<>();
		soak.path("threads").properties().forEach((entry) -> groups.put(entry.getKey(), entry.getValue().asInt()));
		List<String> commands = Processes.descendants(pid).stream().map(Processes::commandLine).sorted().toList();
		List<String> httpClients = soak.path("httpClients").valueStream().map(JsonNode::asString).toList();
		Map<String, Integer> connections = capabilityConnections(instance);
		int perUser = connections.getOrDefault(Fleet.NOTES, -1);
		connections.remove(Fleet.NOTES);
		return new ResourceSample(pid, soak.path("heapUsedAfterGc").asLong(-1), Processes.threads(pid),
				Processes.fileDescriptors(pid), commands.size(), commands, groups,
				soak.path("embeddingCacheVectors").asLong(-1),
				connections.values().stream().mapToInt(Integer::intValue).sum(), httpClients, perUser);
	}

	/**
	 * The open connections of each capability server, as the activation endpoint reports
	 * them (a server in two capabilities once).
	 */
	private static Map<String, Integer> capabilityConnections(AppInstance instance) {
		JsonNode state = instance.get("/actuator/mcpactivation")
			.filter((response) -> response.statusCode() == 200)
			.map((response) -> OpenAiWire.JSON.readTree(response.body()))
			.orElse(OpenAiWire.JSON.missingNode());
		Map<String, Integer> connections = new TreeMap<>();
		for (JsonNode capability : state.path("capabilities").path("capabilities")) {
			for (JsonNode server : capability.path("servers")) {
				connections.put(server.path("name").asString(""), server.path("connections").asInt(0));
			}
		}
		return connections;
	}

	/**
	 * Whether everything was sampled: the process from outside and the app's endpoint.
	 * @return false when the instance was not running or did not answer
	 */
	public boolean complete() {
		return this.pid != -1 && this.heapBytes >= 0 && this.threads >= 0 && this.fileDescriptors >= 0;
	}

	public double heapMegabytes() {
		return (this.heapBytes < 0) ? -1 : Math.round(this.heapBytes / 1024.0 / 1024.0 * 10) / 10.0;
	}

}
