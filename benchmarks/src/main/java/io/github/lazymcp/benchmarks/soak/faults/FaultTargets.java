package io.github.lazymcp.benchmarks.soak.faults;

import java.time.Duration;
import java.util.List;

import io.github.lazymcp.benchmarks.soak.fleet.AppInstance;
import org.jspecify.annotations.Nullable;

/**
 * What the {@link FaultRunner} acts on: the fleet's processes and the slow server's proxy
 * ({@link FleetTargets}). Each method acts at once and says whether it found what it acts
 * on; one that cannot undo what a fault did throws.
 */
interface FaultTargets {

	/**
	 * Kills a stdio server's process with SIGKILL; its instance starts it again.
	 * @param server the server's connection name
	 * @param instance the instance whose process it is
	 * @return false when no process of the server was found
	 */
	boolean killStdio(String server, String instance);

	/**
	 * Kills an HTTP server with SIGKILL and waits for it to be gone.
	 * @param server the server's connection name
	 * @return false when it was not running
	 */
	boolean killHttp(String server);

	/**
	 * Starts an HTTP server again on its port and waits until it listens.
	 * @param server the server's connection name
	 * @throws IllegalStateException when it does not listen in time
	 */
	void startHttp(String server);

	/**
	 * Stops PostgreSQL.
	 * @return false when it was not running
	 */
	boolean stopDatabase();

	/**
	 * Starts PostgreSQL again on its port and data.
	 */
	void startDatabase();

	/**
	 * Delays every request to a server.
	 * @param server the server behind the proxy
	 * @param delay the delay, zero for none
	 */
	void delay(String server, Duration delay);

	/**
	 * Stops an instance with SIGTERM and waits for it.
	 * @param instance the instance
	 * @return how it stopped, or null when it was not running
	 */
	AppInstance.@Nullable Stopped stopInstance(String instance);

	/**
	 * Starts an instance again with its settings and waits until it answers.
	 * @param instance the instance
	 * @throws IllegalStateException when it does not start
	 */
	void startInstance(String instance);

	/**
	 * The instances' names.
	 * @return the names
	 */
	List<String> instances();

}
