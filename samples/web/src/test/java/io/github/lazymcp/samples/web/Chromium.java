package io.github.lazymcp.samples.web;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Debian's {@code chromium}, headless, driven by Playwright for Java, which never
 * downloads a browser (surefire sets {@code PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1}, and it
 * is passed to the driver too). Where Chromium is not installed a test that starts it is
 * skipped, unless {@code LAZYMCP_REQUIRE_CHROMIUM=true} (set by {@code .ci/run}) or
 * {@code -Dlazymcp.requireChromium=true} makes that a failure.
 */
final class Chromium implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(Chromium.class);

	private static final String INSTALL = "apt-get update && apt-get install -y chromium";

	// Without the networking flags Chromium stalls on a closed network.
	private static final List<String> FLAGS = List.of("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync");

	private final Path executable;

	private final Playwright playwright;

	private final List<BrowserContext> browsers = new ArrayList<>();

	private Chromium(Path executable) {
		this.executable = executable;
		this.playwright = Playwright
			.create(new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
		PlaywrightAssertions.setDefaultAssertionTimeout(30_000);
	}

	/**
	 * Starts Playwright with the system's Chromium, or skips (fails, where required) the
	 * calling test when there is none.
	 * @param test the test's name, for the skip's log line
	 * @return Playwright over Chromium
	 */
	static Chromium start(String test) {
		Optional<Path> executable = onPath("chromium");
		String missing = "Chromium is not installed; install it with: " + INSTALL;
		if (executable.isEmpty() && (Boolean.getBoolean("lazymcp.requireChromium")
				|| "true".equals(System.getenv("LAZYMCP_REQUIRE_CHROMIUM")))) {
			Assertions
				.fail(missing + " (this run requires Chromium: LAZYMCP_REQUIRE_CHROMIUM or lazymcp.requireChromium)");
		}
		if (executable.isEmpty()) {
			// Surefire does not print an assumption's message; the log line says why the
			// test was skipped.
			logger.warn(test + " skipped: " + missing);
		}
		Assumptions.assumeTrue(executable.isPresent(), missing);
		return new Chromium(executable.get());
	}

	/**
	 * A browser of its own: its own profile, so its own cookies and session.
	 * @param userDataDir an empty directory for the profile
	 * @return the browser
	 */
	BrowserContext browser(Path userDataDir) {
		// A persistent context is how Playwright takes a user-data dir.
		BrowserContext browser = this.playwright.chromium()
			.launchPersistentContext(userDataDir,
					new BrowserType.LaunchPersistentContextOptions().setExecutablePath(this.executable)
						.setHeadless(true)
						.setArgs(FLAGS)
						.setViewportSize(1400, 1000));
		this.browsers.add(browser);
		return browser;
	}

	@Override
	public void close() {
		this.browsers.forEach(BrowserContext::close);
		this.playwright.close();
	}

	private static Optional<Path> onPath(String command) {
		return Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
			.map((dir) -> Path.of(dir, command))
			.filter(Files::isExecutable)
			.findFirst();
	}

}
