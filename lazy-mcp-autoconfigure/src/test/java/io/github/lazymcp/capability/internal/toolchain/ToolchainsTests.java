package io.github.lazymcp.capability.internal.toolchain;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import io.github.lazymcp.capability.internal.definition.NpmPackage;
import io.github.lazymcp.capability.internal.toolchain.Toolchains.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link Toolchains} with the real npm and the npm registry: a small package at
 * an exact version, installed only when installs are on, never half-installed.
 */
class ToolchainsTests {

	private static final NpmPackage IS_NUMBER = NpmPackage.parse("is-number@7.0.0");

	@TempDir
	Path cache;

	@Test
	void withInstallsOffAMissingPackageIsReportedAndNothingIsWritten() {
		Toolchains toolchains = new Toolchains(this.cache, false, Duration.ofMinutes(2));

		Outcome outcome = toolchains.ensure(List.of(IS_NUMBER));

		assertThat(outcome).isEqualTo(new Outcome.Missing(List.of(IS_NUMBER)));
		assertThat(((Outcome.Missing) outcome).specs()).isEqualTo("is-number@7.0.0");
		assertThat(this.cache).isEmptyDirectory();
	}

	@Test
	void withInstallsOnThePackageIsInstalledAtItsExactVersionIntoItsOwnPrefix() throws IOException {
		Toolchains toolchains = new Toolchains(this.cache, true, Duration.ofMinutes(2));

		Outcome outcome = toolchains.ensure(List.of(IS_NUMBER));

		Path prefix = this.cache.resolve("npm/is-number@7.0.0");
		assertThat(outcome).isEqualTo(new Outcome.Ready(java.util.Map.of(IS_NUMBER, prefix)));
		assertThat(prefix.resolve("node_modules/is-number/package.json")).content().contains("\"version\": \"7.0.0\"");
		assertThat(prefix.resolve("package.json")).doesNotExist();
		assertThat(prefix.resolve("package-lock.json")).doesNotExist();
		assertThat(entries(this.cache.resolve("npm"))).containsExactly("is-number@7.0.0");
		assertThat(toolchains.isInstalled(IS_NUMBER)).isTrue();
		// installs off, but already installed: ready without npm
		assertThat(new Toolchains(this.cache, false, Duration.ofMinutes(2)).ensure(List.of(IS_NUMBER)))
			.isInstanceOf(Outcome.Ready.class);
	}

	@Test
	void aFailedInstallIsReportedAndLeavesNothingBehind() throws IOException {
		NpmPackage missing = NpmPackage.parse("is-number@999.0.0");
		Toolchains toolchains = new Toolchains(this.cache, true, Duration.ofMinutes(2));

		Outcome outcome = toolchains.ensure(List.of(missing));

		assertThat(outcome).isInstanceOfSatisfying(Outcome.Failed.class, (failed) -> {
			assertThat(failed.pkg()).isEqualTo(missing);
			assertThat(failed.reason()).contains("npm install is-number@999.0.0 exited with");
		});
		assertThat(entries(this.cache.resolve("npm"))).isEmpty();
		assertThat(toolchains.isInstalled(missing)).isFalse();
	}

	@Test
	void theInstallCommandIsDeterministic() {
		NpmInstaller installer = new NpmInstaller(List.of("npm"), Duration.ofMinutes(1));

		assertThat(installer.command(IS_NUMBER, Path.of("/cache/npm/x"))).containsExactly("npm", "install", "--prefix",
				"/cache/npm/x", "--no-save", "--no-package-lock", "--ignore-scripts", "--no-audit", "--no-fund",
				"--no-update-notifier", "--loglevel=error", "is-number@7.0.0");
	}

	@Test
	void twoCallersNeedingTheSamePackageShareOneInstall() throws Exception {
		Path log = this.cache.resolveSibling(this.cache.getFileName() + "-calls.log");
		// A real npm behind a wrapper that counts how often it runs.
		List<String> npm = List.of("sh", "-c", "echo run >> '%s'; exec npm \"$@\"".formatted(log), "npm");
		Toolchains toolchains = new Toolchains(this.cache, true, Duration.ofMinutes(2), npm);

		CompletableFuture<Outcome> first = CompletableFuture.supplyAsync(() -> toolchains.ensure(List.of(IS_NUMBER)));
		Outcome second = toolchains.ensure(List.of(IS_NUMBER));

		assertThat(first.get()).isInstanceOf(Outcome.Ready.class);
		assertThat(second).isInstanceOf(Outcome.Ready.class);
		assertThat(Files.readAllLines(log)).hasSizeBetween(1, 2);
		assertThat(entries(this.cache.resolve("npm"))).containsExactly("is-number@7.0.0");
	}

	private static List<String> entries(Path dir) throws IOException {
		if (!Files.isDirectory(dir)) {
			return List.of();
		}
		try (Stream<Path> entries = Files.list(dir)) {
			return entries.map((entry) -> entry.getFileName().toString()).toList();
		}
	}

}
