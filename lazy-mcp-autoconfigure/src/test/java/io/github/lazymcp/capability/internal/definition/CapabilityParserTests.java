package io.github.lazymcp.capability.internal.definition;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link CapabilityParser}: the documented format, and messages that name the
 * file, the line and the key.
 */
class CapabilityParserTests {

	private static final String HEADER = """
			name = "files"
			description = "Read files"
			triggers = ["read a file"]
			""";

	private static final String STDIO_SERVER = """

			[[mcp.servers]]
			name = "filesystem"
			command = "mcp-server-filesystem"
			""";

	@Test
	void parsesTheFullExample() throws IOException {
		String toml = new ClassPathResource("capabilities/files.toml").getContentAsString(StandardCharsets.UTF_8);
		CapabilityDefinition capability = CapabilityParser.parse("files.toml", toml);
		assertThat(capability.name()).isEqualTo("files");
		assertThat(capability.description()).isEqualTo("Read, write and search files in the workspace");
		assertThat(capability.triggers()).containsExactly("read the file config.yml", "list the folder",
				"search my files for TODO");
		assertThat(capability.allowedTools()).containsExactly("filesystem:read_*", "filesystem:list_directory");
		assertThat(capability.source()).isEqualTo("files.toml");
		assertThat(capability.servers()).containsExactly(new ServerDefinition.Stdio("filesystem",
				"../mcp-servers/node_modules/.bin/mcp-server-filesystem", List.of("/tmp/work"), Map.of("FOO", "bar")));
	}

	@Test
	void parsesArgsAndAnInlineEnvTable() {
		CapabilityDefinition capability = parse(HEADER + """
				[[mcp.servers]]
				name = "memory"
				command = "npx"
				args = ["-y", "@modelcontextprotocol/server-memory"]
				env = { MEMORY_FILE_PATH = "/tmp/memory.jsonl", DEBUG = "1" }
				""");
		assertThat(capability.servers()).containsExactly(
				new ServerDefinition.Stdio("memory", "npx", List.of("-y", "@modelcontextprotocol/server-memory"),
						Map.of("MEMORY_FILE_PATH", "/tmp/memory.jsonl", "DEBUG", "1")));
	}

	@Test
	void parsesHttpServersWithStreamableHttpByDefaultAndSseOnRequest() {
		CapabilityDefinition capability = parse(HEADER + """
				[[mcp.servers]]
				name = "remote"
				url = "http://localhost:3001/mcp"

				[[mcp.servers]]
				name = "legacy"
				url = "https://example.org/sse"
				transport = "sse"
				""");
		assertThat(capability.servers()).containsExactly(
				new ServerDefinition.Http("remote", URI.create("http://localhost:3001/mcp"), false),
				new ServerDefinition.Http("legacy", URI.create("https://example.org/sse"), true));
	}

	@Test
	void withoutAllowedToolsTheListIsEmpty() {
		assertThat(parse(HEADER + STDIO_SERVER).allowedTools()).isEmpty();
	}

	@Test
	void aMissingNameIsReportedAtTheStartOfTheFile() {
		assertFails(HEADER.replace("name = \"files\"\n", "") + STDIO_SERVER, "files.toml:1: 'name' is required");
	}

	@Test
	void aMissingDescriptionIsReportedAtTheStartOfTheFile() {
		assertFails(HEADER.replace("description = \"Read files\"\n", "") + STDIO_SERVER,
				"files.toml:1: 'description' is required");
	}

	@Test
	void missingTriggersAreReportedAtTheStartOfTheFile() {
		assertFails(HEADER.replace("triggers = [\"read a file\"]\n", "") + STDIO_SERVER,
				"files.toml:1: 'triggers' is required");
	}

	@Test
	void anEmptyTriggerListIsReportedOnItsLine() {
		assertFails(HEADER.replace("[\"read a file\"]", "[]") + STDIO_SERVER,
				"files.toml:3: 'triggers' needs at least one phrase");
	}

	@Test
	void aFileWithoutServersNamesTheServerTable() {
		assertFails(HEADER, "files.toml:1: 'mcp.servers' is required: add at least one [[mcp.servers]] table, or a "
				+ "[deps] table for a toolchain capability");
	}

