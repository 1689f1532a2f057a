package io.github.lazymcp.proactive.internal;

import java.util.List;

import io.github.lazymcp.activation.ActivationResult;
import io.github.lazymcp.activation.SessionState;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.proactive.ProactiveSettings;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.UserTurn;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/*
 * Per user turn, inside the window (turn number <= window):
 * 1. The user's request (the message with pasted blocks stripped) is ranked against the
 *    deferred tools, exactly as ToolSearch ranks a query, with the same gate: when nothing
 *    clears it, nothing is attached (the ranking abstains rather than guess).
 * 2. The top k go to ToolSession.attach, which adds them without evicting anything the
 *    model found or used: free room under the cap first, then the room of earlier
 *    attached tools that were never used and are not picked again. Tools the prompt's
 *    history shows were called are never replaced (the rescue floor), even if the session
 *    lost their use. What does not fit is dropped: ToolSearch is still there.
 * Later turns attach nothing; the cap's least-recently-used eviction applies to attached
 * tools like to any other when ToolSearch or a call needs room.
 */

/**
 * Activates the deferred tools that best match the user's words before the first model
 * request of a turn, with no model call. A {@link LazyMcpListener}: the listeners run it
 * at the start of each user turn. Thread-safe.
 */
public final class ProactiveAttach implements LazyMcpListener {

	/** The name of the observation of each attach. */
	public static final String OBSERVATION = "lazy.mcp.proactive";

	private static final Log logger = LogFactory.getLog(ProactiveAttach.class);

	private final ProactiveSettings settings;

	private final Ranking ranking;

	private final ObservationRegistry observations;

	/**
	 * Creates the listener.
	 * @param settings how many tools, over how many turns
	 * @param ranking ranks the deferred tools as ToolSearch does
	 * @param observations where each attach is observed ({@value #OBSERVATION})
	 */
	public ProactiveAttach(ProactiveSettings settings, Ranking ranking, ObservationRegistry observations) {
		this.settings = settings;
		this.ranking = ranking;
		this.observations = observations;
	}

	@Override
	public void turnStarted(ToolSession session, SessionState state, UserTurn turn) {
		attach(session, state, turn);
	}

	/**
	 * Attaches the best matches of a turn's request, as described on this class.
	 * @param session the conversation's session
	 * @param state its state, as read for the turn
	 * @param turn the user's turn
	 * @return what was attached
	 */
	public Attachment attach(ToolSession session, SessionState state, UserTurn turn) {
		if (!this.settings.enabled()) {
			return Attachment.of(Outcome.DISABLED, null);
		}
		if (turn.number() > this.settings.window()) {
			return Attachment.of(Outcome.OUTSIDE_WINDOW, null);
		}
		Observation observation = Observation.createNotStarted(OBSERVATION, this.observations).start();
		try (Observation.Scope scope = observation.openScope()) {
			Attachment attachment = rankAndAttach(session, state, turn);
			observation.lowCardinalityKeyValue("outcome", attachment.outcome().tag())
				.lowCardinalityKeyValue("attached", String.valueOf(attachment.attached().size()));
			if (logger.isDebugEnabled()) {
				logger.debug("Proactive attach in session '%s', turn %d: %s, attached %s, replaced %s".formatted(
						session.id(), turn.number(), attachment.outcome().tag(), attachment.attached(),
						attachment.replaced()));
			}
			return attachment;
		}
		catch (RuntimeException ex) {
			observation.lowCardinalityKeyValue("outcome", "error").lowCardinalityKeyValue("attached", "0");
			observation.error(ex);
			throw ex;
		}
		finally {
			observation.stop();
		}
	}

	private Attachment rankAndAttach(ToolSession session, SessionState state, UserTurn turn) {
		String request = turn.request();
		List<String> ranked = request.isEmpty() ? List.of()
				: this.ranking.rank(session, state, request, Math.min(this.settings.k(), session.cap()));
		if (ranked.isEmpty()) {
			return Attachment.of(Outcome.ABSTAINED, null);
		}
		ActivationResult result = session.attach(ranked, turn.calledTools());
		if (!result.activated().isEmpty()) {
			return Attachment.of(Outcome.ATTACHED, result);
		}
		return Attachment.of(result.rejected().isEmpty() ? Outcome.ALREADY_ACTIVE : Outcome.NO_ROOM, result);
	}

	/**
	 * Ranks the deferred tools a session may see against a text.
	 */
	@FunctionalInterface
	public interface Ranking {

		/**
		 * Ranks as ToolSearch does, with its gate.
		 * @param session the session whose filters apply
		 * @param state its state, as read for the turn
		 * @param text the user's request
		 * @param limit the most names to return
		 * @return qualified names, best first; empty when nothing clears the gate
		 */
		List<String> rank(ToolSession session, SessionState state, String text, int limit);

	}

	/**
	 * What one turn's attach did.
	 *
	 * @param outcome why it did what it did
	 * @param attached the tools activated, best first
	 * @param replaced earlier attached, never-used tools that made room
	 */
	public record Attachment(Outcome outcome, List<String> attached, List<String> replaced) {

		public Attachment {
			attached = List.copyOf(attached);
			replaced = List.copyOf(replaced);
		}

		static Attachment of(Outcome outcome, @Nullable ActivationResult result) {
			return (result != null) ? new Attachment(outcome, result.activated(), result.evicted())
					: new Attachment(outcome, List.of(), List.of());
		}

	}

	/**
	 * Why an attach did what it did; {@link #tag()} is the observation's {@code outcome}.
	 */
	public enum Outcome {

		/** Tools were activated. */
		ATTACHED("attached"),

		/** Nothing cleared the ranking's gate, or the request was empty. */
		ABSTAINED("abstained"),

		/** The best matches were all active already. */
		ALREADY_ACTIVE("already-active"),

		/** The session is full of tools the model found or used. */
		NO_ROOM("no-room"),

		/** The turn is past the window; nothing was ranked. */
		OUTSIDE_WINDOW("outside-window"),

		/** Proactive attach is switched off. */
		DISABLED("disabled");

		private final String tag;

		Outcome(String tag) {
			this.tag = tag;
		}

		/**
		 * The outcome as an observation tag value.
		 * @return the tag
		 */
		public String tag() {
			return this.tag;
		}

	}

}
