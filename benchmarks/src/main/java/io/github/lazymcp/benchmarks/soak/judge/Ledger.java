package io.github.lazymcp.benchmarks.soak.judge;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

import io.github.lazymcp.benchmarks.soak.fakes.MoveResult;
import io.github.lazymcp.benchmarks.soak.fakes.StepHealth;

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
 *    of a deferred tool among them, and those of a turn start among them: one per
 *    capability tool such a turn start showed that neither the last checked request nor
 *    an earlier request not checked showed, nor a result reported, whether or not it is
 *    still there on the first checked request, since a later result may have reported
 *    it evicted), and tools attached at a turn start among them are not counted as
 *    appearing (rule 5). A tool reported in a request not checked whose next step was
 *    not checked either, and that a later call of a deferred tool or turn start among
 *    them may have evicted, is held to rule 4 from then on: such an eviction is silent,
 *    not a loss.
 * 4. Stays: a told tool must be in every later request until its eviction is reported,
 *    except where lazy-mcp evicts without telling the model: after the model called a
 *    deferred tool it had not loaded (the call activates it, evicting the least recently
 *    used tool when the session is full: at most one), and at the start of a turn where
 *    capability auto-activation added a capability's tools (at most as many as it
 *    added). Within those allowances a vanished tool is a silent eviction. Beyond them, or
 *    anywhere else, a missing told tool is excused only when its server was not UP on the
 *    instance at that step (the app stamps each request with its servers' health, read
 *    just before and just after lazy-mcp chose the step's tools: StepHealth); it stays in
 *    the ledger. Otherwise (UP, or health unknown) the conversation's session is read back
 *    through that instance: a tool it no longer holds is lost; a tool it still holds, or
 *    one whose session cannot be read back, was left out while its server was UP (a
 *    violation of its own; the tool stays in the ledger, to be checked again).
 * 5. No half success: after a ToolSearch or capability result that is an error, the next
 *    request within the turn carries no tool the previous one lacked. Any other tool
 *    appearing within a turn without a result or a call that explains it is counted as
 *    unexplained.
 *
 * A lost tool leaves the ledger (it is counted once); a later request carrying it again
 * does not count as unexplained.
 */

/**
 * Checks one conversation's model requests against what its model was told, and records
 * what it verified in the run's {@link CheckedSteps}. Not thread-safe: a conversation's
 * requests arrive one at a time.
 */
public final class Ledger {

	/**
	 * What a told tool missing from one step counts as when its server was not {@code UP}
	 * on that instance at that step: excused.
	 */
	public static final String LEFT_OUT_NOT_UP = "told tool left out of a step while its server was not UP there (excused)";

	private final String conversation;

	private final int cap;

	private final Predicate<String> deferred;

	private final Predicate<String> capabilityTool;

	private final Tally tally;

	private final CheckedSteps steps;

	private final Supplier<Optional<Set<String>>> sessionTools;

	private final Set<String> told = new LinkedHashSet<>();

	private final Set<String> pending = new HashSet<>();

	private final Set<String> lost = new HashSet<>();

	private Set<String> lastSeen = Set.of();

	private boolean failedBefore;

	private String where = "";

	private String instance = "";

	private long at;

	private StepHealth health = StepHealth.UNKNOWN;

	private Set<String> carried = Set.of();

	// What the requests not checked during a database outage did, applied on the first
	// request checked after it.
	private boolean skippedTurnStart;

	private int skippedDeferredCalls;

	private final Set<String> skippedExplained = new HashSet<>();

	// What the requests not checked showed, and the capability tools their turn starts
	// showed first (auto-activation added them there, evicting silently as many): counted
	// when shown, since a later result may report them evicted before a request is
	// checked.
	private final Set<String> skippedSeen = new HashSet<>();

	private final Set<String> skippedCapabilityTools = new HashSet<>();

	private int skippedCapabilityAdds;

	/**
	 * Creates an empty ledger.
	 * @param conversation the conversation id, for the examples of violations
	 * @param cap the session cap ({@code max-active-schemas})
	 * @param deferred whether a tool name is a deferred MCP tool (not ToolSearch, a model
	 * tool or a pinned tool)
	 * @param capabilityTool whether a tool belongs to a capability's server
	 * @param tally where violations are counted
	 * @param steps where verified steps and activations are recorded
	 * @param sessionTools reads the tools the conversation's session holds now, through
	 * the instance that sent the last request, or nothing when it cannot be read
	 */
	public Ledger(String conversation, int cap, Predicate<String> deferred, Predicate<String> capabilityTool,
			Tally tally, CheckedSteps steps, Supplier<Optional<Set<String>>> sessionTools) {
		this.conversation = conversation;
		this.cap = cap;
		this.deferred = deferred;
		this.capabilityTool = capabilityTool;
		this.tally = tally;
		this.steps = steps;
		this.sessionTools = sessionTools;
	}

	/**
	 * Says where the next request comes from, for the examples of violations.
	 * @param where the instance and what came before, in words
	 */
	public void at(String where) {
		this.where = where;
	}

	/**
	 * Says which instance sent the next request, when, and the health of its servers at
	 * that step.
	 * @param instance the instance
	 * @param at milliseconds since the run started
	 * @param health the request's health stamp
	 */
	public void on(String instance, long at, StepHealth health) {
		this.instance = instance;
		this.at = at;
		this.health = health;
	}

	/**
	 * Checks one model request.
	 * @param tools the names in the request's tools, in order
	 * @param turnStart whether it is the first request of a turn
	 * @param databaseDown whether it was sent inside a database outage window
	 * @param outcome what the previous move's result said
	 */
	public void observe(List<String> tools, boolean turnStart, boolean databaseDown, MoveResult outcome) {
		Set<String> distinct = new LinkedHashSet<>(tools);
		if (distinct.size() < tools.size()) {
			this.tally.violation(Tally.Kind.DOUBLED, this.conversation, tools.toString());
		}
		Set<String> visible = new LinkedHashSet<>(distinct);
		visible.removeIf(this.deferred.negate());
		if (visible.size() > this.cap) {
			this.tally.violation(Tally.Kind.CAP_EXCEEDED, this.conversation, visible.size() + " deferred tools");
		}
		Set<String> reportedBefore = Set.copyOf(this.pending);
		Set<String> explained = learn(outcome);
		int deferredCalls = (outcome instanceof MoveResult.DeferredCall) ? 1 : 0;
		if (databaseDown) {
			this.skippedTurnStart |= turnStart;
			this.skippedDeferredCalls += deferredCalls;
			this.skippedExplained.addAll(explained);
			if (turnStart) {
				Set<String> added = new LinkedHashSet<>(visible);
				added.removeAll(this.lastSeen);
				added.removeAll(this.skippedSeen);
				added.removeAll(this.told);
				added.removeIf(this.capabilityTool.negate());
				this.skippedCapabilityAdds += added.size();
				this.skippedCapabilityTools.addAll(added);
			}
			this.skippedSeen.addAll(visible);
			if (deferredCalls > 0 || turnStart) {
				// The next step of what was reported before this request was not checked,
				// and this request's call or turn start may evict it without telling the
				// model (rule 4): from here on it is told, no longer pending.
				this.pending.removeAll(reportedBefore);
			}
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
		int allowance = deferredCalls + this.skippedDeferredCalls + this.skippedCapabilityAdds;
		if (start) {
			// Those a turn start not checked showed are counted already.
			allowance += (int) appeared.stream()
				.filter(this.capabilityTool)
				.filter((tool) -> !this.skippedCapabilityTools.contains(tool))
				.count();
		}
		checkTold(visible, allowance, afterOutage
				? "a call of a deferred tool or capability auto-activation, "
						+ "in requests not checked during a database outage"
				: (deferredCalls > 0) ? "a call of a deferred tool" : "capability auto-activation at a turn's start");
		recordChecked(visible);
		this.pending.clear();
		this.lastSeen = visible;
		this.failedBefore = false;
		this.skippedTurnStart = false;
		this.skippedDeferredCalls = 0;
		this.skippedExplained.clear();
		this.skippedSeen.clear();
		this.skippedCapabilityTools.clear();
		this.skippedCapabilityAdds = 0;
	}

	/** Applies what a result reported; returns the tools it explains appearing. */
	private Set<String> learn(MoveResult outcome) {
		if (outcome instanceof MoveResult.Reported reported) {
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
		if (outcome instanceof MoveResult.Failed) {
			this.failedBefore = true;
		}
		return (outcome instanceof MoveResult.DeferredCall call) ? Set.of(call.tool()) : Set.of();
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
		// Read back at most once per step, and only when a told tool is missing while its
		// server was UP (or its health is unknown).
		Optional<Set<String>> held = Optional.empty();
		boolean readBack = false;
		for (String tool : List.copyOf(this.told)) {
			if (visible.contains(tool)) {
				if (this.pending.contains(tool)) {
					this.steps.activationChecked();
				}
				continue;
			}
			if (!this.pending.contains(tool) && left > 0) {
				this.told.remove(tool);
				left--;
				this.tally.silentEviction(silentCause);
				continue;
			}
			String server = StepHealth.serverOf(tool);
			if (this.health.notUp(server)) {
				this.tally.error(LEFT_OUT_NOT_UP);
				continue;
			}
			if (!readBack) {
				held = this.sessionTools.get();
				readBack = true;
			}
			if (held.isPresent() && !held.get().contains(tool)) {
				this.told.remove(tool);
				this.lost.add(tool);
				this.tally.violation(Tally.Kind.LOST, this.conversation,
						tool + (this.pending.contains(tool) ? ": reported active, missing on the next step"
								: ": gone without a reported eviction") + context());
				continue;
			}
			this.tally.violation(Tally.Kind.LEFT_OUT, this.conversation,
					tool + ": left out while its server was " + this.health.describe(server) + "; its session "
							+ (held.isPresent() ? "holds it" : "could not be read back") + context());
		}
	}

	/** Records the servers this step verified: those of told tools it carried, UP. */
	private void recordChecked(Set<String> visible) {
		this.steps.health(this.health.known());
		Set<String> servers = new HashSet<>();
		for (String tool : this.told) {
			String server = StepHealth.serverOf(tool);
			if (visible.contains(tool) && this.health.up(server)) {
				servers.add(server);
			}
		}
		this.steps.step(this.instance, this.at, servers);
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
