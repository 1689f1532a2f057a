package io.github.lazymcp.capability.internal.definition;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.github.lazymcp.capability.CapabilitySettings.PerUserConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link CapabilityLoader}.
 */
class CapabilityLoaderTests {

	private final CapabilityLoader loader = new CapabilityLoader();

	@TempDir
	Path dir;

	@Test
	void loadsEveryTomlFileOfAClasspathFolder() {
		List<CapabilityDefinition> capabilities = this.loader.load(List.of("classpath:capabilities/"));
		assertThat(capabilities).extracting(CapabilityDefinition::name).containsExactly("files", "memory");
		assertThat(capabilities.get(0).source()).endsWith("capabilities/files.toml".replace('/', File.separatorChar));
	}

	@Test
	void loadsTheTomlFilesOfADirectoryButNotOtherFilesOrSubfolders() throws IOException {
		write("b.toml", capability("beta", "memory", "mcp-server-memory"));
		write("a.toml", capability("alpha", "memory", "mcp-server-memory"));
		write("notes.txt", "not a capability");
		Files.createDirectories(this.dir.resolve("nested"));
		write("nested/c.toml", capability("gamma", "memory", "mcp-server-memory"));
		assertThat(this.loader.load(List.of(this.dir.toString()))).extracting(CapabilityDefinition::name)
			.containsExactly("alpha", "beta");
	}

	@Test
	void combinesClasspathAndDirectoryLocations() throws IOException {
		write("tasks.toml", capability("tasks", "thinking", "mcp-server-sequential-thinking"));
		assertThat(this.loader.load(List.of("classpath*:capabilities/*.toml", "file:" + this.dir)))
			.extracting(CapabilityDefinition::name)
			.containsExactly("files", "memory", "tasks");
	}

	@Test
	void aPerUserConnectionIsACapabilityOfItsOwnWhoseOneServerActsForEachUser() {
		List<CapabilityDefinition> capabilities = CapabilityLoader.withConnections(
				this.loader.load(List.of("classpath:capabilities/")),
				List.of(new PerUserConnection("notes", URI.create("https://notes.example.org/mcp"), false,
						"The user's notes", List.of("read my notes"))));

		assertThat(capabilities).extracting(CapabilityDefinition::name).containsExactly("files", "memory", "notes");
		CapabilityDefinition notes = capabilities.get(2);
		assertThat(notes.triggers()).containsExactly("read my notes");
		assertThat(notes.servers()).containsExactly(
				new ServerDefinition.Http("notes", URI.create("https://notes.example.org/mcp"), false, null, true));
		assertThat(notes.source())
			.isEqualTo("spring.ai.mcp.client connection 'notes' (tools.lazy-mcp.servers.notes.per-user)");
	}

	@Test
	void aPerUserConnectionCannotTakeTheNameOfACapabilityOrOfItsServer() {
		List<CapabilityDefinition> files = this.loader.load(List.of("classpath:capabilities/"));
		String server = files.get(0).servers().get(0).name();

		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> CapabilityLoader.withConnections(files, List.of(connection("memory"))))
			.withMessageStartingWith(
					"spring.ai.mcp.client connection 'memory' (tools.lazy-mcp.servers.memory.per-user) "
							+ "takes the name of capability 'memory'");
		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> CapabilityLoader.withConnections(files, List.of(connection(server))))
			.withMessageContaining("takes the name of a server of capability 'files'");
	}

	private static PerUserConnection connection(String name) {
		return new PerUserConnection(name, URI.create("https://example.org/mcp"), false, "A server", List.of());
	}

	@Test
	void aClasspathPatternThatMatchesNothingContributesNothing() {
		assertThat(this.loader.load(List.of("classpath*:no-such-folder/"))).isEmpty();
	}

	@Test
	void aMissingDirectoryIsAnErrorUnlessOptional() {
		String missing = this.dir.resolve("missing").toString();
		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> this.loader.load(List.of(missing)))
			.withMessageContaining(missing);
		assertThat(this.loader.load(List.of("optional:" + missing))).isEmpty();
	}

	@Test
	void duplicateNamesFailNamingBothFiles() {
		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> this.loader.load(List.of("classpath:capabilities/duplicate/")))
			.withMessageStartingWith("Capability 'files' is defined twice: in ")
			.withMessageContaining("duplicate" + File.separator + "files.toml")
			.withMessageContaining("duplicate" + File.separator + "more-files.toml");
	}

	@Test
	void duplicateNamesAcrossLocationsFailNamingBothFiles() throws IOException {
		Path copy = write("files.toml", capability("files", "filesystem", "mcp-server-filesystem"));
		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> this.loader.load(List.of("classpath:capabilities/", this.dir.toString())))
			.withMessageContaining("capabilities" + File.separator + "files.toml")
			.withMessageContaining(copy.toString());
	}

	@Test
	void oneServerNameWithTwoDefinitionsFailsNamingBothCapabilities() throws IOException {
		write("a.toml", capability("alpha", "memory", "mcp-server-memory"));
		Path other = write("b.toml", capability("beta", "memory", "some-other-memory-server"));
		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> this.loader.load(List.of(this.dir.toString())))
			.withMessageStartingWith("Server 'memory' is defined differently by capability 'alpha'")
			.withMessageContaining("capability 'beta' (%s)".formatted(other));
	}

	@Test
	void capabilitiesNamingTheSameServerAlikeLoad() throws IOException {
		write("a.toml", capability("alpha", "memory", "mcp-server-memory"));
		write("b.toml", capability("beta", "memory", "mcp-server-memory"));
		assertThat(this.loader.load(List.of(this.dir.toString()))).hasSize(2);
	}

	@Test
	void anInvalidFileFailsWithItsPathAndLine() throws IOException {
		Path broken = write("broken.toml", "name = \"broken\"\ndescription = \n");
		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> this.loader.load(List.of(this.dir.toString())))
			.withMessageStartingWith(broken + ":2: ");
	}

	private Path write(String name, String content) throws IOException {
		return Files.writeString(this.dir.resolve(name), content);
	}

	private static String capability(String name, String server, String command) {
		return """
				name = "%s"
				description = "Test capability %s"
				triggers = ["use %s"]

				[[mcp.servers]]
				name = "%s"
				command = "%s"
				""".formatted(name, name, name, server, command);
	}

}
