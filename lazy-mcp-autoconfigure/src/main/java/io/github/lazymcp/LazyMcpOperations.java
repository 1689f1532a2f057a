package io.github.lazymcp;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.lazymcp.activation.SessionStoreException;
import org.jspecify.annotations.Nullable;

/**
 * A view of what one {@link LazyMcp} is doing, for operators' tools and tests: its
 * counters, the state of its search index and ranking, its capabilities, what an owner
 * can fix in the catalog, and the two things an operator may do to it (activate tools in
 * a session, tell it a server's process ended). Not needed to use lazy-mcp: the
 * {@code mcpactivation} and {@code mcpcatalog} actuator endpoints, the {@code lazyMcp}
 * health component and the meters read everything they show from here, and a tool of the
 * application's own can too.
 *
 * <p>
 * Get it from {@link LazyMcp#operations()}, which returns the same object every time.
 * Thread-safe; each read answers for the moment it is made, and the records it returns
 * are snapshots that do not change.
 *
 * @since 0.1.0
 */
public interface LazyMcpOperations {

	/**
	 * What lazy-mcp did and saved since startup.
	 * @return a snapshot of the counters
	 */
	Counters counters();

	/**
	 * How far indexing of the current catalog has come.
	 * @return {@code none}, {@code building}, {@code interim} (BM25 answers while the
	 * full index is built) or {@code ready}
	 */
	String indexState();

	/**
	 * How many learned uses (users' requests) the search index votes with now.
	 * @return the count
	 */
	int learnedUses();

	/**
	 * The ranking configured and the one that answers searches now, with the reason when
	 * they differ.
	 * @return the ranker's status
	 */
	Ranker ranker();

	/**
	 * How the hybrid ranking weighs BM25 for the current catalog, fitted to the requests
	 * it learned.
	 * @return the weights; empty before the first full index, or with another ranking
	 */
	Optional<Ranking> ranking();

	/**
	 * Every capability with its state and servers, and the router's last decision.
	 * @return the capabilities, none when none is defined
	 */
	Capabilities capabilities();

	/**
	 * What an application owner can fix so that the deferred tools are found: computed in
	 * the background once per set of tools, so that asking never waits for it.
	 * @return the report, done or being computed (a failed one is computed again when
	 * asked again); empty while the current catalog's full index is built (asking starts
	 * building it)
	 */
	Optional<CompletableFuture<CatalogReport>> catalogReport();

	/**
	 * What this instance's searches and calls say about the deferred tools, from counters
	 * alone (no request text).
	 * @return the findings since startup
	 */
	ToolUsage toolUsage();

	/**
	 * Hands over the running count of the calls refused because their server was down or
	 * reconnecting (answered at once with an error, nothing run), for every server that
	 * has one now and for each server whose first call is refused later: one meter per
	 * server. Each count is held by lazy-mcp for as long as it runs.
	 * @param counter given a server's name and its running count
	 */
	void eachRefusedCallCount(BiConsumer<String, LongSupplier> counter);

	/**
	 * Activates tools in a session (creating it if needed) exactly as the model's
	 * ToolSearch would, by a description or by exact names. Nothing is activated and no
	 * session is made when the request is wrong.
	 * @param session the session (conversation) id
	 * @param query a description of the tools to find, or null
	 * @param names exact tool names, or empty
	 * @return the JSON ToolSearch returns to the model
	 * @throws IllegalArgumentException when more names are given than a search may
	 * activate, the query or the names are wrong, a name is not in the catalog, or the
	 * search fails; the message says which, in a sentence for the caller
	 * @throws SessionStoreException when the session store cannot be reached
	 */
	String activate(String session, @Nullable String query, List<String> names);

	/**
	 * Tells lazy-mcp that the process of a server ended by itself (a stdio server whose
	 * client the application made): the server is checked at once, rather than when its
	 * pings run out of time. Harmless when the process was not its current client's.
	 * @param server the connection name
	 * @param reason how the process ended, for the server's last error
	 */
	void processExited(String server, String reason);

	/**
	 * What lazy-mcp did and saved since startup.
	 *
	 * @param searches ToolSearch requests
	 * @param searchesFindingNothing ToolSearch requests by query that found no tool: the
	 * ranking abstained or nothing matched
	 * @param activations tools activated in sessions
	 * @param evictions tools evicted from sessions to respect the cap
	 * @param modelRequests model requests whose tools lazy-mcp narrowed
	 * @param tokensSent o200k tokens of tool schemas those requests carried
	 * @param tokensEager o200k tokens of tool schemas they would have carried with every
	 * tool loaded
	 * @param interimSearches searches and proactive attaches ranked with BM25 while the
	 * full index of a new catalog was being built
	 * @param fallbacks searches ranked with BM25 because embedding failed at that moment
	 */
	record Counters(long searches, long searchesFindingNothing, long activations, long evictions, long modelRequests,
			long tokensSent, long tokensEager, long interimSearches, long fallbacks) {

	}

	/**
	 * The ranking ToolSearch's index is built with. BM25 answers instead of a dense or
	 * hybrid ranking while the embedding model cannot be had: it could not be loaded (no
	 * ONNX Runtime native library for this platform, a model jar missing), embedding
	 * fails at the moment, or the model is not loaded yet. While the index is
	 * {@code interim}, BM25 also answers for the tools the new index does not hold yet.
	 *
	 * @param configured the ranking configured ({@code bm25}, {@code dense},
	 * {@code hybrid}), or the id of the application's ranker
	 * @param answering the ranking that answers: the configured one, or {@code bm25}
	 * @param reason why BM25 answers instead, or null (left out) when the configured
	 * ranking answers
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	record Ranker(String configured, String answering, @Nullable String reason) {

	}

	/**
	 * The BM25 weights the hybrid ranking fuses with, fitted to the requests the catalog
	 * learned from use (docs/how-it-works.md).
	 *
	 * @param sparseWeight the weight of BM25's z-scores in use
	 * @param sparseGapWeight the extra BM25 weight per unit of its relative lead in use
	 * @param fitted whether these replace the configured weights
	 * @param learnedRequests how many learned requests the fit ranked
	 * @param reason why these weights, in one sentence
	 */
	record Ranking(double sparseWeight, double sparseGapWeight, boolean fitted, int learnedRequests, String reason) {

	}

