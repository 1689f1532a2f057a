package io.github.lazymcp.benchmarks.soak.faults;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * How the {@link FaultRunner} sees the instances recover ({@link RecoveryWatch}). Every
 * wait gives up after a while; times are milliseconds since the run started.
 */
interface FaultWatch {

	/**
	 * Watches until a deadline for any running instance to report a server not
	 * {@code UP}.
	 * @param server the server
	 * @param until the deadline
	 * @return when one first did, or null
	 */
	@Nullable Long down(String server, long until);

	/**
	 * Watches a server until every given instance reports it {@code UP} and serves a call
	 * of one of its tools.
	 * @param server the server
	 * @param instances the instances' names
	 * @return what was seen
	 */
	RecoveryWatch.Seen server(String server, List<String> instances);

	/**
	 * Watches until every instance reads the probe session again.
	 * @return when the last one did, or null
	 */
	@Nullable Long sessions();

	/**
	 * How an instance answers a read of the probe session now.
	 * @param instance the instance
	 * @return the status code, or {@code no answer}
	 */
	String sessionStatus(String instance);

	/**
	 * Watches until a tool call through an instance succeeds.
	 * @param instance the instance
	 * @return when it did, or null
	 */
	@Nullable Long serving(String instance);

}
