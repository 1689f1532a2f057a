package io.github.lazymcp.benchmarks.replay;

import java.util.ArrayList;
import java.util.List;

import io.github.lazymcp.benchmarks.agent.FirstLook;
import io.github.lazymcp.benchmarks.agent.LearningMode;
import io.github.lazymcp.benchmarks.agent.TaskRun;
import io.github.lazymcp.benchmarks.bill.Bill;
import io.github.lazymcp.benchmarks.bill.CachePrices;

/**
 * Adds up the tasks of a run into a {@link ReplayResult}.
 */
final class ReplayTally {

	private final CachePrices prices;

	private final boolean perTask;

	private final List<ReplayResult.TaskLine> lines = new ArrayList<>();

	private ReplayResult.Outcomes lazyOutcomes = ReplayResult.Outcomes.NONE;

	private ReplayResult.Outcomes bridgeOutcomes = ReplayResult.Outcomes.NONE;

	private Bill eager = Bill.NONE;

	private Bill lazy = Bill.NONE;

	private Bill bridge = Bill.NONE;

	private ReplayResult.Completed completed = new ReplayResult.Completed(0, Bill.NONE, Bill.NONE);

	private long lazySearches;

	private long bridgeSearches;

	private long calls;

	private long visibleFirst;

	private long visibleFirstSearch;

	private TaskRun.Repeats repeats = TaskRun.Repeats.NONE;

	ReplayTally(CachePrices prices, boolean perTask) {
		this.prices = prices;
		this.perTask = perTask;
	}

	void add(TaskRun lazyRun, TaskRun bridgeRun, Bill eagerBill, Bill lazyBill, Bill bridgeBill) {
		this.lazyOutcomes = this.lazyOutcomes.plus(lazyRun.outcome());
		this.bridgeOutcomes = this.bridgeOutcomes.plus(bridgeRun.outcome());
		this.eager = this.eager.plus(eagerBill);
		this.lazy = this.lazy.plus(lazyBill);
		this.bridge = this.bridge.plus(bridgeBill);
		if (lazyRun.outcome() != TaskRun.Outcome.FAILED) {
			this.completed = new ReplayResult.Completed(this.completed.tasks() + 1,
					this.completed.eager().plus(eagerBill), this.completed.lazy().plus(lazyBill));
		}
		this.lazySearches += lazyRun.toolSearchInputs().size();
		this.bridgeSearches += bridgeRun.toolSearchInputs().size();
		this.calls += lazyRun.calls();
		this.visibleFirst += lazyRun.visibleFirst();
		this.visibleFirstSearch += lazyRun.visibleFirstSearch();
		this.repeats = this.repeats.plus(lazyRun.repeats());
		if (this.perTask) {
			this.lines.add(new ReplayResult.TaskLine(lazyRun.id(), lazyRun.outcome(), bridgeRun.outcome(), eagerBill,
					lazyBill, bridgeBill));
		}
	}

	ReplayResult build(String dataset, String ranker, int cap, FirstLook mode, LearningMode learning) {
		return new ReplayResult(dataset, ranker, cap, mode, learning, this.prices,
				new ReplayResult.Side(this.lazyOutcomes, this.lazy, this.lazySearches),
				new ReplayResult.Side(this.bridgeOutcomes, this.bridge, this.bridgeSearches), this.eager,
				this.completed, ReplayResult.ratio(this.visibleFirst, this.calls),
				ReplayResult.ratio(this.visibleFirstSearch, this.calls), this.repeats, List.copyOf(this.lines));
	}

}
