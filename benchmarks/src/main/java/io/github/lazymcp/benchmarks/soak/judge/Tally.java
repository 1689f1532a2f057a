package io.github.lazymcp.benchmarks.soak.judge;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * What every conversation's ledger and requests counted, shared by all of them:
 * violations by kind (with the first few as examples), silent evictions by cause, errors
 * by kind (reported), and errors of the harness itself (which fail CI: what threw was not
 * checked). Thread-safe.
 */
public final class Tally {

	private static final int EXAMPLES = 20;

	private final LongSupplier clock;

	private final Map<Kind, AtomicLong> violations = new EnumMap<>(Kind.class);

	private final Map<String, AtomicLong> silentEvictions = new ConcurrentHashMap<>();

	private final Map<String, AtomicLong> errors = new ConcurrentHashMap<>();

	private final List<String> examples = new ArrayList<>();

	private final Map<String, AtomicLong> harnessErrors = new ConcurrentHashMap<>();

	/**
	 * Creates an empty tally.
	 * @param clock milliseconds since the run started, for the examples
	 */
	public Tally(LongSupplier clock) {
		this.clock = clock;
		for (Kind kind : Kind.values()) {
			this.violations.put(kind, new AtomicLong());
		}
	}

	public void violation(Kind kind, String conversation, String detail) {
		this.violations.get(kind).incrementAndGet();
		synchronized (this.examples) {
			if (this.examples.size() < EXAMPLES) {
				this.examples.add("%.1f s %s %s: %s".formatted(this.clock.getAsLong() / 1000.0, kind.key(),
						conversation, detail));
			}
		}
	}

	void silentEviction(String cause) {
		this.silentEvictions.computeIfAbsent(cause, (key) -> new AtomicLong()).incrementAndGet();
	}

	public void error(String kind) {
		this.errors.computeIfAbsent(kind, (key) -> new AtomicLong()).incrementAndGet();
	}

	/**
	 * Counts an error of the harness: an exception in a conversation or a watch, a model
	 * request it cannot place, a fault still running long after the load.
	 * @param what what went wrong
	 */
	public void harnessError(String what) {
		this.harnessErrors.computeIfAbsent(what, (key) -> new AtomicLong()).incrementAndGet();
	}

	public Map<String, Long> harnessErrors() {
		return snapshot(this.harnessErrors);
	}

	public long count(Kind kind) {
		return this.violations.get(kind).get();
	}

	public Map<String, Long> silentEvictions() {
		return snapshot(this.silentEvictions);
	}

	public Map<String, Long> errors() {
		return snapshot(this.errors);
	}

	public List<String> examples() {
		synchronized (this.examples) {
			return List.copyOf(this.examples);
		}
	}

	private static Map<String, Long> snapshot(Map<String, AtomicLong> counters) {
		Map<String, Long> copy = new TreeMap<>();
		counters.forEach((key, value) -> copy.put(key, value.get()));
		return copy;
	}

	/**
	 * What a ledger can find wrong.
	 */
	public enum Kind {

		/** A told tool missing where the rules say it must be. */
		LOST("lostActivations"),

		/**
		 * A told tool missing from a step while its server was {@code UP} there (or its
		 * health unknown), its session still holding it or not readable.
		 */
		LEFT_OUT("toldToolsLeftOut"),

		/** A tool twice in one request, or twice in a session. */
		DOUBLED("doubledActivations"),

		/** More deferred tools in a request, or counted by a result, than the cap. */
		CAP_EXCEEDED("capExceeded"),

		/** A tool appearing after a result that reported an error. */
		HALF_SUCCEEDED("halfSucceeded"),

		/** A tool appearing within a turn with nothing to explain it. */
		UNEXPLAINED("unexplainedAppearances");

		private final String key;

		Kind(String key) {
			this.key = key;
		}

		/**
		 * The key of the count in the JSON report.
		 * @return the key
		 */
		String key() {
			return this.key;
		}

	}

}
