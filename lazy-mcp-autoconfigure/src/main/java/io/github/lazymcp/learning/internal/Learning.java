package io.github.lazymcp.learning.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

import io.github.lazymcp.learning.LearningSettings;
import io.github.lazymcp.learning.UseStore;
import io.github.lazymcp.logging.internal.Failures;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/*
 * Privacy invariants, all enforced here and nowhere else:
 * - only a successful call records a request; a failed one records its prior only;
 * - a call without a request (a private turn, a call outside lazy-mcp's advisors, a step
 *   that did not start with the user's words) records no request;
 * - with learning off nothing is recorded and nothing stored is read;
 * - what is stored is the request text it is given (the caller, LazyMcpRequest, removes
 *   pasted blocks and leaves out private turns), cut to a bounded length, with the
 *   conversation's id and the time, which exist only to delete it: no user id, no session
 *   state;
 * - what is deleted (all uses, one conversation's, those older than the retention; with
 *   learning on or off) is gone from the next knowledge: a deletion makes the knowledge
 *   stale at once, and a reload that fails after a deletion keeps no uses rather than
 *   the ones loaded before.
 * The store is never asked on the search path: knowledge() returns what was last loaded;
 * stale() says, without touching the store, whether a reload may find something new.
 */

/**
 * What lazy-mcp learns from use: the requests that led to successful calls, per tool, and
 * the priors of every call. The one place that decides what is recorded. Thread-safe.
 */
public final class Learning {

	/**
	 * A use this instance recorded is looked at no sooner than this after the last load,
	 * so that a busy application rebuilds its index at most every ten seconds, not once
	 * per call: at 10,000 tools, rebuilding every second on two cores doubled
	 * ToolSearch's p99 in SearchBenchmark, every ten seconds added a third.
	 */
	static final Duration MIN_RELOAD_INTERVAL = Duration.ofSeconds(10);

	private static final Log logger = LogFactory.getLog(Learning.class);

	private final LearningSettings settings;

	private final UseStore store;

	private final Priors priors;

	private final Clock clock;

	private final LongSupplier ticker;

	private final AtomicLong recorded = new AtomicLong();

	/** How many deletions removed uses; each one makes the knowledge stale at once. */
	private final AtomicLong forgotten = new AtomicLong();

	private final AtomicReference<@Nullable Knowledge> known = new AtomicReference<>();

	private final AtomicBoolean failing = new AtomicBoolean();

	/**
	 * Creates the learning over a store.
	 * @param settings whether and how much to learn
	 * @param store where requests are kept
	 * @param clock when a shared store was last read
	 * @param ticker nanoseconds, for call durations (e.g. {@code System::nanoTime})
	 */
	public Learning(LearningSettings settings, UseStore store, Clock clock, LongSupplier ticker) {
		this.settings = settings;
		this.store = store;
		this.priors = new Priors(settings);
		this.clock = clock;
		this.ticker = ticker;
	}

	/**
	 * Learning in memory with the given settings and the system clocks.
	 * @param settings whether and how much to learn
	 * @return the learning
	 */
	public static Learning inMemory(LearningSettings settings) {
		return new Learning(settings, UseStore.inMemory(settings.usesPerTool()), Clock.systemUTC(), System::nanoTime);
	}

	/**
	 * The settings.
	 * @return the settings
	 */
	public LearningSettings settings() {
		return this.settings;
	}

	/**
	 * The priors observed so far.
	 * @return the priors
	 */
	public Priors priors() {
		return this.priors;
	}

	/**
	 * Starts timing one call of a tool.
	 * @param tool the qualified tool name
	 * @return the call, to be ended with {@link Call#succeeded} or {@link Call#failed}
	 */
	public Call begin(String tool) {
		return new Call(tool, this.ticker.getAsLong());
	}

	/**
	 * The uses last loaded; loads them on the first call. Never reads the store
	 * afterwards: see {@link #stale} and {@link #reload}.
	 * @return the knowledge
	 */
	public Knowledge knowledge() {
		Knowledge current = this.known.get();
		return (current != null) ? current : reload();
	}

	/**
	 * Whether a reload may find uses the given knowledge lacks: this instance recorded
	 * one since (looked at every ten seconds at most), or the store is shared and was
	 * last read longer ago than the refresh interval. Cheap: never touches the store.
	 * @param knowledge knowledge returned earlier
	 * @return true when worth reloading
	 */
	public boolean stale(Knowledge knowledge) {
		if (!this.settings.enabled()) {
			return false;
		}
		if (forgotSince(knowledge)) {
			return true;
		}
		Instant now = this.clock.instant();
		boolean recordedSince = this.recorded.get() != knowledge.version()
				&& !now.isBefore(knowledge.loadedAt().plus(MIN_RELOAD_INTERVAL));
		return recordedSince
				|| (this.store.shared() && !now.isBefore(knowledge.loadedAt().plus(this.settings.refreshInterval())));
	}

	/**
	 * Reads the store now. When it cannot be read, the uses loaded before are kept.
	 * @return the new knowledge
	 */
	public Knowledge reload() {
		long version = this.recorded.get();
		long forgottenNow = this.forgotten.get();
		Instant now = this.clock.instant();
		Knowledge previous = this.known.get();
		// After a deletion, the uses loaded before may hold what was deleted.
		Map<String, List<String>> uses = (previous != null && !forgotSince(previous)) ? previous.uses() : Map.of();
		if (this.settings.enabled()) {
			try {
				uses = unchanged(previous, this.store.uses());
				recovered();
			}
			catch (RuntimeException ex) {
				failed("read", ex);
			}
		}
		Knowledge loaded = new Knowledge(version, forgottenNow, now, uses);
		this.known.set(loaded);
		return loaded;
	}

