package io.github.lazymcp.benchmarks.soak;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/*
 * The ledger of one conversation: what the model was told about its tools, checked
 * against every model request the conversation makes afterwards, on either instance.
 *
 * Told. A tool enters the ledger when a ToolSearch result or a capability result reports
 * it active (found, and not among those that did not fit), and leaves it when a result
 * reports it evicted. Tools lazy-mcp adds without telling the model (proactive attach at
 * a turn's start) are not told: the model may not count on them.
 *
 * The rules, checked on each request of the conversation, in order:
 *
 * 1. No doubles: no tool name twice in one request's tools.
 * 2. Cap: at most `cap` deferred tools in one request, and no result counting more.
 * 3. Next step: a tool reported active must be in the very next request. A request sent
 *    while the database is down carries no session tools by design (lazy-mcp cannot read
 *    them, and says so); such requests are not checked, and the first request after the
 *    outage is checked instead. Missing there, the activation is lost. What the requests
 *    not checked allowed carries over to it: the silent evictions of rule 4 (one per call
 *    of a deferred tool among them, and those of a turn start among them), and tools
 *    attached at a turn start among them are not counted as appearing (rule 5).
 * 4. Stays: a told tool must be in every later request until its eviction is reported,
 *    except where lazy-mcp evicts without telling the model: after the model called a
 *    deferred tool it had not loaded (the call activates it, evicting the least recently
 *    used tool when the session is full: at most one), and at the start of a turn where
 *    capability auto-activation added a capability's tools (at most as many as it
 *    added). Within those allowances a vanished tool is a silent eviction. Beyond them, or
 *    anywhere else, the conversation's session is read back: a tool it still holds was
 *    only left out of that step (lazy-mcp sends no tool of a server that is not up on the
 *    instance: killed, reconnecting, or not yet connected after a restart) and stays in
 *    the ledger; a tool it no longer holds is lost. When the session cannot be read back
 *    (the instance or its database does not answer in time), the tool stays in the ledger
 *    unverified, to be checked again on the next step that lacks it.
 * 5. No half success: after a ToolSearch or capability result that is an error, the next
 *    request within the turn carries no tool the previous one lacked. Any other tool
 *    appearing within a turn without a result or a call that explains it is counted as
 *    unexplained.
 *
 * A lost tool leaves the ledger (it is counted once); a later request carrying it again
 * does not count as unexplained.
 */

/**
 * Checks one conversation's model requests against what its model was told. Not
 * thread-safe: a conversation's requests arrive one at a time.
 */
final class Ledger {

	/**
	 * What a told tool that its session still holds, missing from one step, counts as.
	 */
	static final String HELD_BUT_LEFT_OUT = "told tool left out of a step while its session holds it "
			+ "(its server not up on that instance)";

	/**
	 * What a told tool missing from one step counts as when its session could not be read
	 * back to tell whether it still holds it.
	 */
	static final String UNVERIFIED = "told tool missing from a step whose session could not be read back";

	private final String conversation;

	private final int cap;

	private final Predicate<String> deferred;

	private final Predicate<String> capabilityTool;

	private final Tally tally;

	private final Supplier<Optional<Set<String>>> sessionTools;

	private final Set<String> told = new LinkedHashSet<>();

	private final Set<String> pending = new HashSet<>();

	private final Set<String> lost = new HashSet<>();

	private Set<String> lastSeen = Set.of();

	private boolean failedBefore;

	private String where = "";

	private Set<String> carried = Set.of();

	// What the requests not checked during a database outage did, applied on the first
	// request checked after it.
	private boolean skippedTurnStart;

	private int skippedDeferredCalls;

	private final Set<String> skippedExplained = new HashSet<>();

	/**
	 * Creates an empty ledger.
	 * @param conversation the conversation id, for the examples of violations
	 * @param cap the session cap ({@code max-active-schemas})
	 * @param deferred whether a tool name is a deferred MCP tool (not ToolSearch, a model
	 * tool or a pinned tool)
	 * @param capabilityTool whether a tool belongs to a capability's server
	 * @param tally where violations are counted
	 * @param sessionTools reads the tools the conversation's session holds now, through
	 * the instance that sent the last request, or nothing when it cannot be read
	 */
	Ledger(String conversation, int cap, Predicate<String> deferred, Predicate<String> capabilityTool, Tally tally,
			Supplier<Optional<Set<String>>> sessionTools) {
		this.conversation = conversation;
		this.cap = cap;
		this.deferred = deferred;
		this.capabilityTool = capabilityTool;
		this.tally = tally;
		this.sessionTools = sessionTools;
	}

	/**
	 * Says where the next request comes from, for the examples of violations.
	 * @param where the instance and what came before, in words
	 */
	void at(String where) {
		this.where = where;
	}

