package io.github.lazymcp.benchmarks.soak.load;

import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

import io.github.lazymcp.benchmarks.soak.fakes.ScriptedModel;
import io.github.lazymcp.benchmarks.soak.fakes.ToolArguments;
import io.github.lazymcp.benchmarks.soak.fleet.AppInstance;
import io.github.lazymcp.benchmarks.soak.judge.CheckedSteps;
import io.github.lazymcp.benchmarks.soak.judge.FaultWindows;
import io.github.lazymcp.benchmarks.soak.judge.Incidents;
import io.github.lazymcp.benchmarks.soak.judge.PerUserCalls;
import io.github.lazymcp.benchmarks.soak.judge.ServerErrors;
import io.github.lazymcp.benchmarks.soak.judge.SlowTurns;
import io.github.lazymcp.benchmarks.soak.judge.Tally;
import io.github.lazymcp.benchmarks.soak.judge.ToolTurns;
import io.github.lazymcp.benchmarks.soak.judge.Turns;
import org.jspecify.annotations.Nullable;

/**
 * What the conversations share: the instances (and which one a load balancer would send
 * no traffic to now), the scripted model, the texts, and where turns, errors and ledger
 * violations are counted.
 *
 * @param http the client every request goes through
 * @param instances the app instances
 * @param model the scripted model
 * @param texts the users' messages
 * @param tally violations and errors
 * @param windows the declared outages
 * @param turns turns and added time while measuring
 * @param serverErrors every 5xx answer
 * @param incidents failed tool calls and chats, for the fault plan to explain
 * @param steps what the ledgers verified
 * @param slowTurns the slowest turns while measuring
 * @param toolTurns whether the turns that asked for a tool got its result, while
 * measuring
 * @param gate pauses and stops the conversations
 * @param tools which names are deferred and which are the capability's
 * @param cap the apps' {@code max-active-schemas}
 * @param arguments makes tool arguments
 * @param thinkMillis the longest pause between a conversation's turns
 * @param out instances taken out of the load balancer (drained, stopped or starting)
 * @param perUserCalls the per-user server's calls the model saw succeed, by user
 */
public record Traffic(HttpClient http, List<AppInstance> instances, ScriptedModel model, Texts texts, Tally tally,
		FaultWindows windows, Turns turns, ServerErrors serverErrors, Incidents incidents, CheckedSteps steps,
		SlowTurns slowTurns, ToolTurns toolTurns, TurnBarrier gate, ToolKinds tools, int cap, ToolArguments arguments,
		int thinkMillis, Set<String> out, PerUserCalls perUserCalls) {

	public Traffic(HttpClient http, List<AppInstance> instances, ScriptedModel model, Texts texts, Tally tally,
			FaultWindows windows, Turns turns, TurnBarrier gate, ToolKinds tools, int cap, ToolArguments arguments,
			int thinkMillis) {
		this(http, instances, model, texts, tally, windows, turns, new ServerErrors(), new Incidents(),
				new CheckedSteps(), new SlowTurns(), new ToolTurns(), gate, tools, cap, arguments, thinkMillis,
				ConcurrentHashMap.newKeySet(), new PerUserCalls());
	}

	/**
	 * The instances in the order a conversation tries them: those in service first, in
	 * random order.
	 * @param random the conversation's randomness
	 * @return every instance
	 */
	public List<AppInstance> order(Random random) {
		List<AppInstance> order = new ArrayList<>(this.instances);
		Collections.shuffle(order, random);
		order.sort((a, b) -> Boolean.compare(this.out.contains(a.name()), this.out.contains(b.name())));
		return order;
	}

	/**
	 * Which tool names are which, as the model sees them.
	 *
	 * @param eager the names the app always sends (pinned tools, ToolSearch, model tools)
	 * @param capabilityServer the capability's server, whose tools are named
	 * {@code server__tool}
	 * @param capability the capability's name
	 * @param perUser the per-user server, whose connection is a capability of its name
	 * too, and its users
	 */
	public record ToolKinds(Set<String> eager, String capabilityServer, String capability, PerUser perUser) {

		/** Kinds with no per-user server. */
		public ToolKinds(Set<String> eager, String capabilityServer, String capability) {
			this(eager, capabilityServer, capability, new PerUser("", List.of()));
		}

		public Predicate<String> deferred() {
			return (name) -> name.contains("__") && !this.eager.contains(name);
		}

		/**
		 * A tool of a server that connects when a conversation enables its capability.
		 */
		public Predicate<String> capabilityTool() {
			return (name) -> name.startsWith(this.capabilityServer + "__") || this.perUser.tool(name);
		}

	}

	/**
	 * The per-user server and the users whose conversations use it: one conversation slot
	 * in two belongs to a user, the others to no one.
	 *
	 * @param server the server's name, empty for none
	 * @param users the users
	 */
	public record PerUser(String server, List<String> users) {

		public PerUser {
			users = List.copyOf(users);
		}

		/**
		 * The user whose conversations a slot runs.
		 * @param slot the slot's number
		 * @return the user, or null for a slot of no one's conversations
		 */
		public @Nullable String userOf(int slot) {
			return (this.users.isEmpty() || slot % 2 == 1) ? null : this.users.get((slot / 2) % this.users.size());
		}

		/** Whether a name is one of the server's tools. */
		boolean tool(String name) {
			return !this.server.isEmpty() && name.startsWith(this.server + "__");
		}

	}

}