	/**
	 * The uses just read, each tool's requests that did not change since the last load
	 * being the list loaded then: a busy application reloads every ten seconds, usually
	 * for one new use among thousands, and the index rebuilt with the knowledge then
	 * keeps its documents and votes for every tool whose list is the same (and the fresh
	 * copies die young instead of being kept and copied by the collector).
	 * @param previous the knowledge loaded before, or null
	 * @param loaded the uses just read
	 * @return the uses, sharing the previous knowledge's lists where they are equal
	 */
	private static Map<String, List<String>> unchanged(@Nullable Knowledge previous, Map<String, List<String>> loaded) {
		if (previous == null) {
			return loaded;
		}
		Map<String, List<String>> uses = new LinkedHashMap<>();
		loaded.forEach((tool, requests) -> {
			List<String> before = previous.of(tool);
			uses.put(tool, requests.equals(before) ? before : requests);
		});
		return uses.equals(previous.uses()) ? previous.uses() : uses;
	}

	/**
	 * Whether uses were deleted since some knowledge was loaded: then it must not be used
	 * longer than a reload takes. Cheap: never touches the store.
	 * @param knowledge knowledge returned earlier
	 * @return true when a deletion came after it
	 */
	public boolean forgotSince(Knowledge knowledge) {
		return knowledge.forgotten() != this.forgotten.get();
	}

	/**
	 * Deletes every learned use, whether learning is on or off.
	 * @return how many uses were deleted
	 * @throws RuntimeException when the store cannot be reached; then nothing is deleted
	 * here, and the caller should say so
	 */
	public int deleteAll() {
		return forgot(this.store.deleteAll());
	}

	/**
	 * Deletes the uses learned in one conversation, whether learning is on or off.
	 * @param conversation the conversation's id
	 * @return how many uses were deleted
	 * @throws RuntimeException when the store cannot be reached
	 */
	public int deleteConversation(String conversation) {
		return forgot(this.store.deleteConversation(conversation));
	}

	/**
	 * Deletes the uses recorded longer than the retention ago, whether learning is on or
	 * off: the periodic cleanup. A store that cannot be reached is logged, once per
	 * outage, and tried again next time.
	 * @return how many uses were deleted
	 */
	public int expire() {
		try {
			int deleted = forgot(
					this.store.deleteRecordedBefore(this.clock.instant().minus(this.settings.retention())));
			recovered();
			return deleted;
		}
		catch (RuntimeException ex) {
			failed("delete expired uses from", ex);
			return 0;
		}
	}

	/**
	 * Whether other instances share the store, so that uses they deleted are dropped only
	 * when it is read again.
	 * @return true for a shared store
	 */
	public boolean shared() {
		return this.store.shared();
	}

	private int forgot(int deleted) {
		if (deleted > 0) {
			this.forgotten.incrementAndGet();
		}
		return deleted;
	}

	private void learn(String tool, @Nullable String request, @Nullable String conversation) {
		if (!this.settings.enabled() || request == null) {
			return;
		}
		String text = request.strip();
		if (text.length() > this.settings.maxRequestLength()) {
			text = text.substring(0, this.settings.maxRequestLength()).strip();
		}
		if (text.isEmpty()) {
			return;
		}
		try {
			this.store.record(tool, text, conversation, this.clock.instant());
			this.recorded.incrementAndGet();
			recovered();
		}
		catch (RuntimeException ex) {
			failed("record a use of tool '" + tool + "' in", ex);
		}
	}

	// The store's exception may quote the request it was given (a JDBC driver quotes the
	// values of a row it refused): its message goes to DEBUG only.
	private void failed(String what, RuntimeException ex) {
		if (this.failing.compareAndSet(false, true)) {
			String happened = "Could not %s the store of learned tool uses; calls go on, and ToolSearch ranks with "
				.formatted(what) + "what it learned before, until the store is back";
			Failures.warn(logger, happened, ex);
		}
	}

	private void recovered() {
		if (this.failing.compareAndSet(true, false)) {
			logger.info("The store of learned tool uses can be reached again");
		}
	}

	/**
	 * The uses known at one moment.
	 *
	 * @param version how many uses this instance had recorded when they were loaded
	 * @param forgotten how many deletions had removed uses when they were loaded
	 * @param loadedAt when the store was read
	 * @param uses the requests per qualified tool name
	 */
	public record Knowledge(long version, long forgotten, Instant loadedAt, Map<String, List<String>> uses) {

		public Knowledge {
			uses = Map.copyOf(uses);
		}

		/**
		 * The requests that used one tool.
		 * @param tool the qualified tool name
		 * @return the requests, empty when none
		 */
		public List<String> of(String tool) {
			return this.uses.getOrDefault(tool, List.of());
		}

	}

	/**
	 * One call being timed. End it once.
	 */
	public final class Call {

		private final String tool;

		private final long started;

		private Call(String tool, long started) {
			this.tool = tool;
			this.started = started;
		}

		/**
		 * The call returned a result: its prior is updated and, unless learning is off,
		 * the request that led to it is learned.
		 * @param request the user's request of the turn with pasted blocks removed, or
		 * null when there is none or the turn is private
		 * @param conversation the id of the conversation the request was made in, kept
		 * with it so that it can be deleted; null when there is none
		 */
		public void succeeded(@Nullable String request, @Nullable String conversation) {
			Learning.this.priors.record(this.tool, true, millis());
			learn(this.tool, request, conversation);
		}

		/**
		 * The call failed: its prior is updated, nothing is learned.
		 */
		public void failed() {
			Learning.this.priors.record(this.tool, false, millis());
		}

		private long millis() {
			return (Learning.this.ticker.getAsLong() - this.started) / 1_000_000;
		}

	}

}
