package io.github.lazymcp.capability.internal.toolchain;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import io.github.lazymcp.capability.internal.definition.NpmPackage;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/*
 * Each package lives in its own npm prefix, <directory>/npm/<name>@<version>, which only
 * ever appears whole: npm installs into a fresh temporary prefix beside it, and the
 * temporary prefix is renamed into place once npm succeeded and the package is where it
 * should be. A failed or interrupted install leaves only a temporary folder, removed at
 * once, and never a prefix that looks installed.
 *
 * No lock is shared between packages: two conversations needing the same package wait
 * for one install (the in-flight future), everything else goes ahead.
 */

/**
 * The packages of toolchain capabilities: which are installed, where, and installing the
 * missing ones when installs are allowed.
 */
public final class Toolchains {

	private static final Log logger = LogFactory.getLog(Toolchains.class);

	private final Path directory;

	private final boolean installs;

	private final NpmInstaller installer;

	private final Map<NpmPackage, CompletableFuture<Path>> inFlight = new ConcurrentHashMap<>();

	/**
	 * Creates the toolchains.
	 * @param directory where packages are installed; created when the first is
	 * @param installs whether missing packages may be installed
	 * @param timeout how long one npm install may take
	 */
	public Toolchains(Path directory, boolean installs, Duration timeout) {
		this(directory, installs, timeout, List.of("npm"));
	}

	/**
	 * Creates the toolchains with another npm command.
	 * @param directory where packages are installed; created when the first is
	 * @param installs whether missing packages may be installed
	 * @param timeout how long one npm install may take
	 * @param npm the npm command and any leading arguments, e.g.
	 * {@code [/opt/node/bin/npm]}
	 */
	public Toolchains(Path directory, boolean installs, Duration timeout, List<String> npm) {
		this.directory = directory.toAbsolutePath();
		this.installs = installs;
		this.installer = new NpmInstaller(npm, timeout);
	}

	/**
	 * Where a package is, or would be, installed: its npm prefix, whose
	 * {@code node_modules/.bin} holds its executables.
	 * @param pkg the package
	 * @return the prefix
	 */
	public Path prefix(NpmPackage pkg) {
		return this.directory.resolve("npm").resolve(pkg.name().replace('/', '+') + "@" + pkg.version());
	}

	/**
	 * Whether the package is installed at its exact version.
	 * @param pkg the package
	 * @return true when it is
	 */
	public boolean isInstalled(NpmPackage pkg) {
		return installedIn(prefix(pkg), pkg);
	}

	/**
	 * Makes every package available: nothing to do for installed ones; the others are
	 * installed when installs are allowed, otherwise reported missing. Blocks the calling
	 * thread only, and only while a package it needs is being installed.
	 * @param packages the packages of one capability
	 * @return the prefixes of all packages, or why they are not all available
	 */
	public Outcome ensure(List<NpmPackage> packages) {
		List<NpmPackage> missing = packages.stream().filter((pkg) -> !isInstalled(pkg)).toList();
		if (!missing.isEmpty() && !this.installs) {
			return new Outcome.Missing(missing);
		}
		for (NpmPackage pkg : missing) {
			try {
				install(pkg).join();
			}
			catch (RuntimeException ex) {
				Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
				return new Outcome.Failed(pkg, Objects.requireNonNullElse(cause.getMessage(), cause.toString()));
			}
		}
		Map<NpmPackage, Path> prefixes = new LinkedHashMap<>();
		packages.forEach((pkg) -> prefixes.put(pkg, prefix(pkg)));
		return new Outcome.Ready(prefixes);
	}

	/**
	 * Installs the package on the calling thread, or joins the install another thread
	 * already runs.
	 */
	private CompletableFuture<Path> install(NpmPackage pkg) {
		CompletableFuture<Path> future = new CompletableFuture<>();
		CompletableFuture<Path> running = this.inFlight.putIfAbsent(pkg, future);
		if (running != null) {
			return running;
		}
		try {
			Path target = prefix(pkg);
			if (!installedIn(target, pkg)) {
				logger.info("Installing npm package %s into %s".formatted(pkg, target));
				this.installer.install(pkg, target, (prefix) -> installedIn(prefix, pkg));
			}
			future.complete(target);
		}
		catch (RuntimeException ex) {
			logger.warn("Installing npm package %s failed: %s".formatted(pkg, ex.getMessage()));
			future.completeExceptionally(ex);
		}
		finally {
			this.inFlight.remove(pkg, future);
		}
		return future;
	}

	private static boolean installedIn(Path prefix, NpmPackage pkg) {
		Path manifest = prefix.resolve("node_modules").resolve(pkg.name()).resolve("package.json");
		if (!Files.isRegularFile(manifest)) {
			return false;
		}
		JsonNode version = JsonMapper.shared().readTree(manifest.toFile()).get("version");
		return version != null && pkg.version().equals(version.asString());
	}

	/**
	 * What {@link #ensure} found.
	 */
	public sealed interface Outcome {

		/**
		 * Every package is installed.
		 *
		 * @param prefixes each package's npm prefix
		 */
		record Ready(Map<NpmPackage, Path> prefixes) implements Outcome {

			public Ready {
				prefixes = Map.copyOf(prefixes);
			}

		}

		/**
		 * Packages are missing and installs are off.
		 *
		 * @param packages the missing packages
		 */
		record Missing(List<NpmPackage> packages) implements Outcome {

			public Missing {
				packages = List.copyOf(packages);
			}

			/**
			 * The packages as specs.
			 * @return e.g. {@code is-number@7.0.0, left-pad@1.3.0}
			 */
			public String specs() {
				return this.packages.stream().map(NpmPackage::toString).collect(Collectors.joining(", "));
			}

		}

		/**
		 * An install failed; nothing of it was kept.
		 *
		 * @param pkg the package whose install failed
		 * @param reason why, with npm's last output lines
		 */
		record Failed(NpmPackage pkg, String reason) implements Outcome {

		}

	}

}