	/**
	 * Checks one model request.
	 * @param tools the names in the request's tools, in order
	 * @param turnStart whether it is the first request of a turn
	 * @param databaseDown whether it was sent inside a database outage window
	 * @param outcome what the previous move's result said
	 */
	void observe(List<String> tools, boolean turnStart, boolean databaseDown, Outcome outcome) {
		Set<String> distinct = new LinkedHashSet<>(tools);
		if (distinct.size() < tools.size()) {
			this.tally.violation(Tally.Kind.DOUBLED, this.conversation, tools.toString());
		}
		Set<String> visible = new LinkedHashSet<>(distinct);
		visible.removeIf(this.deferred.negate());
		if (visible.size() > this.cap) {
			this.tally.violation(Tally.Kind.CAP_EXCEEDED, this.conversation, visible.size() + " deferred tools");
		}
		Set<String> explained = learn(outcome);
		int deferredCalls = (outcome instanceof Outcome.DeferredCall) ? 1 : 0;
		if (databaseDown) {
			this.skippedTurnStart |= turnStart;
			this.skippedDeferredCalls += deferredCalls;
			this.skippedExplained.addAll(explained);
			return;
		}
		boolean afterOutage = this.skippedTurnStart || this.skippedDeferredCalls > 0
				|| !this.skippedExplained.isEmpty();
		boolean start = turnStart || this.skippedTurnStart;
		explained = new HashSet<>(explained);
		explained.addAll(this.skippedExplained);
		this.carried = visible;
		Set<String> appeared = new LinkedHashSet<>(visible);
		appeared.removeAll(this.lastSeen);
		checkAppearances(appeared, explained, start);
		int allowance = deferredCalls + this.skippedDeferredCalls;
		if (start) {
			allowance += (int) appeared.stream().filter(this.capabilityTool).count();
		}
		checkTold(visible, allowance, afterOutage
				? "a call of a deferred tool or capability auto-activation, "
						+ "in requests not checked during a database outage"
				: (deferredCalls > 0) ? "a call of a deferred tool" : "capability auto-activation at a turn's start");
		this.pending.clear();
		this.lastSeen = visible;
		this.failedBefore = false;
		this.skippedTurnStart = false;
		this.skippedDeferredCalls = 0;
		this.skippedExplained.clear();
	}

	/** Applies what a result reported; returns the tools it explains appearing. */
	private Set<String> learn(Outcome outcome) {
		if (outcome instanceof Outcome.Reported reported) {
			if (reported.active() != null && reported.active() > this.cap) {
				this.tally.violation(Tally.Kind.CAP_EXCEEDED, this.conversation,
						"a result counted " + reported.active() + " active");
			}
			this.told.removeAll(reported.evicted());
			this.pending.removeAll(reported.evicted());
			reported.activated().stream().filter(this.deferred).forEach((tool) -> {
				this.told.add(tool);
				this.pending.add(tool);
				this.lost.remove(tool);
			});
			return reported.activated();
		}
		if (outcome instanceof Outcome.Failed) {
			this.failedBefore = true;
		}
		return (outcome instanceof Outcome.DeferredCall call) ? Set.of(call.tool()) : Set.of();
	}

	private void checkAppearances(Set<String> appeared, Set<String> explained, boolean turnStart) {
		if (turnStart) {
			return;
		}
		Set<String> unexplained = new LinkedHashSet<>(appeared);
		unexplained.removeAll(explained);
		unexplained.removeAll(this.told);
		unexplained.removeAll(this.lost);
		if (!unexplained.isEmpty()) {
			this.tally.violation(this.failedBefore ? Tally.Kind.HALF_SUCCEEDED : Tally.Kind.UNEXPLAINED,
					this.conversation, unexplained + context());
		}
	}

	private void checkTold(Set<String> visible, int allowance, String silentCause) {
		int left = allowance;
		// Read back at most once per step, and only when a told tool is missing.
		Optional<Set<String>> held = Optional.empty();
		boolean readBack = false;
		for (String tool : List.copyOf(this.told)) {
			if (visible.contains(tool)) {
				continue;
			}
			if (!this.pending.contains(tool) && left > 0) {
				this.told.remove(tool);
				left--;
				this.tally.silentEviction(silentCause);
				continue;
			}
			if (!readBack) {
				held = this.sessionTools.get();
				readBack = true;
			}
			if (held.isEmpty()) {
				this.tally.error(UNVERIFIED);
				continue;
			}
			if (held.get().contains(tool)) {
				this.tally.error(HELD_BUT_LEFT_OUT);
				continue;
			}
			this.told.remove(tool);
			this.lost.add(tool);
			this.tally.violation(Tally.Kind.LOST, this.conversation,
					tool + (this.pending.contains(tool) ? ": reported active, missing on the next step"
							: ": gone without a reported eviction") + context());
		}
	}

	/** Where the request came from, what it carried and what the one before did. */
	private String context() {
		return " (%s; request %s; previous %s)".formatted(this.where, this.carried, this.lastSeen);
	}

	/**
	 * The tools the model was told are active now.
	 * @return a copy, in the order they were told
	 */
	Set<String> told() {
		return Set.copyOf(this.told);
	}

}
