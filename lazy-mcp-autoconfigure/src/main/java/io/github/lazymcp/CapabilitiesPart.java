package io.github.lazymcp;

import java.time.Duration;
import java.util.List;

import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.background.internal.Background;
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
import io.github.lazymcp.capability.internal.pool.PoolSettings;
import io.github.lazymcp.capability.internal.pool.ServerPool;
import io.github.lazymcp.capability.internal.routing.CapabilityRouter;
import io.github.lazymcp.capability.internal.routing.GeneralRequests;
import io.github.lazymcp.capability.internal.toolchain.Toolchains;
import io.github.lazymcp.embedding.internal.TextEmbedder;
import io.github.lazymcp.learning.Hints;
import io.github.lazymcp.policy.internal.AccessPolicies;
import io.github.lazymcp.tool.LazyMcpListener;
import io.github.lazymcp.tool.ModelTool;

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

	private final Background.Tasks tasks;

	/**
	 * Makes the capability wing; no server starts until a capability is enabled.
	 * @param definitions the capabilities, as loaded
	 * @param parts what the builder was given
	 * @param connections the supervisor and the catalog
	 * @param sessions the session store
	 * @param policies the access policies
	 * @param embedder what routing embeds with
	 * @param background where the release of abandoned servers runs
	 */
	CapabilitiesPart(List<CapabilityDefinition> definitions, Assembly.Parts parts, ServersPart connections,
			SessionStore sessions, AccessPolicies policies, TextEmbedder.Loader embedder, Background background) {
		this.definitions = definitions;
		this.settings = parts.settings().capabilities();
		this.sessions = sessions;
		this.pool = new ServerPool(
				new PoolSettings(this.settings.initTimeout(), this.settings.requestTimeout(),
						this.settings.maxConnections(), this.settings.idleTimeout()),
				parts.clock(), connections.supervisor(), parts.observations(), background.scheduler());
		try {
			CapabilityIndex index = new CapabilityIndex(definitions, connections.catalog().serverNames());
			this.holds = new CapabilityHolds(index, this.pool, connections.catalog());
			CapabilitySettings.Installs installs = this.settings.installs();
			this.manager = new CapabilityManager(index, this.holds, connections.catalog(), this.settings.maxActive(),
					policies, new Toolchains(installs.directory(), installs.enabled(), installs.timeout()));
			this.room = new CapabilityRoom(index, this.holds, connections.catalog(), this.settings.maxActive());
			this.filter = new CapabilityFilter(index, connections.catalog());
			this.router = new CapabilityRouter(definitions, GeneralRequests.bundledAnd(this.settings.generalRequests()),
					embedder::embedCatalog, embedder::queries, this.settings.gate());
		}
		catch (RuntimeException | Error ex) {
			this.pool.close();
			throw ex;
		}
		this.tasks = background.tasks("capabilities");
		if (!definitions.isEmpty()) {
			Duration janitor = Duration
				.ofMillis(Math.max(1000, parts.settings().sessions().idleTimeout().toMillis() / 4));
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

}
