package io.github.lazymcp.benchmarks.soak.faults;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import io.github.lazymcp.benchmarks.soak.fakes.OpenAiWire;
import io.github.lazymcp.benchmarks.soak.fleet.AppInstance;
import io.github.lazymcp.benchmarks.soak.fleet.Pause;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Watches the instances recover from a fault, as a user would see it: a server is back
 * when the activation endpoint reports it {@code UP} and a call of one of its tools
 * succeeds through a chat turn; the database is back when a session can be read again.
 * Every wait gives up after {@link #TIMEOUT}.
 */
public final class RecoveryWatch implements FaultWatch {

	/** A session made at the start, read back while the database recovers. */
	public static final String PROBE_SESSION = "soak-probe";

	/** The tool the probe session holds. */
	public static final String PROBE_TOOL = "memory__read_graph";

	static final Duration TIMEOUT = Duration.ofMinutes(2);

	/**
	 * How long one look at an instance may take, so that a busy one is looked at again.
	 */
	private static final Duration LOOK = Duration.ofSeconds(10);

	/** A tool of each server and its arguments, for the probe calls. */
	private static final Map<String, List<String>> CALLS = Map.of("filesystem",
			List.of("filesystem__list_allowed_directories", "{}"), "memory", List.of(PROBE_TOOL, "{}"), "remote",
			List.of("remote__echo", "{\"message\": \"probe\"}"), "events",
			List.of("events__echo", "{\"message\": \"probe\"}"));

	private final Probe probe;

	private final LongSupplier clock;

	private final Set<String> out;

	private final List<AppInstance> instances;

	/**
	 * Creates the watch.
	 * @param probe makes the calls through chat turns
	 * @param clock milliseconds since the run started
	 * @param out instances out of the load balancer (drained, stopped or starting): a
	 * server's recovery does not wait for them
	 * @param instances the instances
	 */
	public RecoveryWatch(Probe probe, LongSupplier clock, Set<String> out, List<AppInstance> instances) {
		this.probe = probe;
		this.clock = clock;
		this.out = out;
		this.instances = List.copyOf(instances);
	}

	@Override
	public @Nullable Long down(String server, long until) {
		Long down = null;
		while (now() < until) {
			if (down == null && this.instances.stream()
				.anyMatch((instance) -> instance.running() && !serverStatus(instance, server).up())) {
				down = now();
			}
			Pause.millis(250);
		}
		return down;
	}

	/**
	 * Watches a server on the given instances until each reports it {@code UP} and a call
	 * of one of its tools succeeds there. The time it was {@code UP} is when the instance
	 * says its status became {@code UP} (the endpoint's {@code since}), or when the watch
	 * began for a status from before; a look that finds another status, or a call that
	 * fails, leaves it to the next look. Not when the watch first saw it {@code UP}: the
	 * watch looks at the instances one after the other, and a probe's chat turn can take
	 * many seconds (with the session database down, for one), so a look may come long
	 * after the server was up. An instance that is not running or is out of the load
	 * balancer (restarting) is not waited for.
	 * @param server the server
	 * @param names the instances' names
	 * @return when an instance first reported it not {@code UP} (or null), when the last
	 * one reported it {@code UP} and when the last one served a call (each null when one
	 * did not in time)
	 */
	@Override
	public Seen server(String server, List<String> names) {
		List<AppInstance> instances = this.instances.stream()
			.filter((instance) -> names.contains(instance.name()))
			.toList();
		List<String> call = CALLS.get(server);
		long start = now();
		long deadline = start + TIMEOUT.toMillis();
		Map<String, Long> up = new LinkedHashMap<>();
		Map<String, Long> recovered = new LinkedHashMap<>();
		Long down = null;
		List<AppInstance> watched = watched(instances);
		while (!recovered.keySet().containsAll(names(watched)) && now() < deadline) {
			for (AppInstance instance : watched) {
				if (recovered.containsKey(instance.name())) {
					continue;
				}
				Status status = serverStatus(instance, server);
				if (down == null && !status.up()) {
					down = now();
				}
				if (!status.up()) {
					up.remove(instance.name());
					continue;
				}
				up.putIfAbsent(instance.name(), status.upFrom(start));
				if (this.probe.call(instance, call.get(0), call.get(1))) {
					recovered.put(instance.name(), now());
				}
				else {
					up.remove(instance.name());
				}
			}
			Pause.millis(250);
			watched = watched(instances);
		}
		return new Seen(down, last(up, names(watched)), last(recovered, names(watched)));
	}

	@Override
	public @Nullable Long sessions() {
		long deadline = now() + TIMEOUT.toMillis();
		Map<String, Long> answered = new LinkedHashMap<>();
		while (answered.size() < this.instances.size() && now() < deadline) {
			for (AppInstance instance : this.instances) {
				if (!answered.containsKey(instance.name()) && sessionStatus(instance).equals("200")) {
					answered.put(instance.name(), now());
				}
			}
			Pause.millis(100);
		}
		return last(answered, names(this.instances));
	}

	/**
	 * Watches until a call of a memory tool succeeds through an instance.
	 * @param name the instance
	 * @return when it did, or null when it did not in time
	 */
	@Override
	public @Nullable Long serving(String name) {
		AppInstance instance = instance(name);
		long deadline = now() + TIMEOUT.toMillis();
		List<String> call = CALLS.get("memory");
		while (now() < deadline) {
			if (this.probe.call(instance, call.get(0), call.get(1))) {
				return now();
			}
			Pause.millis(1000);
		}
		return null;
	}

	@Override
	public String sessionStatus(String name) {
		return sessionStatus(instance(name));
	}

	private AppInstance instance(String name) {
		return this.instances.stream()
			.filter((instance) -> instance.name().equals(name))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("No instance " + name));
	}

	/**
	 * How an instance answers a read of the probe session now: a status or "no answer".
	 */
	private String sessionStatus(AppInstance instance) {
		return instance.get("/actuator/mcpactivation/" + PROBE_SESSION, LOOK)
			.map(HttpResponse::statusCode)
			.map(String::valueOf)
			.orElse("no answer");
	}

	private Status serverStatus(AppInstance instance, String server) {
		JsonNode state = instance.get("/actuator/mcpactivation", LOOK)
			.filter((response) -> response.statusCode() == 200)
			.map((response) -> OpenAiWire.JSON.readTree(response.body()))
			.orElse(OpenAiWire.JSON.missingNode());
		for (JsonNode entry : state.path("servers")) {
			if (entry.path("name").asString("").equals(server)) {
				return Status.of(entry, now(), System.currentTimeMillis());
			}
		}
		return new Status("?", null);
	}

	private List<AppInstance> watched(List<AppInstance> instances) {
		return instances.stream()
			.filter((instance) -> instance.running() && !this.out.contains(instance.name()))
			.toList();
	}

	private static Set<String> names(List<AppInstance> instances) {
		return instances.stream().map(AppInstance::name).collect(Collectors.toSet());
	}

	/** The latest of the times, once every named instance has one; else null. */
	private static @Nullable Long last(Map<String, Long> times, Set<String> expected) {
		return times.keySet().containsAll(expected) ? expected.stream().map(times::get).max(Long::compare).orElse(null)
				: null;
	}

	private long now() {
		return this.clock.getAsLong();
	}

	/**
	 * A server's status on an instance.
	 *
	 * @param status {@code UP}, {@code DOWN}, {@code RECONNECTING}, or {@code ?} when the
	 * instance did not say
	 * @param since when the status began, on the run's clock, or null for since the
	 * instance started
	 */
	record Status(String status, @Nullable Long since) {

		/**
		 * A server's entry of the activation endpoint. Its {@code since} is an instant of
		 * the instance's clock: the instances run on this machine and share its wall
		 * clock.
		 * @param entry the entry, of {@code servers}
		 * @param runNow now on the run's clock
		 * @param wallNow now on the wall clock, epoch milliseconds
		 * @return the status
		 */
		static Status of(JsonNode entry, long runNow, long wallNow) {
			String since = entry.path("since").asString(null);
			return new Status(entry.path("status").asString("?"),
					(since != null) ? runNow - (wallNow - Instant.parse(since).toEpochMilli()) : null);
		}

		boolean up() {
			return "UP".equals(this.status);
		}

		/**
		 * When an {@code UP} status counts from in a watch: when it began, or the watch's
		 * start for a status from before (a killed stdio server stays {@code UP} until a
		 * ping fails, and its calls fail meanwhile).
		 * @param watchStart when the watch began
		 * @return the time
		 */
		long upFrom(long watchStart) {
			return (this.since != null) ? Math.max(watchStart, this.since) : watchStart;
		}

	}

	/**
	 * What a watch saw.
	 *
	 * @param down when an instance first reported the server not {@code UP}, or null
	 * @param up when the status of the server became {@code UP} again on the last
	 * instance (as that instance says, not before the watch began), or null when one did
	 * not
	 * @param recovered when the last instance served a call of one of its tools, or null
	 * when one did not
	 */
	public record Seen(@Nullable Long down, @Nullable Long up, @Nullable Long recovered) {

	}

}
