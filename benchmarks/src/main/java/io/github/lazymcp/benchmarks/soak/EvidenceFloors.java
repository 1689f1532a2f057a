package io.github.lazymcp.benchmarks.soak;

/**
 * The least a run must have checked to say anything, so that a run that did (almost)
 * nothing cannot pass. Each is about a quarter of what the slowest runs so far did on a
 * starved machine (docs/benchmarks.md, Soak: 4.4 turns a second with 32 conversations at
 * a load average of 60 to 120, about 8 turns and 4 checked activations per conversation
 * and minute).
 *
 * @param turns user turns answered while measuring
 * @param activations activations reported by a result and found on the next step, over
 * the whole run
 * @param stepsAfterFault checked steps of each server a fault took away (on its instance)
 * from when the fault was served again or its bound passed, until the load ended
 */
record EvidenceFloors(long turns, long activations, int stepsAfterFault) {

	/** Turns per conversation and measured minute. */
	static final double TURNS_PER_CONVERSATION_MINUTE = 2;

	/** Checked activations per conversation and measured minute. */
	static final double ACTIVATIONS_PER_CONVERSATION_MINUTE = 1;

	/**
	 * Checked steps per server and instance after each fault: the load goes on for
	 * {@link Soak#CHECKED_AFTER} after the last fault ends; a server on one instance is
	 * carried by a few checked steps a second at the slowest load seen.
	 */
	static final int STEPS_AFTER_FAULT = 5;

	/**
	 * The floors of a run.
	 * @param options the run's options
	 * @return the floors
	 */
	static EvidenceFloors of(SoakOptions options) {
		double conversationMinutes = options.conversations() * options.measured().toMillis() / 60_000.0;
		return new EvidenceFloors((long) Math.ceil(conversationMinutes * TURNS_PER_CONVERSATION_MINUTE),
				(long) Math.ceil(conversationMinutes * ACTIVATIONS_PER_CONVERSATION_MINUTE), STEPS_AFTER_FAULT);
	}

}
