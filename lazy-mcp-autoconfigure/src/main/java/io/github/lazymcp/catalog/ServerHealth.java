package io.github.lazymcp.catalog;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * Whether an MCP server can be used now. A server starts {@link Status#UP}; whoever
 * supervises its connection moves it to {@link Status#DOWN} when it stops answering and
 * through {@link Status#RECONNECTING} back to {@code UP}.
 *
 * @param status the status
 * @param lastError why it went down, or null while it never did
 * @param since when the status began, or null for "since startup"
 * @param lastSeen when the server last answered, or null when never seen answering
 * @since 0.1.0
 */
public record ServerHealth(Status status, @Nullable String lastError, @Nullable Instant since,
		@Nullable Instant lastSeen) {

	/** A server that has not failed since startup. */
	public static final ServerHealth UP = new ServerHealth(Status.UP, null, null, null);

	public ServerHealth {
		Objects.requireNonNull(status, "status");
	}

	/**
	 * Whether the server's tools can be activated and called.
	 * @return true when it is up
	 */
	public boolean available() {
		return this.status == Status.UP;
	}

	/**
	 * A one-line explanation for a model or an operator of why the server cannot be used
	 * and what to do: which server, that it is reconnecting (try again shortly) or down
	 * (try again later), to use another tool meanwhile, then since when, when it was last
	 * seen and why it went down, as in "MCP server 'memory' is reconnecting; try again
	 * shortly or use another tool (reconnecting since ...; last seen ...; its process
	 * exited with code 137)".
	 * @param server the server name
	 * @return the explanation
	 */
	public String unavailableMessage(String server) {
		String status = this.status.name().toLowerCase(Locale.ROOT);
		String when = (this.status == Status.RECONNECTING) ? "shortly" : "later";
		StringBuilder message = new StringBuilder(
				"MCP server '%s' is %s; try again %s or use another tool (%s".formatted(server, status, when, status));
		if (this.since != null) {
			message.append(" since ").append(this.since);
		}
		message.append(this.lastSeen != null ? "; last seen " + this.lastSeen : "; not seen answering yet");
		if (this.lastError != null) {
			message.append("; ").append(this.lastError);
		}
		return message.append(")").toString();
	}

	/** What a server's status can be. */
	public enum Status {

		/** Answering; its tools can be activated and called. */
		UP,

		/** Not answering; its tools are kept but cannot be activated or called. */
		DOWN,

		/** A new connection to it is being made. */
		RECONNECTING

	}

}
