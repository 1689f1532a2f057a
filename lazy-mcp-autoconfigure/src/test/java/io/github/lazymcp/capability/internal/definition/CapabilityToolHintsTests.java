package io.github.lazymcp.capability.internal.definition;

import java.util.List;

import io.github.lazymcp.learning.ToolHints;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What a capability file writes about its servers' tools ({@code [mcp.servers.tools.x]}),
 * and errors that name the file, the line and the key.
 */
class CapabilityToolHintsTests {

	private static final String FILE = """
			name = "files"
			description = "Read files"
			triggers = ["read a file"]

			[[mcp.servers]]
			name = "filesystem"
			command = "mcp-server-filesystem"
			""";

	private static CapabilityDefinition parse(String toml) {
		return CapabilityParser.parse("files.toml", toml);
	}

	private static void assertFails(String toml, String message) {
		assertThatExceptionOfType(CapabilityDefinitionException.class).isThrownBy(() -> parse(toml))
			.withMessage(message);
	}

	@Test
	void readsExamplesWhenToUseTagsAndCostPerTool() {
		CapabilityDefinition capability = parse(FILE + """
				[mcp.servers.tools.read_file]
				examples = ["show me config.yml", "what is in notes.txt"]
				when_to_use = "To see what one file holds"
				tags = ["cat", "open"]
				cost = 0.25

				[mcp.servers.tools.write_file]
				cost = 2
				""");

		assertThat(capability.hints().of("filesystem", "read_file"))
			.isEqualTo(new ToolHints(List.of("show me config.yml", "what is in notes.txt"),
					"To see what one file holds", List.of("cat", "open"), 0.25));
		assertThat(capability.hints().of("filesystem", "write_file").cost()).isEqualTo(2.0);
		assertThat(capability.hints().of("filesystem", "list_directory")).isEqualTo(ToolHints.NONE);
	}

	@Test
	void aFileWithoutToolTablesHasNoHints() {
		assertThat(parse(FILE).hints().isEmpty()).isTrue();
	}

	@Test
	void hintsSurviveTheChoiceOfAProvider() {
		CapabilityDefinition capability = parse(FILE + "[mcp.servers.tools.read_file]\ntags = [\"cat\"]\n");

		assertThat(capability.withProvider("other").withAlternatives(List.of("x")).hints())
			.isSameAs(capability.hints());
	}

	@Test
	void anUnknownToolKeyIsReportedOnItsLineWithItsFullKey() {
		assertFails(FILE + "[mcp.servers.tools.read_file]\nexample = [\"x\"]\n",
				"files.toml:9: unknown key 'mcp.servers[0].tools.read_file.example' "
						+ "(expected one of [cost, examples, tags, when_to_use])");
	}

	@Test
	void aNegativeCostIsReportedOnItsLine() {
		assertFails(FILE + "[mcp.servers.tools.read_file]\ncost = -1\n",
				"files.toml:9: 'mcp.servers[0].tools.read_file.cost' must be a number of at least 0, was -1.0");
	}

	@Test
	void aCostThatIsNotANumberIsReportedOnItsLine() {
		assertFails(FILE + "[mcp.servers.tools.read_file]\ncost = \"cheap\"\n",
				"files.toml:9: 'mcp.servers[0].tools.read_file.cost' must be a number");
	}

	@Test
	void aBlankWhenToUseIsReportedOnItsLine() {
		assertFails(FILE + "[mcp.servers.tools.read_file]\nwhen_to_use = \" \"\n",
				"files.toml:9: 'mcp.servers[0].tools.read_file.when_to_use' must not be blank");
	}

	@Test
	void aBlankExampleIsReportedOnItsLine() {
		assertFails(FILE + "[mcp.servers.tools.read_file]\nexamples = [\"ok\", \"\"]\n",
				"files.toml:9: 'mcp.servers[0].tools.read_file.examples[1]' must be a non-blank string");
	}

	@Test
	void aToolEntryThatIsNotATableIsReportedOnItsLine() {
		assertFails(FILE + "[mcp.servers.tools]\nread_file = \"reads\"\n",
				"files.toml:9: 'mcp.servers[0].tools.read_file' must be a table");
	}

}
