package io.github.lazymcp.health.internal;

import java.time.Duration;
import java.util.function.Function;
import java.util.function.LongSupplier;

import io.github.lazymcp.health.HealthSettings;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpClientTransport;

/*
 * A server that is down refuses a connection at once, so a short bound on an attempt
 * costs nothing there and keeps a scheduler thread from waiting on a server that is
 * gone. A stdio server is never gone: every attempt starts its process anew, and on a
 * busy machine node may need longer than the bound just to load. Bounding those attempts
 * at a fixed time would cut every one of them short, so the server would never come back.
 * An attempt that starts a process and fails only after its whole time has passed ran out
 * of time rather than being refused; the next such attempt gets twice as long, up to
 * eight times the bound (three doublings), and one that succeeds starts again from the reconnect timeout. Attempts
 * over the network keep the reconnect timeout. Attempts of one server never overlap (the
 * supervisor serialises them), so a plain volatile count is enough.
 */

/**
 * How long the next reconnect attempt of one server may take.
 */
public final class AttemptTimeout {

	/** How many times the reconnect timeout an attempt that starts a process may take. */
	static final int LONGEST_FACTOR = 8;

	private final Duration base;

	private final Duration longest;

	private final LongSupplier nanoTime;

	private volatile int timedOut;

	/**
	 * Creates the timeouts of one server's attempts.
	 * @param base how long an attempt may take
	 * @param longest how long an attempt that starts a process may take after attempts
	 * that ran out of time
	 * @param nanoTime the source of elapsed time
	 */
	AttemptTimeout(Duration base, Duration longest, LongSupplier nanoTime) {
		this.base = base;
		this.longest = (longest.compareTo(base) < 0) ? base : longest;
		this.nanoTime = nanoTime;
	}

	/**
	 * The timeouts of one server's attempts under some settings: the reconnect timeout,
	 * doubled for a process that ran out of time, up to eight times as long.
	 * @param settings the health settings
	 * @return a new, unused attempt timeout
	 */
	public static AttemptTimeout of(HealthSettings settings) {
		return new AttemptTimeout(settings.reconnectTimeout(), settings.reconnectTimeout().multipliedBy(LONGEST_FACTOR),
				System::nanoTime);
	}

	/**
	 * Whether a transport starts its server's process when it connects (stdio), guarded
	 * and serialized or not.
	 * @param transport the transport
	 * @return whether it starts a process
	 */
	public static boolean startsProcess(McpClientTransport transport) {
		McpClientTransport inner = (transport instanceof GuardedTransport guarded) ? guarded.wrapped() : transport;
		return inner instanceof SerializedTransport || inner instanceof StdioClientTransport;
	}

	/**
	 * Runs one attempt with the time it may take.
	 * @param <T> what the attempt makes
	 * @param startsProcess whether the attempt starts the server's process (stdio)
	 * @param attempt connects within the timeout it is given; throws when it cannot
	 * @return what the attempt made
	 */
	public <T> T run(boolean startsProcess, Function<Duration, T> attempt) {
		Duration timeout = startsProcess ? current() : this.base;
		long started = this.nanoTime.getAsLong();
		try {
			T made = attempt.apply(timeout);
			this.timedOut = 0;
			return made;
		}
		catch (RuntimeException | Error ex) {
			if (startsProcess && this.nanoTime.getAsLong() - started >= timeout.toNanos()) {
				this.timedOut = Math.min(this.timedOut + 1, 30);
			}
			throw ex;
		}
	}

	/**
	 * How long the next attempt that starts a process may take.
	 * @return the timeout
	 */
	Duration current() {
		long grown = this.base.toMillis() << this.timedOut;
		return (grown <= 0 || grown > this.longest.toMillis()) ? this.longest : Duration.ofMillis(grown);
	}

}
