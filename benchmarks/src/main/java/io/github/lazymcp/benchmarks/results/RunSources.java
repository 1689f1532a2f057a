package io.github.lazymcp.benchmarks.results;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Properties;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;

/**
 * Where a run's header reads what it does not get from the command line; tests give their
 * own.
 *
 * @param clock the start date
 * @param load the 1-minute load average, negative when unknown; never throws
 * @param cpuinfo the text of {@code /proc/cpuinfo}, empty when unreadable
 * @param git the jar's {@code git.properties}, empty when it has none
 */
public record RunSources(Clock clock, DoubleSupplier load, Supplier<String> cpuinfo, Supplier<Properties> git) {

	/**
	 * Where the harness's jar writes the commit it was built from: its own path, so that
	 * no dependency's {@code git.properties} collides with it in the shaded jar.
	 */
	public static final String GIT_PROPERTIES = "/io/github/lazymcp/benchmarks/git.properties";

	/**
	 * This machine and this jar: UTC, {@code /proc/loadavg} (or the JVM's load average
	 * off Linux), {@code /proc/cpuinfo} and {@link #GIT_PROPERTIES}.
	 * @return the sources
	 */
	public static RunSources system() {
		return new RunSources(Clock.systemUTC(), () -> loadAverage(Path.of("/proc/loadavg")),
				() -> readOrEmpty(Path.of("/proc/cpuinfo")), () -> properties(GIT_PROPERTIES));
	}

	/**
	 * The first field of a {@code /proc/loadavg}, or the JVM's load average when the file
	 * cannot be read.
	 * @param loadavg the file
	 * @return the 1-minute load average, negative when unknown
	 */
	static double loadAverage(Path loadavg) {
		try {
			return Double.parseDouble(Files.readString(loadavg).strip().split("\\s+")[0]);
		}
		catch (IOException | RuntimeException ex) {
			return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
		}
	}

	private static String readOrEmpty(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException | RuntimeException ex) {
			return "";
		}
	}

	/**
	 * A properties resource of the class path.
	 * @param resource its absolute name
	 * @return its properties, empty when there is no such resource
	 */
	static Properties properties(String resource) {
		Properties properties = new Properties();
		try (InputStream in = RunSources.class.getResourceAsStream(resource)) {
			if (in != null) {
				properties.load(in);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read " + resource, ex);
		}
		return properties;
	}

}
