package io.github.lazymcp.capability.internal.definition;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link CapabilityDefinition#toolFilter(String)}.
 */
class CapabilityToolFilterTests {

	/** The tools server-filesystem 2026.8.31 lists. */
	private static final List<String> FILESYSTEM_TOOLS = List.of("read_file", "read_text_file", "read_media_file",
			"read_multiple_files", "write_file", "edit_file", "create_directory", "list_directory",
			"list_directory_with_sizes", "directory_tree", "move_file", "search_files", "get_file_info",
			"list_allowed_directories");

	private static final List<String> MEMORY_TOOLS = List.of("create_entities", "create_relations", "add_observations",
			"delete_entities", "delete_observations", "delete_relations", "read_graph", "search_nodes", "open_nodes");

	@Test
	void globsAndExactNamesSelectTheServersTools() {
		Predicate<String> filter = capability("filesystem:read_*", "filesystem:list_directory")
			.toolFilter("filesystem");
		assertThat(FILESYSTEM_TOOLS.stream().filter(filter)).containsExactly("read_file", "read_text_file",
				"read_media_file", "read_multiple_files", "list_directory");
	}

	@Test
	void patternsNamingAnotherServerDoNotRestrictThisOne() {
		CapabilityDefinition capability = capability("filesystem:read_*");
		assertThat(MEMORY_TOOLS.stream().filter(capability.toolFilter("memory")))
			.containsExactlyElementsOf(MEMORY_TOOLS);
	}

	@Test
	void withoutPatternsEveryToolIsAllowed() {
		CapabilityDefinition capability = capability();
		assertThat(FILESYSTEM_TOOLS.stream().filter(capability.toolFilter("filesystem")))
			.containsExactlyElementsOf(FILESYSTEM_TOOLS);
	}

	@Test
	void aGlobMatchesAnywhereItsStarsAllowAndNothingElse() {
		Predicate<String> filter = capability("memory:*_entities", "memory:open_*").toolFilter("memory");
		assertThat(MEMORY_TOOLS.stream().filter(filter)).containsExactly("create_entities", "delete_entities",
				"open_nodes");
	}

	@Test
	void aServerNameThatIsAPrefixOfAnotherDoesNotBorrowItsPatterns() {
		CapabilityDefinition capability = new CapabilityDefinition("files", "Files", List.of("read"),
				List.of("fs:read_file"), List.of(server("fs"), server("fs2")), "files.toml");
		assertThat(capability.toolFilter("fs2").test("write_file")).isTrue();
		assertThat(capability.toolFilter("fs").test("write_file")).isFalse();
	}

	private static CapabilityDefinition capability(String... patterns) {
		return new CapabilityDefinition("files", "Files", List.of("read"), List.of(patterns),
				List.of(server("filesystem"), server("memory")), "files.toml");
	}

	private static ServerDefinition server(String name) {
		return new ServerDefinition.Stdio(name, "mcp-server-" + name, List.of(), Map.of());
	}

}
