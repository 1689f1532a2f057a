package io.github.lazymcp.capability.internal.definition;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Tests for taps ({@code capabilities/<name>/<provider>.toml}), provider variants and the
 * provider rule, toolchain {@code [deps]}, and bad input naming file and key.
 */
class CapabilityTapTests {

	private final CapabilityLoader loader = new CapabilityLoader();

	@TempDir
	Path dir;

	@Test
	void readsATapWithVariantsAndChoosesTheDefaultProvider() throws IOException {
		Path tap = this.dir.resolve("team-tap");
		write(tap, "notes/memory.toml", server("memory", "mcp-server-memory"));
		write(tap, "notes/default.toml", server("notes-files", "mcp-server-filesystem"));
		write(tap, "thinking/sequential.toml", server("sequential-thinking", "mcp-server-sequential-thinking"));
		write(tap, "numbers/default.toml", toolchain("is-number@7.0.0"));

		List<CapabilityDefinition> loaded = this.loader.load(List.of(), List.of(tap.toString()), Map.of());

		assertThat(loaded)
			.extracting(CapabilityDefinition::name, CapabilityDefinition::provider, CapabilityDefinition::alternatives)
			.containsExactly(tuple("notes", "default", List.of("memory")), tuple("numbers", "default", List.of()),
					tuple("thinking", "sequential", List.of()));
		assertThat(loaded.get(1).isToolchain()).isTrue();
		assertThat(loaded.get(1).deps()).containsExactly(new NpmPackage("is-number", "7.0.0"));
		assertThat(loaded.get(0).source()).isEqualTo(tap.resolve("capabilities/notes/default.toml").toString());
	}

	@Test
	void aProviderSettingChoosesAnotherVariant() throws IOException {
		Path tap = this.dir.resolve("tap");
		write(tap, "notes/memory.toml", server("memory", "mcp-server-memory"));
		write(tap, "notes/default.toml", server("notes-files", "mcp-server-filesystem"));

		List<CapabilityDefinition> loaded = this.loader.load(List.of(), List.of(tap.toString()),
				Map.of("notes", "memory"));

		assertThat(loaded).singleElement().satisfies((notes) -> {
			assertThat(notes.provider()).isEqualTo("memory");
			assertThat(notes.alternatives()).containsExactly("default");
			assertThat(notes.servers()).extracting(ServerDefinition::name).containsExactly("memory");
		});
	}

	@Test
	void aDefaultSymlinkNamesTheDefaultProviderWithoutBeingOne() throws IOException {
		Path tap = this.dir.resolve("tap");
		write(tap, "notes/alpha.toml", server("notes-files", "mcp-server-filesystem"));
		Path memory = write(tap, "notes/memory.toml", server("memory", "mcp-server-memory"));
		Files.createSymbolicLink(memory.resolveSibling("default.toml"), memory.getFileName());

		assertThat(this.loader.load(List.of(), List.of(tap.toString()), Map.of())).singleElement()
			.satisfies((notes) -> {
				assertThat(notes.provider()).isEqualTo("memory");
				assertThat(notes.alternatives()).containsExactly("alpha");
			});
	}

	@Test
	void theFirstTapWinsAndDifferentProvidersInTwoTapsAreVariants() throws IOException {
		Path first = this.dir.resolve("first");
		Path second = this.dir.resolve("second");
		write(first, "notes/memory.toml", server("memory", "mcp-server-memory"));
		write(second, "notes/default.toml", server("notes-files", "mcp-server-filesystem"));

		assertThat(this.loader.load(List.of(), List.of(first.toString(), second.toString()), Map.of())).singleElement()
			.satisfies((notes) -> {
				assertThat(notes.provider()).isEqualTo("memory");
				assertThat(notes.alternatives()).containsExactly("default");
			});
	}