	/**
	 * The capabilities: every capability with its state, servers and their reference
	 * counts, failure reason, and the router's last auto-activation decision with its
	 * scores.
	 *
	 * @param maxActive how many capabilities one conversation may have enabled at once
	 * @param capabilities every capability, in file order
	 * @param autoActivation the router's gate and last decision, or null when
	 * capabilities cannot be routed
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	record Capabilities(int maxActive, List<Capability> capabilities, @Nullable AutoActivation autoActivation) {

	}

	/**
	 * One capability.
	 *
	 * @param name the capability
	 * @param provider the provider chosen for it
	 * @param variants the other providers found, not chosen
	 * @param state {@code enabled} (in at least one conversation on this instance),
	 * {@code dormant} or {@code failed}
	 * @param description what it does
	 * @param sessions how many conversations on this instance have it enabled
	 * @param servers its servers
	 * @param packages the npm packages it installs, as {@code name@version}
	 * @param failure why enabling it failed last, or null
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	record Capability(String name, String provider, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> variants,
			String state, String description, long sessions, List<CapabilityServer> servers,
			@JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> packages, @Nullable String failure) {

	}

	/**
	 * One server of a capability.
	 *
	 * @param name its connection name
	 * @param connected whether some conversation holds it (a server no one holds any more
	 * may run on for the idle timeout, ready to be held again)
	 * @param references how many conversations' capabilities hold it (for a per-user
	 * server, whichever identity's connection each holds)
	 * @param heldBy who holds it, as {@code session/capability}
	 * @param connections how many connections of it are open on this instance, idle ones
	 * included: at most one, or one per identity for a per-user server
	 */
	record CapabilityServer(String name, boolean connected, int references, List<String> heldBy, int connections) {

	}

	/**
	 * Auto-activation: the gate and the last decision.
	 *
	 * @param threshold the lowest routing score that enables a capability
	 * @param margin how much the best score must exceed the runner-up's
	 * @param generalLead how far the general requests' score may exceed the best score
	 * @param lastDecision the last routing decision, or null before the first
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	record AutoActivation(double threshold, double margin, double generalLead, @Nullable Decision lastDecision) {

	}

	/**
	 * One routing decision.
	 *
	 * @param text the start of the routed message, pasted blocks removed; null unless
	 * {@code tools.lazy-mcp.logging.user-text} asks for user text
	 * @param chosen the capability enabled, or null when the router abstained
	 * @param reason why, in one sentence
	 * @param scores the candidates' scores, best first, rounded to three decimals
	 */
	@JsonInclude(JsonInclude.Include.ALWAYS)
	record Decision(@Nullable String text, @Nullable String chosen, String reason, Map<String, Double> scores) {

	}

	/**
	 * What an application owner can fix in the catalog so that its tools are found.
	 *
	 * @param tools how many tools were examined
	 * @param depth how many results a tool's own text must find it among
	 * @param confusable pairs of tools of different servers with the same name or
	 * description
	 * @param notFoundByOwnText tools a text of their own does not find
	 * @param undescribed tools without a usable description
	 */
	record CatalogReport(int tools, int depth, List<Confusable> confusable, List<NotFound> notFoundByOwnText,
			List<Undescribed> undescribed) {

	}

	/**
	 * Two tools of different servers a model cannot tell apart.
	 *
	 * @param first one tool
	 * @param second the other
	 * @param why what they share
	 * @param fix the property that fixes it
	 */
	record Confusable(String first, String second, String why, String fix) {

	}

	/**
	 * A tool one of its own texts does not find.
	 *
	 * @param tool the tool
	 * @param text its description or hint that was searched with
	 * @param found what the search found instead, best first
	 * @param fix the properties that fix it
	 */
	record NotFound(String tool, String text, List<String> found, String fix) {

	}

	/**
	 * A tool without a description a search could match.
	 *
	 * @param tool the tool
	 * @param fix the property that fixes it
	 */
	record Undescribed(String tool, String fix) {

	}

	/**
	 * What this instance's searches and calls say about the deferred tools, from counters
	 * alone (no request text).
	 *
	 * @param searches searches since startup, by query or by name
	 * @param foundNothing searches by query that found no tool: the ranking abstained or
	 * nothing matched
	 * @param foundNeverCalled tools searches found that no call followed
	 * @param calledWithoutSearch tools called that no search by query found
	 */
	record ToolUsage(long searches, long foundNothing, List<FoundNeverCalled> foundNeverCalled,
			List<CalledWithoutSearch> calledWithoutSearch) {

	}

	/**
	 * A tool searches found, and the model never called: its description may promise what
	 * it does not do, or a confusable tool wins.
	 *
	 * @param tool the qualified tool name
	 * @param timesFound how many searches found it
	 * @param fix the properties that act on it
	 */
	record FoundNeverCalled(String tool, long timesFound, String fix) {

	}

	/**
	 * A tool the model called that no search found: proactive attach, a capability or a
	 * call by name brought it.
	 *
	 * @param tool the qualified tool name
	 * @param calls how many of its calls were observed
	 * @param fix the property that acts on it
	 */
	record CalledWithoutSearch(String tool, long calls, String fix) {

	}

}
