package io.github.lazymcp.benchmarks.soak.fakes;

/**
 * What the scripted model does at one step: call a tool, or answer with text.
 */
public sealed interface Move {

	/**
	 * A call of one tool.
	 *
	 * @param tool the name called
	 * @param arguments the arguments as sent, JSON or deliberately not
	 * @param kind why the model calls it, for the ledger and the error counts
	 */
	record Call(String tool, String arguments, Kind kind) implements Move {

	}

	/**
	 * A final answer, ending the turn.
	 *
	 * @param text the answer
	 */
	record Say(String text) implements Move {

	}

	/**
	 * The kinds of calls the scripted model makes.
	 */
	enum Kind {

		/** ToolSearch with a query or names. */
		SEARCH,

		/** A tool the request carries, with arguments made from its schema. */
		ACTIVE,

		/**
		 * A deferred tool the request does not carry, called by the name seen earlier.
		 */
		DEFERRED,

		/** A tool the request carries, with arguments that are not JSON. */
		MALFORMED,

		/** A name no server has. */
		UNKNOWN,

		/** The capability tool, enabling a capability. */
		CAPABILITY

	}

}
