package io.github.lazymcp.capability.internal.pool;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.lazymcp.catalog.McpServerConnection;
import io.github.lazymcp.catalog.internal.FakeConnection;
import io.github.lazymcp.search.SearchDocument;
import io.github.lazymcp.search.ToolIndex;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an identity sees of a per-user server, as searches keep it: the tools its own
 * connection lists and every other server's, one object until the listings change.
 */
class PerUserServerTests {

	private final PerUserServer server = new PerUserServer("notes");

	private final Map<String, McpServerConnection> connections = new LinkedHashMap<>();

	@Test
	void anIdentitySeesTheToolsItsConnectionListsAndEveryOtherServersTools() {
		connect("ada", "read_note", "write_note");
		connect("bob", "read_note", "delete_note");

		ToolIndex.Visibility ada = this.server.visibility("ada");

		assertThat(ada.sees(tool("notes", "write_note"))).isTrue();
		assertThat(ada.sees(tool("notes", "read_note"))).isTrue();
		assertThat(ada.sees(tool("notes", "delete_note"))).isFalse();
		assertThat(ada.sees(tool("fs", "delete_note"))).isTrue();
	}

	@Test
	void anIdentityWithNoConnectionSeesNoneOfTheServersTools() {
		connect("ada", "read_note");

		assertThat(this.server.visibility("carol").sees(tool("notes", "read_note"))).isFalse();
		assertThat(this.server.visibility(null).sees(tool("notes", "read_note"))).isFalse();
		assertThat(this.server.visibility(null).sees(tool("fs", "read_file"))).isTrue();
	}

	@Test
	void theSameObjectUntilWhatTheConnectionsListChanges() {
		connect("ada", "read_note");
		ToolIndex.Visibility before = this.server.visibility("ada");

		assertThat(this.server.visibility("ada")).isSameAs(before);
		assertThat(this.server.visibility("bob")).isNotSameAs(before);

		connect("bob", "delete_note");

		assertThat(this.server.visibility("ada")).isNotSameAs(before);
		assertThat(this.server.visibility("bob").sees(tool("notes", "delete_note"))).isTrue();
	}

	private void connect(String owner, String... tools) {
		this.connections.put(owner, new FakeConnection("notes", tools));
		this.server.update(Map.copyOf(this.connections));
	}

	private static SearchDocument tool(String server, String name) {
		return SearchDocument.of(server + "__" + name, server, name, "", null);
	}

}