	@Test
	void theSameProviderInTwoTapsFailsNamingBothFiles() throws IOException {
		Path one = write(this.dir.resolve("one"), "notes/memory.toml", server("memory", "mcp-server-memory"));
		Path two = write(this.dir.resolve("two"), "notes/memory.toml", server("memory", "mcp-server-memory"));

		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> this.loader.load(List.of(),
					List.of(this.dir.resolve("one").toString(), this.dir.resolve("two").toString()), Map.of()))
			.withMessageStartingWith("Capability 'notes' is defined twice: in %s and in %s".formatted(one, two))
			.withMessageContaining("provider 'memory'");
	}

	@Test
	void aProviderThatDoesNotExistFailsNamingTheSettingAndTheFiles() throws IOException {
		Path memory = write(this.dir.resolve("tap"), "notes/memory.toml", server("memory", "mcp-server-memory"));

		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> this.loader.load(List.of(), List.of(this.dir.resolve("tap").toString()),
					Map.of("notes", "postgres")))
			.withMessage("providers.notes is 'postgres', but capability 'notes' has no such provider; its providers "
					+ "are 'memory' (%s)".formatted(memory))
			.satisfies((ex) -> assertThat(ex.setting()).isEqualTo("providers.notes"));
	}

	@Test
	void aProviderForACapabilityThatDoesNotExistFailsNamingTheSetting() {
		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> this.loader.load(List.of("classpath:capabilities/"), List.of(), Map.of("nope", "x")))
			.withMessageStartingWith("providers.nope chooses a provider for capability 'nope', which no capability "
					+ "file defines (capabilities: files, memory)");
	}

	@Test
	void aTapPathThatIsNotADirectoryFailsNamingTheSetting() throws IOException {
		Path file = Files.writeString(this.dir.resolve("not-a-tap.txt"), "hello");

		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> this.loader.load(List.of(),
					List.of("optional:" + this.dir.resolve("gone"), file.toString()), Map.of()))
			.withMessageStartingWith("Capability tap '%s' (taps[1]) is not a directory".formatted(file))
			.satisfies((ex) -> assertThat(ex.setting()).isEqualTo("taps[1]"));
	}

	@Test
	void aDepsEntryWithoutAVersionFailsNamingTheFileLineAndKey() throws IOException {
		Path file = write(this.dir.resolve("tap"), "numbers/default.toml", toolchain("is-number"));

		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> this.loader.load(List.of(), List.of(this.dir.resolve("tap").toString()), Map.of()))
			.withMessage(file + ":5: 'deps.npm[0]' has no version: write 'is-number@<exact version>', e.g. "
					+ "is-number@7.0.0");
	}

	@Test
	void aDepsEntryWithARangeFailsNamingTheKey() {
		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> CapabilityParser.parse("n.toml", toolchain("is-number@^7.0.0"), "numbers"))
			.withMessage("n.toml:5: 'deps.npm[0]' 'is-number@^7.0.0' needs an exact version (like 7.0.0), not a "
					+ "range or tag");
	}

	@Test
	void aFileWhoseNameContradictsItsFolderFails() {
		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(
					() -> CapabilityParser.parse("t/notes/x.toml", "name = \"other\"\n" + server("m", "m"), "notes"))
			.withMessageStartingWith(
					"t/notes/x.toml:1: 'name' is 'other' but the file is in the folder of " + "capability 'notes'");
	}

	@Test
	void flatLocationsComeBeforeTapsAndTapsReadFromTheClasspath() throws IOException {
		Files.writeString(this.dir.resolve("alpha.toml"), "name = \"alpha\"\n" + server("alpha", "alpha-server"));

		List<CapabilityDefinition> loaded = this.loader.load(List.of(this.dir.toString()),
				List.of("classpath:capabilities-it/tap/"), Map.of());

		assertThat(loaded)
			.extracting(CapabilityDefinition::name, CapabilityDefinition::provider, CapabilityDefinition::alternatives)
			.containsExactly(tuple("alpha", "default", List.of()), tuple("files", "default", List.of()),
					tuple("memory", "default", List.of()), tuple("numbers", "default", List.of()),
					tuple("reasoning", "default", List.of("everything")));
		assertThat(loaded.get(1).source()).endsWith("capabilities-it/tap/capabilities/files/default.toml");
	}

	@Test
	void aFlatFileIsTheDefaultProviderSoATapDefaultOfTheSameNameClashes() throws IOException {
		Files.writeString(this.dir.resolve("files.toml"), "name = \"files\"\n" + server("fs", "fs-server"));

		assertThatExceptionOfType(CapabilityDefinitionException.class)
			.isThrownBy(() -> this.loader.load(List.of(this.dir.toString()), List.of("classpath:capabilities-it/tap/"),
					Map.of()))
			.withMessageStartingWith("Capability 'files' is defined twice: in " + this.dir.resolve("files.toml"));
	}

	private static Path write(Path tap, String relative, String content) throws IOException {
		Path file = tap.resolve("capabilities").resolve(relative);
		Files.createDirectories(file.getParent());
		return Files.writeString(file, content);
	}

	private static String server(String server, String command) {
		return """
				description = "Test capability"
				triggers = ["use it"]

				[[mcp.servers]]
				name = "%s"
				command = "%s"
				""".formatted(server, command);
	}

	private static String toolchain(String spec) {
		return """
				description = "Checks numbers"
				triggers = ["is this a number"]

				[deps]
				npm = ["%s"]
				""".formatted(spec);
	}

}
