package io.github.lazymcp.benchmarks.soak.faults;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;

/**
 * How one planned fault went, in seconds since the run started.
 *
 * @param fault what happened ({@code kill-stdio}, {@code kill-streamable-http},
 * {@code kill-sse}, {@code stop-postgresql}, {@code slow-server},
 * {@code restart-instance})
 * @param type the plan's kind of fault
 * @param target the server ({@code name@instance} for stdio), database or instance
 * @param at when the fault was injected (or was due, when it was not)
 * @param injected whether it was injected and undone as planned: false for a kill that
 * found no process, a fault that threw, and one the run ended before
 * @param downSeconds from the fault to the first instance reporting the server
 * {@code DOWN}, or null when none did while the harness watched
 * @param backAt when the harness made the thing available again (a server started again,
 * PostgreSQL accepting connections, the delay removed, the instance started again); for a
 * stdio server, which its instance starts again itself, the kill; null when not injected
 * @param upSeconds for a server, from {@code backAt} until its status was {@code UP}
 * again on every instance, by the activation endpoint's {@code since} (what the issue's
 * target judges), or null when one did not within the watch
 * @param recoverySeconds from {@code backAt} until every instance served it again (for a
 * server: {@code UP} and a call of one of its tools succeeding through a chat turn; for
 * PostgreSQL: a session read back on the endpoint; for an instance: started, with a tool
 * call through it succeeding), or null when that did not happen within the watch
 * @param servedSeconds from the fault ({@code at}) until it was served again, as
 * {@code recoverySeconds}; null when it was not
 * @param boundSeconds the most {@code servedSeconds} may be ({@link FaultPlan#bound})
 * @param withinBound whether it was injected and served again within its bound (CI fails
 * when not)
 * @param targetSeconds the targets (15 s to {@code UP} for a server, 5 s for
 * PostgreSQL's sessions), and for an instance restart, which has none, its bound
 * @param met whether the fault recovered within the target: {@code upSeconds} for
 * a server, {@code recoverySeconds} otherwise (reported, not gated)
 * @param note what else was seen, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Recovery(String fault, FaultPlan.Type type, String target, double at, boolean injected,
		@Nullable Double downSeconds, @Nullable Double backAt, @Nullable Double upSeconds,
		@Nullable Double recoverySeconds, @Nullable Double servedSeconds, double boundSeconds, boolean withinBound,
		double targetSeconds, boolean met, @Nullable String note) {

	/**
	 * A fault that was not injected as planned.
	 * @param fault the planned fault
	 * @param at when it was due or tried, milliseconds since the start
	 * @param bound its bound, milliseconds
	 * @param why what went wrong
	 * @return the recovery, not within its bound
	 */
	static Recovery notInjected(FaultPlan.Fault fault, long at, long bound, String why) {
		return new Recovery(name(fault), fault.type(), fault.target(), seconds(at), false, null, null, null, null, null,
				seconds(bound), false, 0, false, why);
	}

	/**
	 * A fault of the database or an instance, judged by when it was served again.
	 * @param fault the planned fault
	 * @param at when it was injected
	 * @param back when the harness made it available again
	 * @param recovered when it was served again, or null
	 * @param bound its bound, milliseconds
	 * @param targetSeconds the target
	 * @param note what else was seen, or null
	 * @return the recovery
	 */
	static Recovery of(FaultPlan.Fault fault, long at, long back, @Nullable Long recovered, long bound,
			double targetSeconds, @Nullable String note) {
		Double recovery = (recovered != null) ? seconds(recovered - back) : null;
		Double served = (recovered != null) ? seconds(recovered - at) : null;
		return new Recovery(name(fault), fault.type(), fault.target(), seconds(at), true, null, seconds(back), null,
				recovery, served, seconds(bound), recovered != null && recovered - at <= bound, targetSeconds,
				recovery != null && recovery <= targetSeconds, note);
	}

	/**
	 * A fault of a server, judged by when every instance served it again; the issue's
	 * target by the time to {@code UP}.
	 * @param fault the planned fault
	 * @param at when it was injected
	 * @param down when an instance first reported it down, or null
	 * @param back when the harness made it available again
	 * @param seen what the watch saw
	 * @param bound its bound, milliseconds
	 * @param targetSeconds the target
	 * @param note what else was seen, or null
	 * @return the recovery
	 */
	public static Recovery ofServer(FaultPlan.Fault fault, long at, @Nullable Long down, long back,
			RecoveryWatch.Seen seen, long bound, double targetSeconds, @Nullable String note) {
		Double up = (seen.up() != null) ? seconds(Math.max(0, seen.up() - back)) : null;
		Long recovered = seen.recovered();
		Double recovery = (recovered != null) ? seconds(recovered - back) : null;
		Double served = (recovered != null) ? seconds(recovered - at) : null;
		return new Recovery(name(fault), fault.type(), fault.target(), seconds(at), true,
				(down != null) ? seconds(down - at) : null, seconds(back), up, recovery, served, seconds(bound),
				recovered != null && recovered - at <= bound, targetSeconds,
				up != null && recovery != null && up <= targetSeconds, note);
	}

	/**
	 * This fault as judged when the session database was down for part of its window:
	 * every chat turn reads its session, so nothing can be served again while the
	 * database is down, and the bound grows by the time the database's outage (its stop
	 * until it was served again, or its bound) overlapped this fault's window (its start
	 * until its bound). A fault of the database itself, one not injected, one served
	 * within its own bound and one the outage does not overlap are returned unchanged.
	 * @param outage the database's recovery
	 * @return this fault, judged with the longer bound
	 */
	Recovery withDatabaseDown(Recovery outage) {
		if (this.type == FaultPlan.Type.STOP_DATABASE || !this.injected || this.withinBound || !outage.injected) {
			return this;
		}
		double outageEnd = outage.at + ((outage.servedSeconds != null) ? outage.servedSeconds : outage.boundSeconds);
		double overlap = Math.min(this.at + this.boundSeconds, outageEnd) - Math.max(this.at, outage.at);
		if (overlap <= 0) {
			return this;
		}
		double bound = Math.round((this.boundSeconds + overlap) * 10) / 10.0;
		String extended = "bound %.0f s + %.1f s the session database was down in its window"
			.formatted(this.boundSeconds, overlap);
		return new Recovery(this.fault, this.type, this.target, this.at, true, this.downSeconds, this.backAt,
				this.upSeconds, this.recoverySeconds, this.servedSeconds, bound,
				this.servedSeconds != null && this.servedSeconds <= bound, this.targetSeconds, this.met,
				(this.note != null) ? this.note + "; " + extended : extended);
	}

	/**
	 * From when on the servers it took away must be checked again: when it was served
	 * again, or its bound, whichever came first.
	 * @return milliseconds since the start
	 */
	@JsonIgnore
	public long checkedFromMillis() {
		double after = (this.servedSeconds != null) ? Math.min(this.servedSeconds, this.boundSeconds)
				: this.boundSeconds;
		return Math.round((this.at + after) * 1000);
	}

	/**
	 * The fault in words, for the report.
	 * @return e.g. {@code kill-stdio filesystem@a at 7.5 s}
	 */
	public String describe() {
		return "%s %s at %.1f s".formatted(this.fault, this.target, this.at);
	}

	private static String name(FaultPlan.Fault fault) {
		return switch (fault.type()) {
			case KILL_STDIO -> "kill-stdio";
			case KILL_HTTP -> fault.target().equals("remote") ? "kill-streamable-http" : "kill-sse";
			case STOP_DATABASE -> "stop-postgresql";
			case SLOW_SERVER -> "slow-server";
			case RESTART_INSTANCE -> "restart-instance";
		};
	}

	private static double seconds(long millis) {
		return Math.round(millis / 100.0) / 10.0;
	}

}
