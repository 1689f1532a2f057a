package io.github.lazymcp;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.background.internal.Tasks;
import io.github.lazymcp.capability.CapabilitySettings;
import io.github.lazymcp.capability.CapabilitySkills;
import io.github.lazymcp.capability.internal.CapabilityActions;
import io.github.lazymcp.capability.internal.CapabilityFilter;
import io.github.lazymcp.capability.internal.CapabilityHolds;
import io.github.lazymcp.capability.internal.CapabilityIndex;
import io.github.lazymcp.capability.internal.CapabilityListener;
import io.github.lazymcp.capability.internal.CapabilityManager;
import io.github.lazymcp.capability.internal.CapabilityReport;
import io.github.lazymcp.capability.internal.CapabilityRoom;
import io.github.lazymcp.capability.internal.CapabilityTool;
import io.github.lazymcp.capability.internal.SkillCapabilities;
import io.github.lazymcp.capability.internal.definition.CapabilityDefinition;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import io.github.lazymcp.capability.internal.routing.CapabilityRouter;
import io.github.lazymcp.capability.internal.routing.GeneralRequests;
import io.github.lazymcp.capability.internal.toolchain.Toolchains;
import io.github.lazymcp.catalog.internal.McpCatalog;
import io.github.lazymcp.embedding.internal.TextEmbedder;
import io.github.lazymcp.health.internal.ServerSupervisor;
import io.github.lazymcp.identity.IdentityResolver;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.policy.internal.AccessPolicies;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.ModelTool;
import io.micrometer.observation.ObservationRegistry;

/*
 * The capability wing, made from the loaded definitions: the index over them, the pool of
 * servers that start on demand, the holds that keep pool and catalog in step, the manager
 * (enable, disable, failures), the room a capability needs under the cap, the filter on
 * the tool path, the router of users' words, and from those the capability tool and the
 * listener that activates capabilities at the start of a turn. The servers nobody holds
 * any more are released periodically. Closing stops that and closes the pool.
 */

/**
 * The capabilities part of lazy-mcp.
 */
final class CapabilitiesPart implements AutoCloseable {

	private final List<CapabilityDefinition> definitions;

	private final ServerPool pool;

	private final CapabilityHolds holds;

	private final CapabilityManager manager;

	private final CapabilityRoom room;

	private final CapabilityFilter filter;

	private final CapabilityRouter router;

	private final CapabilitySettings settings;

	private final SessionStore sessions;

	private final Tasks tasks;

	/**
	 * Makes the capability wing; no server starts until a capability is enabled.
	 * @param own the capability settings and the loaded definitions
	 * @param sessionIdleTimeout how long a session lives unused: the servers of expired
	 * sessions are released four times in that time
	 * @param supervisor what watches the servers capabilities start
	 * @param catalog the catalog the servers' tools join
	 * @param sessions the session store
	 * @param policies the access policies
	 * @param embedder what routing embeds with
	 * @param clock the time of idle servers
	 * @param observations where connecting and disconnecting servers is observed
	 * @param tasks where the pool's idle sweep and the release of abandoned servers run;
	 * closed with this part, before the pool
	 */
	CapabilitiesPart(Inputs own, Duration sessionIdleTimeout, ServerSupervisor supervisor, McpCatalog catalog,
			SessionStore sessions, AccessPolicies policies, TextEmbedder.Loader embedder, Clock clock,
			ObservationRegistry observations, Tasks tasks) {
		this.definitions = own.definitions();
		this.settings = own.settings();
		this.sessions = sessions;
		this.tasks = tasks;
		this.pool = new ServerPool(this.settings, clock, supervisor, observations, tasks);
		try {
			CapabilityIndex index = new CapabilityIndex(this.definitions, catalog.serverNames());
			this.holds = new CapabilityHolds(index, this.pool, catalog, own.credentials());
			CapabilitySettings.Installs installs = this.settings.installs();
			this.manager = new CapabilityManager(index, this.holds, catalog, this.settings.maxActive(), policies,
					new Toolchains(installs.directory(), installs.enabled(), installs.timeout()));
			this.room = new CapabilityRoom(index, this.holds, catalog, this.settings.maxActive());
			this.filter = new CapabilityFilter(index, catalog, this.holds);
			this.router = new CapabilityRouter(this.definitions,
					GeneralRequests.bundledAnd(this.settings.generalRequests()), embedder::embedCatalog,
					embedder::queries, this.settings.gate());
		}
		catch (RuntimeException | Error ex) {
			this.pool.close();
			throw ex;
		}
		if (!this.definitions.isEmpty()) {
			Duration janitor = Duration.ofMillis(Math.max(1000, sessionIdleTimeout.toMillis() / 4));
			this.tasks.every(janitor, "abandoned capability servers", () -> this.holds.releaseAbandoned(sessions));
		}
	}

	/**
	 * The capability tool the model enables and disables capabilities with.
	 * @return a new tool over this part
	 */
	ModelTool tool() {
		return new CapabilityTool(this.manager, new CapabilityActions(this.manager, this.room, this.router),
				this.router, this.sessions);
	}

	/**
	 * The listener that activates capabilities from the user's words at the start of a
	 * turn, when auto-activation is on.
	 * @return a new listener over this part
	 */
	LazyMcpListener listener() {
		return new CapabilityListener(this.manager, this.room, this.settings.autoActivation() ? this.router : null,
				this.settings.logUserText());
	}

	/**
	 * The filter that hides the tools of capabilities a session has not enabled.
	 * @return the filter
	 */
	CapabilityFilter filter() {
		return this.filter;
	}

	/**
	 * The hints of every capability, in the order their files were loaded.
	 * @return the hints
	 */
	List<Hints> hints() {
		return this.definitions.stream().map(CapabilityDefinition::hints).toList();
	}

	CapabilityManager manager() {
		return this.manager;
	}

	ServerPool pool() {
		return this.pool;
	}

	CapabilityRouter router() {
		return this.router;
	}

	CapabilitySkills skills() {
		return new SkillCapabilities(this.manager, this.sessions);
	}

	/**
	 * The capabilities section of the endpoint as it is now.
	 * @return the report
	 */
	CapabilityReport report() {
		return CapabilityReport.of(this.manager, this.holds, this.router, this.settings.logUserText());
	}

	@Override
	public void close() {
		this.tasks.close();
		this.pool.close();
	}

	/**
	 * The capabilities, as the application configured them.
	 *
	 * @param settings where capability files were read from, pooling, routing, installs
	 * @param definitions the capabilities, as loaded
	 * @param credentials gives each identity's access token for per-user servers
	 */
	record Inputs(CapabilitySettings settings, List<CapabilityDefinition> definitions, IdentityResolver credentials) {

		Inputs {
			definitions = List.copyOf(definitions);
		}

	}

}
