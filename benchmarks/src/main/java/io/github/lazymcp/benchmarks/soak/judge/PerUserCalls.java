package io.github.lazymcp.benchmarks.soak.judge;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The per-user server's calls, from both sides: each user's calls the model saw succeed,
 * every result checked for another user's name (the server's answers name the subject of
 * the token that made the call), and at the end what the server recorded of each call's
 * token. Every call must reach the server under its own user's token: none with
 * another's, none refused as a crossing, none the server did not see. Thread-safe.
 */
public final class PerUserCalls {

	private final Map<String, AtomicLong> succeeded = new ConcurrentHashMap<>();

	private final AtomicLong crossed = new AtomicLong();

	/**
	 * Checks a result the model got from a per-user tool in a user's conversation: it
	 * names that user and no other.
	 * @param user the conversation's user
	 * @param users every user
	 * @param result the result as the model got it
	 * @return null when the result is that user's, otherwise what was wrong
	 */
	public @Nullable String succeeded(String user, List<String> users, String result) {
		this.succeeded.computeIfAbsent(user, (key) -> new AtomicLong()).incrementAndGet();
		Matcher named = Pattern.compile("\\b(" + String.join("|", users) + ")\\b").matcher(result);
		while (named.find()) {
			if (!named.group(1).equals(user)) {
				this.crossed.incrementAndGet();
				return "a result of %s's conversation names %s".formatted(user, named.group(1));
			}
		}
		return null;
	}

	/**
	 * Puts the model's side beside the server's record.
	 * @param record what the server recorded: {@code kind}, {@code owner} (whose
	 * connection), {@code sub} (the request's token's subject)
	 * @param leaks where a user's token shows in the apps' logs
	 * @return the summary
	 */
	public Summary against(List<JsonNode> record, List<String> leaks) {
		Map<String, Long> recorded = new TreeMap<>();
		Map<String, Set<String>> tokens = new TreeMap<>();
		long crossings = 0;
		long mismatched = 0;
		for (JsonNode entry : record) {
			String kind = entry.path("kind").asString();
			if (kind.equals("crossing")) {
				crossings++;
			}
			else if (kind.equals("call")) {
				String sub = entry.path("sub").asString();
				recorded.merge(sub, 1L, Long::sum);
				tokens.computeIfAbsent(sub, (key) -> new HashSet<>()).add(entry.path("jti").asString());
				if (!sub.equals(entry.path("owner").asString())) {
					mismatched++;
				}
			}
		}
		Map<String, Long> model = new TreeMap<>();
		this.succeeded.forEach((user, count) -> model.put(user, count.get()));
		Map<String, Integer> tokensByUser = new TreeMap<>();
		tokens.forEach((user, ids) -> tokensByUser.put(user, ids.size()));
		return new Summary(model, recorded, tokensByUser, crossings, mismatched, this.crossed.get(),
				List.copyOf(leaks));
	}

	/**
	 * The per-user server's calls of a run.
	 *
	 * @param model each user's calls the model saw succeed
	 * @param recorded each token subject's calls the server recorded
	 * @param tokens how many tokens each subject's recorded calls carried (two for a user
	 * whose token was replaced while they called)
	 * @param crossings requests the server refused because their token was another
	 * subject's than their connection's
	 * @param mismatched recorded calls whose token's subject is not the connection's
	 * @param namedOther results the model got that named another user
	 * @param leaks where a user's token shows in the apps' logs
	 */
	public record Summary(Map<String, Long> model, Map<String, Long> recorded, Map<String, Integer> tokens,
			long crossings, long mismatched, long namedOther, List<String> leaks) {

		/**
		 * Whether every call ran under its own user's token: some ran, none crossed, the
		 * server saw at least each user's successful calls under that user, and no token
		 * shows in a log.
		 * @return true when so
		 */
		public boolean clean() {
			return !this.model.isEmpty() && this.crossings == 0 && this.mismatched == 0 && this.namedOther == 0
					&& this.leaks.isEmpty()
					&& this.model.entrySet()
						.stream()
						.allMatch((user) -> this.recorded.getOrDefault(user.getKey(), 0L) >= user.getValue());
		}

		/**
		 * One line for the report.
		 * @return the figures
		 */
		public String describe() {
			return ("model saw %s succeed, server recorded %s under %s tokens; %d crossings, %d calls under another's "
					+ "token, %d results naming another user, tokens in the apps' logs: %s")
				.formatted(this.model, this.recorded, this.tokens, this.crossings, this.mismatched, this.namedOther,
						this.leaks.isEmpty() ? "none" : this.leaks);
		}

	}

}
