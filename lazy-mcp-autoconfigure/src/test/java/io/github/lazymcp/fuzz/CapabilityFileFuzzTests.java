package io.github.lazymcp.fuzz;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.github.lazymcp.capability.internal.definition.CapabilityDefinitionException;
import io.github.lazymcp.capability.internal.definition.CapabilityLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Capability files broken in every way a seeded generator can think of (lines dropped,
 * cut short, characters and values replaced, keys misspelled): each either loads or fails
 * with a {@link CapabilityDefinitionException} that names the file; nothing else escapes.
 */
class CapabilityFileFuzzTests {

	private static final String VALID = """
			name = "files"
			description = "Read, write and search files in the workspace"
			triggers = ["read the file config.yml", "list the folder", "search my files for TODO"]
			allowed_tools = ["filesystem:read_*", "filesystem:list_directory"]

			[[mcp.servers]]
			name = "filesystem"
			command = "../mcp-servers/node_modules/.bin/mcp-server-filesystem"
			args = ["/tmp/work"]
			[mcp.servers.env]
			FOO = "bar"

			[[mcp.servers]]
			name = "remote"
			url = "http://localhost:1/mcp"
			transport = "streamable-http"
			""";

	private static final String[] REPLACEMENTS = { "", "=", "[", "]", "\"", "[[mcp.servers]]", "name = 42",
			"command = []", "url = \"not a url\"", "transport = \"carrier-pigeon\"", "nmae = \"x\"", "name = \"UPPER\"",
			"triggers = \"not a list\"", "allowed_tools = [1, 2]", "args = \"x\"", "env = 3", "\u0000", "name = \"\"" };

	@TempDir
	Path dir;

	@Test
	void everyBrokenFileIsRejectedWithItsNameOrLoads() throws Exception {
		BadInputs inputs = new BadInputs(BadInputs.SEED);
		CapabilityLoader loader = new CapabilityLoader();
		List<String> escaped = new ArrayList<>();
		int rejected = 0;
		int tried = 300;
		for (int i = 0; i < tried; i++) {
			Path folder = Files.createDirectories(this.dir.resolve("case-" + i));
			Files.write(folder.resolve("broken.toml"), mutate(inputs).getBytes(StandardCharsets.UTF_8));
			try {
				loader.load(List.of(folder.toString()));
			}
			catch (CapabilityDefinitionException ex) {
				rejected++;
				if (!String.valueOf(ex.getMessage()).contains("broken.toml")) {
					escaped.add("no file name: " + ex.getMessage());
				}
			}
			catch (RuntimeException ex) {
				escaped.add(ex.toString());
			}
		}
		System.out.printf(
				"FIGURE bad input: %d broken capability files tried, %d rejected with file and line, " + "%d escaped%n",
				tried, rejected, escaped.size());
		assertThat(escaped).isEmpty();
		assertThat(rejected).isGreaterThan(tried / 2);
	}

	private static String mutate(BadInputs inputs) {
		List<String> lines = new ArrayList<>(VALID.lines().toList());
		int changes = 1 + inputs.nextInt(3);
		for (int c = 0; c < changes; c++) {
			int line = inputs.nextInt(lines.size());
			switch (inputs.nextInt(4)) {
				case 0 -> lines.remove(line);
				case 1 -> lines.set(line, REPLACEMENTS[inputs.nextInt(REPLACEMENTS.length)]);
				case 2 -> lines.set(line, lines.get(line).substring(0, inputs.nextInt(lines.get(line).length() + 1)));
				default -> lines.set(line, lines.get(line).replaceFirst("\"[^\"]*\"", quote(inputs.string())));
			}
			if (lines.isEmpty()) {
				lines.add(inputs.string());
			}
		}
		return String.join("\n", lines);
	}

	private static String quote(String text) {
		return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("$", "\\$") + "\"";
	}

}
