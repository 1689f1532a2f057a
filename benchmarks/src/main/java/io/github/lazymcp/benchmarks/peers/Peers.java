package io.github.lazymcp.benchmarks.peers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every peer the side-by-side runs, by id, in the tables' order.
 */
public final class Peers {

	private Peers() {
	}

	/**
	 * Every peer.
	 * @return by id, in the tables' order
	 */
	public static Map<String, PeerSearch> all() {
		List<PeerSearch> peers = new ArrayList<>();
		peers.addAll(SpringAiToolSearch.all());
		peers.addAll(LangChain4jToolSearch.all());
		peers.addAll(AnthropicToolSearch.all());
		Map<String, PeerSearch> byId = new LinkedHashMap<>();
		for (PeerSearch peer : peers) {
			if (byId.put(peer.id(), peer) != null) {
				throw new IllegalStateException("two peers are called " + peer.id());
			}
		}
		return byId;
	}

}