	@Test
	void aServerWithoutANameIsReportedOnItsTableLine() {
		assertFails(HEADER + """

				[[mcp.servers]]
				command = "mcp-server-filesystem"
				""", "files.toml:5: 'mcp.servers[0].name' is required");
	}

	@Test
	void aServerWithoutCommandOrUrlIsReportedOnItsTableLine() {
		assertFails(HEADER + STDIO_SERVER + """

				[[mcp.servers]]
				name = "memory"
				""", "files.toml:9: 'mcp.servers[1].command' or 'url' is required");
	}

	@Test
	void brokenSyntaxIsReportedWithItsLine() {
		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> parse(HEADER + "\n[[mcp.servers]\nname = \"x\"\n"))
			.withMessageStartingWith("files.toml:5: ")
			.satisfies((ex) -> assertThat(ex.source()).isEqualTo("files.toml"))
			.satisfies((ex) -> assertThat(ex.line()).isEqualTo(5));
	}

	@Test
	void aValueOfTheWrongTypeIsReportedOnItsOwnLine() {
		assertFails(HEADER.replace("description = \"Read files\"", "description = 42") + STDIO_SERVER,
				"files.toml:2: 'description' must be a string");
	}

	@Test
	void aNonStringEnvironmentValueIsReportedWithItsFullKey() {
		assertFails(HEADER + STDIO_SERVER + "env = { PORT = 8080 }\n",
				"files.toml:8: 'mcp.servers[0].env.PORT' must be a string");
	}

	@Test
	void anUnknownKeyIsAnError() {
		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> parse(HEADER + "allowed_tool = [\"filesystem:*\"]\n" + STDIO_SERVER))
			.withMessageStartingWith("files.toml:4: unknown key 'allowed_tool'");
	}

	@Test
	void aCapabilityNameOutsideTheAllowedCharactersIsAnError() {
		assertFails(HEADER.replace("\"files\"", "\"My Files\"") + STDIO_SERVER,
				"files.toml:1: 'name' must match [a-z0-9-]+, was 'My Files'");
	}

	@Test
	void commandAndUrlTogetherAreAnError() {
		assertFails(HEADER + STDIO_SERVER + "url = \"http://localhost:3001/mcp\"\n",
				"files.toml:8: 'mcp.servers[0].url' and 'command' exclude each other");
	}

	@Test
	void aUrlThatIsNotHttpIsAnError() {
		assertFails(HEADER + "\n[[mcp.servers]]\nname = \"remote\"\nurl = \"ftp://example.org\"\n",
				"files.toml:7: 'mcp.servers[0].url' must be an http or https URL, was 'ftp://example.org'");
	}

	@Test
	void twoServersWithOneNameAreAnError() {
		assertFails(HEADER + STDIO_SERVER + STDIO_SERVER, "files.toml:10: server name 'filesystem' is used twice");
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
			read_*      | 'allowed_tools[0]' must be server:tool-glob, was 'read_*'
			:read_*     | 'allowed_tools[0]' names server '', which is not one of [filesystem]
			github:*    | 'allowed_tools[0]' names server 'github', which is not one of [filesystem]
			filesystem: | 'allowed_tools[0]' has no tool glob after 'filesystem:', was 'filesystem:'
			""")
	void aBadToolPatternIsReportedOnItsLine(String pattern, String problem) {
		assertFails(HEADER + "allowed_tools = [\"%s\"]\n".formatted(pattern) + STDIO_SERVER,
				"files.toml:4: " + problem);
	}

	@Test
	void aBadToolPatternInAMultiLineListIsReportedOnItsOwnLine() {
		assertFails(HEADER + "allowed_tools = [\n  \"filesystem:read_*\",\n  \"read_file\",\n]\n" + STDIO_SERVER,
				"files.toml:6: 'allowed_tools[1]' must be server:tool-glob, was 'read_file'");
	}

	@Test
	void aServerMayHaveItsOwnCallTimeout() {
		CapabilityDefinition capability = parse(HEADER + STDIO_SERVER + "call_timeout = \"1500ms\"\n");

		assertThat(capability.servers()).singleElement()
			.extracting(ServerDefinition::callTimeout)
			.isEqualTo(java.time.Duration.ofMillis(1500));
		assertThat(parse(HEADER + STDIO_SERVER).servers().get(0).callTimeout()).isNull();
	}

	@Test
	void aCallTimeoutThatIsNoDurationIsReportedWithItsKey() {
		assertFails(HEADER + STDIO_SERVER + "call_timeout = \"soon\"\n",
				"files.toml:8: 'mcp.servers[0].call_timeout' must be a positive duration such as \"30s\", \"2m\" or "
						+ "\"500ms\", was 'soon'");
	}

	@Test
	void anHttpServerMayActForEachUser() {
		CapabilityDefinition capability = parse(HEADER
				+ "\n[[mcp.servers]]\nname = \"notes\"\nurl = \"https://notes.example.org/mcp\"\nper_user = true\n");

		assertThat(capability.servers()).containsExactly(
				new ServerDefinition.Http("notes", URI.create("https://notes.example.org/mcp"), false, null, true));
		assertThat(capability.servers().get(0).perUser()).isTrue();
		assertThat(parse(HEADER + STDIO_SERVER).servers().get(0).perUser()).isFalse();
	}

	@Test
	void aServerWithACommandActsForEachUserWithTheTokenInAVariableOfItsOwnProcess() {
		ServerDefinition server = parse(HEADER + STDIO_SERVER + "per_user = true\ntoken_env = \"NOTES_TOKEN\"\n")
			.servers()
			.get(0);

		assertThat(server).isInstanceOfSatisfying(ServerDefinition.Stdio.class,
				(stdio) -> assertThat(stdio.tokenEnv()).isEqualTo("NOTES_TOKEN"));
		assertThat(server.perUser()).isTrue();
		assertThat(server.toString()).contains("tokenEnv=NOTES_TOKEN");
	}

	@Test
	void aServerWithACommandActsForEachUserOnlyWithAVariableForTheToken() {
		assertFails(HEADER + STDIO_SERVER + "per_user = true\n",
				"files.toml:8: 'mcp.servers[0].per_user' for a server with a command needs 'mcp.servers[0].token_env': "
						+ "the environment variable its process reads the user's access token from (each user gets a "
						+ "process of their own)");
		assertFails(HEADER + STDIO_SERVER + "token_env = \"NOTES_TOKEN\"\n",
				"files.toml:8: 'mcp.servers[0].token_env' is only for a per-user server (per_user = true)");
		assertFails(HEADER + STDIO_SERVER + "per_user = true\ntoken_env = \"NOTES TOKEN\"\n",
				"files.toml:9: 'mcp.servers[0].token_env' must be an environment variable's name such as "
						+ "\"GITHUB_TOKEN\", was 'NOTES TOKEN'");
		assertFails(
				HEADER + STDIO_SERVER + "per_user = true\ntoken_env = \"NOTES_TOKEN\"\nenv = { NOTES_TOKEN = \"x\" }\n",
				"files.toml:9: 'mcp.servers[0].token_env' names 'NOTES_TOKEN', which 'env' sets too: the variable "
						+ "carries each user's token");
		assertFails(HEADER
				+ "\n[[mcp.servers]]\nname = \"notes\"\nurl = \"https://notes.example.org/mcp\"\nper_user = true\n"
				+ "token_env = \"NOTES_TOKEN\"\n",
				"files.toml:9: 'mcp.servers[0].token_env' is only for a server with a command");
	}

	@Test
	void perUserIsTrueOrFalse() {
		assertFails(HEADER
				+ "\n[[mcp.servers]]\nname = \"notes\"\nurl = \"https://notes.example.org/mcp\"\nper_user = \"yes\"\n",
				"files.toml:8: 'mcp.servers[0].per_user' must be true or false");
	}

	private static CapabilityDefinition parse(String toml) {
		return CapabilityParser.parse("files.toml", toml);
	}

	private static void assertFails(String toml, String message) {
		assertThatExceptionOfType(CapabilityDefinitionException.class).isThrownBy(() -> parse(toml))
			.withMessage(message);
	}

}
