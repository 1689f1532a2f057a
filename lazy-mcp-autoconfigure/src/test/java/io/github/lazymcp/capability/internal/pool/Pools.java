package io.github.lazymcp.capability.internal.pool;

import java.time.Clock;
import java.time.Duration;

import io.github.lazymcp.background.internal.Background;
import io.github.lazymcp.background.internal.Tasks;
import io.github.lazymcp.health.HealthSettings;
import io.github.lazymcp.health.internal.ServerSupervisor;
import io.micrometer.observation.ObservationRegistry;

/**
 * Server pools for tests, on one group of tasks shared by the test JVM (its threads are
 * daemons), each with a supervisor of the shipped health settings.
 */
public final class Pools {

	private static final Tasks TASKS = new Background(null).tasks("test pools");

	private Pools() {
	}

	/** A pool without a budget that stops a server as soon as its last holder lets go. */
	public static ServerPool pool(Duration initTimeout, Duration requestTimeout) {
		return pool(initTimeout, requestTimeout, Integer.MAX_VALUE, Duration.ZERO, Clock.systemUTC());
	}

	public static ServerPool pool(Duration initTimeout, Duration requestTimeout, int maxConnections,
			Duration idleTimeout, Clock clock) {
		return pool(initTimeout, requestTimeout, maxConnections, idleTimeout, clock, ObservationRegistry.NOOP);
	}

	public static ServerPool pool(Duration initTimeout, Duration requestTimeout, int maxConnections,
			Duration idleTimeout, Clock clock, ObservationRegistry observations) {
		return pool(new PoolSettings(initTimeout, requestTimeout, maxConnections, maxConnections, idleTimeout), clock,
				observations);
	}

	public static ServerPool pool(PoolSettings settings, Clock clock, ObservationRegistry observations) {
		return new ServerPool(settings, clock, supervisor(), observations, TASKS);
	}

	public static ServerSupervisor supervisor() {
		return new ServerSupervisor(HealthSettings.DEFAULTS, Clock.systemUTC(), Math::random, TASKS);
	}

}
