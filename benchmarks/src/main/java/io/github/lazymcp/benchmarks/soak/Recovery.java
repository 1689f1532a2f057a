package io.github.lazymcp.benchmarks.soak;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;

/**
 * How one fault went, in seconds since the load started.
 *
 * @param fault what happened ({@code kill-stdio}, {@code kill-streamable-http},
 * {@code kill-sse}, {@code stop-postgresql}, {@code slow-server},
 * {@code restart-instance})
 * @param target the server ({@code name@instance} for stdio), database or instance
 * @param at when the fault was injected
 * @param downSeconds from the fault to the first instance reporting the server
 * {@code DOWN}, or null when none did while the harness watched
 * @param backAt when the harness made the thing available again (a server started again,
 * PostgreSQL accepting connections, the delay removed, the instance started again); for a
 * stdio server, which its instance starts again itself, the kill
 * @param upSeconds for a server, from {@code backAt} until every instance reported it
 * {@code UP} on the activation endpoint (what the target judges), or null when
 * one did not within the timeout; null for the database and an instance
 * @param recoverySeconds from {@code backAt} until every instance served it again (for a
 * server: {@code UP} and a call of one of its tools succeeding through a chat turn, which
 * adds a turn's time; for PostgreSQL: a session read back on the endpoint; for an
 * instance: started, with a tool call through it succeeding), or null when that did not
 * happen within the timeout
 * @param targetSeconds the targets (15 s to {@code UP} for a server, 5 s for
 * PostgreSQL's sessions), and for an instance restart, which has none, the harness's own
 * bound of two minutes
 * @param met whether the fault recovered ({@code recoverySeconds} not null) within the
 * target: {@code upSeconds} for a server, {@code recoverySeconds} otherwise
 * @param note what else was seen, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record Recovery(String fault, String target, double at, @Nullable Double downSeconds, double backAt,
		@Nullable Double upSeconds, @Nullable Double recoverySeconds, double targetSeconds, boolean met,
		@Nullable String note) {

	static Recovery of(String fault, String target, long at, @Nullable Long down, long back, @Nullable Long recovered,
			double targetSeconds, @Nullable String note) {
		Double recovery = (recovered != null) ? seconds(recovered - back) : null;
		return new Recovery(fault, target, seconds(at), (down != null) ? seconds(down - at) : null, seconds(back), null,
				recovery, targetSeconds, recovery != null && recovery <= targetSeconds, note);
	}

	static Recovery ofServer(String fault, String target, long at, @Nullable Long down, long back,
			RecoveryWatch.Seen seen, double targetSeconds, @Nullable String note) {
		Double up = (seen.up() != null) ? seconds(Math.max(0, seen.up() - back)) : null;
		Double recovery = (seen.recovered() != null) ? seconds(seen.recovered() - back) : null;
		return new Recovery(fault, target, seconds(at), (down != null) ? seconds(down - at) : null, seconds(back), up,
				recovery, targetSeconds, up != null && recovery != null && up <= targetSeconds, note);
	}

	private static double seconds(long millis) {
		return Math.round(millis / 100.0) / 10.0;
	}

}
