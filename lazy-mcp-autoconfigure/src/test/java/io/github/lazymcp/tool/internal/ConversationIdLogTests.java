package io.github.lazymcp.tool.internal;

import java.time.Clock;
import java.util.List;

import ch.qos.logback.classic.Level;
import io.github.lazymcp.LogEvents;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.SessionStoreException;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.UserTurn;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A failing listener and a session store that cannot be reached are warned about without
 * the conversation's id or the user's words, although their exceptions quote them: both
 * are on the DEBUG line only.
 */
class ConversationIdLogTests {

	private static final String CONVERSATION = "conversation-of-ann-4711";

	private static final String REQUEST = "Please read my pelican diary";

	private final ToolSession session = SessionStore.inMemory(SessionSettings.DEFAULTS, Clock.systemUTC())
		.session(CONVERSATION);

	@Test
	void aListenerThatFailsAtATurnsStartIsWarnedAboutWithoutTheConversationOrTheTurn() {
		LazyMcpListener quoting = new LazyMcpListener() {

			@Override
			public void turnStarted(ToolSession session, SessionState state, UserTurn turn) {
				throw new IllegalStateException("cannot route '%s' in %s".formatted(turn.text(), session.id()));
			}

		};

		try (LogEvents logs = LogEvents.of(Listeners.class)) {
			new Listeners(List.of(quoting)).turnStarted(this.session, this.session.state(), UserTurn.first(REQUEST));

			assertWarnedWithoutTheConversation(logs, "A lazy-mcp listener failed at the start of a turn");
		}
	}

	@Test
	void aSessionStoreThatCannotBeReachedIsWarnedAboutWithoutTheConversation() {
		// As JdbcSessionStore words a change that lost to others too often.
		SessionStoreException failure = new SessionStoreException(
				"Could not change session '%s': 100 concurrent changes in a row won".formatted(CONVERSATION),
				new IllegalStateException("contention"));

		try (LogEvents logs = LogEvents.of(StoreFailures.class)) {
			new StoreFailures().failed(this.session, failure);

			assertWarnedWithoutTheConversation(logs, "The session store cannot be reached");
		}
	}

	private static void assertWarnedWithoutTheConversation(LogEvents logs, String warning) {
		assertThat(logs.atOrAbove(Level.INFO)).singleElement()
			.asString()
			.doesNotContain(CONVERSATION)
			.doesNotContain("pelican")
			.startsWith("WARN")
			.contains(warning);
		assertThat(logs.below(Level.INFO)).as("the DEBUG line")
			.anySatisfy((line) -> assertThat(line).contains(CONVERSATION));
	}

}
