package io.github.lazymcp.capability.internal.toolchain;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

import io.github.lazymcp.capability.internal.definition.NpmPackage;

/**
 * Runs one deterministic {@code npm install}: the exact version only, no install scripts,
 * no audit, no funding notice, no lock file and no {@code package.json} written, into a
 * temporary prefix that is moved into place only when the package arrived whole.
 */
final class NpmInstaller {

	private static final int OUTPUT_LINES = 8;

	private final List<String> npm;

	private final Duration timeout;

	/**
	 * Creates the installer.
	 * @param npm the npm command, e.g. {@code [npm]}
	 * @param timeout how long one install may take
	 */
	NpmInstaller(List<String> npm, Duration timeout) {
		this.npm = List.copyOf(npm);
		this.timeout = timeout;
	}

	/**
	 * The command that installs a package into a prefix.
	 * @param pkg the package
	 * @param prefix the prefix
	 * @return the command line
	 */
	List<String> command(NpmPackage pkg, Path prefix) {
		List<String> command = new ArrayList<>(this.npm);
		command.addAll(
				List.of("install", "--prefix", prefix.toString(), "--no-save", "--no-package-lock", "--ignore-scripts",
						"--no-audit", "--no-fund", "--no-update-notifier", "--loglevel=error", pkg.toString()));
		return command;
	}

	/**
	 * Installs a package into {@code target}, which appears only when the install
	 * succeeded.
	 * @param pkg the package
	 * @param target the prefix the package should end up in
	 * @param complete whether a prefix holds the package, checked before it is moved into
	 * place
	 * @throws IllegalStateException naming the reason and npm's last output lines when
	 * the install fails or times out
	 */
	void install(NpmPackage pkg, Path target, Predicate<Path> complete) {
		Path staging = createStaging(target);
		try {
			run(pkg, staging);
			if (!complete.test(staging)) {
				throw new IllegalStateException(
						"npm finished but %s is not in %s".formatted(pkg, staging.resolve("node_modules")));
			}
			moveIntoPlace(staging, target);
		}
		finally {
			deleteRecursively(staging);
		}
	}

	private void run(NpmPackage pkg, Path staging) {
		Path log = staging.resolveSibling(staging.getFileName() + ".log");
		try {
			Process process = new ProcessBuilder(command(pkg, staging)).redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.start();
			if (!process.waitFor(this.timeout.toMillis(), TimeUnit.MILLISECONDS)) {
				process.destroyForcibly();
				throw new IllegalStateException("npm install %s took longer than %s".formatted(pkg, this.timeout));
			}
			if (process.exitValue() != 0) {
				throw new IllegalStateException(
						"npm install %s exited with %d: %s".formatted(pkg, process.exitValue(), tail(log)));
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot run %s: %s".formatted(this.npm.get(0), ex.getMessage()), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("npm install %s was interrupted".formatted(pkg), ex);
		}
		finally {
			deleteRecursively(log);
		}
	}

	private static Path createStaging(Path target) {
		try {
			Files.createDirectories(target.getParent());
			return Files.createTempDirectory(target.getParent(), "." + target.getFileName() + "-");
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot create %s: %s".formatted(target.getParent(), ex.getMessage()), ex);
		}
	}

	private static void moveIntoPlace(Path staging, Path target) {
		try {
			Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
		}
		catch (FileAlreadyExistsException ex) {
			// Another instance installed it meanwhile; its copy is as good as ours.
		}
		catch (AtomicMoveNotSupportedException ex) {
			throw new IllegalStateException("cannot move %s into place atomically".formatted(target), ex);
		}
		catch (IOException ex) {
			if (!Files.isDirectory(target)) {
				throw new UncheckedIOException("cannot move %s into place".formatted(target), ex);
			}
		}
	}

	private static String tail(Path log) throws IOException {
		List<String> lines = Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
		return String.join(" | ", lines.subList(Math.max(0, lines.size() - OUTPUT_LINES), lines.size())).strip();
	}

	private static void deleteRecursively(Path path) {
		if (!Files.exists(path)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(path)) {
			paths.sorted(Comparator.reverseOrder()).forEach((entry) -> entry.toFile().delete());
		}
		catch (IOException ex) {
			// Best effort: a leftover temporary folder never looks installed.
		}
	}

}
