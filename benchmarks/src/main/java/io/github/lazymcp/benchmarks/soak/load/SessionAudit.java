package io.github.lazymcp.benchmarks.soak.load;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.github.lazymcp.benchmarks.soak.fakes.OpenAiWire;
import io.github.lazymcp.benchmarks.soak.fleet.AppInstance;
import io.github.lazymcp.benchmarks.soak.judge.Tally;
import tools.jackson.databind.JsonNode;

/**
 * Reads the conversations' sessions back through the activation endpoint of each instance
 * at the end of a run (the store is shared, so both must agree) and checks that none
 * holds a tool twice or more tools than the cap.
 */
public final class SessionAudit {

	private final Traffic traffic;

	public SessionAudit(Traffic traffic) {
		this.traffic = traffic;
	}

	public void audit(List<Conversation> conversations) {
		for (Conversation conversation : conversations) {
			String id = conversation.id();
			if (id.isEmpty()) {
				continue;
			}
			List<List<String>> seen = new ArrayList<>();
			for (AppInstance instance : this.traffic.instances()) {
				instance.get("/actuator/mcpactivation/" + id)
					.filter((response) -> response.statusCode() == 200)
					.map((response) -> OpenAiWire.JSON.readTree(response.body()))
					.ifPresent((session) -> seen.add(check(id, session)));
			}
			if (seen.size() == 2 && !seen.get(0).equals(seen.get(1))) {
				this.traffic.tally()
					.violation(Tally.Kind.UNEXPLAINED, id, "the instances read different sessions: " + seen);
			}
		}
	}

	private List<String> check(String id, JsonNode session) {
		List<String> names = session.path("tools").valueStream().map((tool) -> tool.path("name").asString()).toList();
		Set<String> distinct = new HashSet<>(names);
		if (distinct.size() < names.size()) {
			this.traffic.tally().violation(Tally.Kind.DOUBLED, id, "session holds " + names);
		}
		if (names.size() > this.traffic.cap()) {
			this.traffic.tally().violation(Tally.Kind.CAP_EXCEEDED, id, "session holds " + names.size() + " tools");
		}
		return names;
	}

}
