package io.github.lazymcp.benchmarks.soak.app;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.tool.LazyMcpRequest;

import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.Advisor;
import org.springframework.ai.chat.client.advisor.api.AdvisorChain;
import org.springframework.ai.chat.client.advisor.api.BaseAdvisor;
import org.springframework.ai.openai.OpenAiChatOptions;

/*
 * The harness's ledger may excuse a told tool missing from a model request only when its
 * server was not UP on that instance at that step, so each request says what the health
 * of the instance's servers was when lazy-mcp chose its tools. lazy-mcp's wire advisor
 * reads the catalog once per step; these two advisors read it just before and just after
 * (orders one less and one more than the wire advisor's, so on every step of the tool
 * loop), and a server counts as UP only when it was both times: whatever the wire advisor
 * saw in between, the stamp does not call a server UP that it may have seen otherwise.
 * The stamp goes into the request body as an extra field (OpenAI's API ignores what it
 * does not know; the scripted model reads it); a server only one read named is left out,
 * and its health is unknown to the harness.
 */

/**
 * Stamps each model request with the health of the instance's MCP servers at that step,
 * in the body field {@value #FIELD}: server name to status.
 */
public final class ServerStates {

	/** The body field of the stamp. */
	public static final String FIELD = "soak_servers";

	private static final String BEFORE = ServerStates.class.getName() + ".before";

	private ServerStates() {
	}

	/**
	 * The two advisors, for {@code ChatClient.Builder.defaultAdvisors}.
	 * @param lazyMcp whose catalog is read
	 * @return the advisors
	 */
	static List<Advisor> advisors(LazyMcp lazyMcp) {
		return List.of(new Read(lazyMcp, LazyMcpRequest.WIRE_ADVISOR_ORDER - 1, false),
				new Read(lazyMcp, LazyMcpRequest.WIRE_ADVISOR_ORDER + 1, true));
	}

	/**
	 * The statuses of two reads, a server {@code UP} only when it was both times and left
	 * out when only one read names it.
	 * @param before the first read
	 * @param after the second
	 * @return status by server
	 */
	static Map<String, String> combine(Map<String, String> before, Map<String, String> after) {
		Map<String, String> combined = new LinkedHashMap<>();
		after.forEach((server, status) -> {
			String earlier = before.get(server);
			if (earlier != null) {
				combined.put(server, earlier.equals("UP") ? status : earlier);
			}
		});
		return combined;
	}

	static Map<String, String> read(CatalogSnapshot catalog) {
		Map<String, String> statuses = new LinkedHashMap<>();
		catalog.servers().forEach((server) -> statuses.put(server.name(), server.health().status().name()));
		return statuses;
	}

	/**
	 * One read: the first keeps it in the request's context, the second stamps both.
	 */
	private static final class Read implements BaseAdvisor {

		private final LazyMcp lazyMcp;

		private final int order;

		private final boolean stamps;

		Read(LazyMcp lazyMcp, int order, boolean stamps) {
			this.lazyMcp = lazyMcp;
			this.order = order;
			this.stamps = stamps;
		}

		@Override
		public ChatClientRequest before(ChatClientRequest request, AdvisorChain chain) {
			Map<String, String> now = read(this.lazyMcp.catalog());
			if (!this.stamps) {
				return request.mutate().context(BEFORE, now).build();
			}
			if (!(request.context().get(BEFORE) instanceof Map<?, ?> earlier)
					|| !(request.prompt().getOptions() instanceof OpenAiChatOptions options)) {
				return request;
			}
			Map<String, String> before = new LinkedHashMap<>();
			earlier.forEach((server, status) -> before.put(String.valueOf(server), String.valueOf(status)));
			Map<String, Object> extra = new LinkedHashMap<>();
			Map<String, Object> given = options.getExtraBody();
			if (given != null) {
				extra.putAll(given);
			}
			extra.put(FIELD, combine(before, now));
			return request.mutate()
				.prompt(request.prompt().mutate().chatOptions(options.mutate().extraBody(extra).build()).build())
				.build();
		}

		@Override
		public ChatClientResponse after(ChatClientResponse response, AdvisorChain chain) {
			return response;
		}

		@Override
		public int getOrder() {
			return this.order;
		}

		@Override
		public String getName() {
			return "soak server states " + (this.stamps ? "(stamp)" : "(read)");
		}

	}

}
