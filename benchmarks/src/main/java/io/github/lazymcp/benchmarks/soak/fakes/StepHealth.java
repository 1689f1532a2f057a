package io.github.lazymcp.benchmarks.soak.fakes;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.lazymcp.benchmarks.soak.app.ServerStates;
import tools.jackson.databind.JsonNode;

/**
 * The health of an instance's MCP servers at one model step, as the soak app stamps it on
 * the request ({@link ServerStates}): read just before lazy-mcp chose the step's tools
 * and just after, a server counting as {@code UP} only when it was both times. A server
 * the stamp does not name, and every server of a request without a stamp, is of unknown
 * health.
 *
 * @param statuses status by server name
 * @param known whether the request carried a stamp
 */
public record StepHealth(Map<String, String> statuses, boolean known) {

	/** No stamp: nothing is known. */
	public static final StepHealth UNKNOWN = new StepHealth(Map.of(), false);

	public StepHealth {
		statuses = Map.copyOf(statuses);
	}

	/**
	 * Reads the stamp of a model request.
	 * @param body the request body
	 * @return the health, {@link #UNKNOWN} when it carries none
	 */
	static StepHealth of(JsonNode body) {
		JsonNode stamp = body.path(ServerStates.FIELD);
		if (!stamp.isObject()) {
			return UNKNOWN;
		}
		Map<String, String> statuses = new LinkedHashMap<>();
		stamp.properties().forEach((entry) -> statuses.put(entry.getKey(), entry.getValue().asString("")));
		return new StepHealth(statuses, true);
	}

	/**
	 * Whether a server was known not to be {@code UP} at the step.
	 * @param server the server
	 * @return true when the stamp names it with another status
	 */
	public boolean notUp(String server) {
		String status = this.statuses.get(server);
		return status != null && !status.equals("UP");
	}

	/**
	 * Whether a server was known to be {@code UP} at the step.
	 * @param server the server
	 * @return true when the stamp names it {@code UP}
	 */
	public boolean up(String server) {
		return "UP".equals(this.statuses.get(server));
	}

	/**
	 * The server's status in words, for the examples of violations.
	 * @param server the server
	 * @return the status, or why it is unknown
	 */
	public String describe(String server) {
		String status = this.statuses.get(server);
		return (status != null) ? status : this.known ? "not named by the stamp" : "unknown (no stamp)";
	}

	/**
	 * The server of a qualified tool name ({@code server__tool}).
	 * @param tool the tool
	 * @return the part before the first {@code __}, or the name itself
	 */
	public static String serverOf(String tool) {
		int separator = tool.indexOf("__");
		return (separator > 0) ? tool.substring(0, separator) : tool;
	}

}
