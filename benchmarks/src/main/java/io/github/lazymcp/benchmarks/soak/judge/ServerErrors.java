package io.github.lazymcp.benchmarks.soak.judge;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every 5xx answer of an app instance, kept until the end of the run, when the outage
 * windows are all closed and each answer can be judged: inside a declared outage, or not.
 * Thread-safe.
 */
public final class ServerErrors {

	private static final int SNIPPET = 200;

	private final List<ServerError> errors = new ArrayList<>();

	/**
	 * Records one 5xx answer.
	 * @param instance the instance that answered
	 * @param source what was asked (the chat endpoint, or a malformed request's kind)
	 * @param status the status
	 * @param sent when the request was sent, milliseconds since the start
	 * @param answered when the answer came
	 * @param body the answer's body
	 */
	public synchronized void add(String instance, String source, int status, long sent, long answered, String body) {
		String snippet = body.length() > SNIPPET ? body.substring(0, SNIPPET) + "…" : body;
		this.errors.add(new ServerError(instance, source, status, sent, answered, snippet));
	}

	/**
	 * The answers no declared outage excuses.
	 * @param windows the run's windows
	 * @return those answers, in the order received
	 */
	public synchronized List<ServerError> outsideOutages(FaultWindows windows) {
		return this.errors.stream()
			.filter((error) -> !windows.excuses(error.sent(), error.answered(), error.instance()))
			.toList();
	}

	/**
	 * How many answers fell in declared outages, by source.
	 * @param windows the run's windows
	 * @return counts by source
	 */
	public synchronized Map<String, Long> insideOutages(FaultWindows windows) {
		Map<String, Long> counts = new TreeMap<>();
		this.errors.stream()
			.filter((error) -> windows.excuses(error.sent(), error.answered(), error.instance()))
			.forEach((error) -> counts.merge(error.source() + " " + error.status(), 1L, Long::sum));
		return counts;
	}

	public synchronized List<ServerError> all() {
		return new ArrayList<>(this.errors);
	}

	/**
	 * One 5xx answer.
	 *
	 * @param instance the instance
	 * @param source what was asked
	 * @param status the status
	 * @param sent when the request was sent
	 * @param answered when the answer came
	 * @param body the start of the answer's body
	 */
	public record ServerError(String instance, String source, int status, long sent, long answered, String body) {

	}

}
