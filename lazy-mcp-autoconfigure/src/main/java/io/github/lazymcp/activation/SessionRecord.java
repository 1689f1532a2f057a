package io.github.lazymcp.activation;

import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * Where one session's {@link SessionState} is kept: the part of a {@link SessionStore}
 * that a {@link ToolSession} reads and changes. Implement it to keep sessions somewhere
 * new.
 *
 * <p>
 * <b>Contract.</b> {@link #update} applies a pure function to the current state and
 * publishes its result only if no other change was published in between; otherwise it
 * reads again and retries. The function may therefore run several times for one change
 * and must have no side effects. The result returned is the one computed from the state
 * that was published, so each result describes exactly one published change, and
 * concurrent changes are never lost. A function that returns the very state it was given
 * publishes nothing.
 *
 * <p>
 * <b>One read per operation.</b> A record may start an update from the state it last read
 * or published ({@link #latest()}) instead of reading again: the publish still fails, and
 * the update retries from a fresh read, if anything changed since. lazy-mcp reads the
 * state once at the start of every operation (a model step, a ToolSearch, a tool call,
 * the start of a turn), so such an update sees what the operation saw and a remote store
 * is asked once to read and once to write.
 *
 * @since 0.1.0
 */
public interface SessionRecord {

	/**
	 * The current state.
	 * @return the state
	 * @throws SessionStoreException when the state cannot be read now
	 */
	SessionState read();

	/**
	 * The state this record last read or published, read now only if it has none.
	 * @return the state
	 * @throws SessionStoreException when the state has to be read and cannot be
	 */
	default SessionState latest() {
		return read();
	}

	/**
	 * Changes the state under the contract above.
	 * @param <R> the type of what the change reports
	 * @param change the pure function
	 * @return what the published change reports
	 * @throws SessionStoreException when the state cannot be read or written now
	 */
	<R extends @Nullable Object> R update(Function<SessionState, Update<R>> change);

	/**
	 * A new state with what the change reports.
	 *
	 * @param next the state after the change, the very state given when nothing changed
	 * @param result what the caller is told
	 * @param <R> the type of the result
	 */
	record Update<R extends @Nullable Object>(SessionState next, R result) {

	}

}
