package io.github.lazymcp.samples.web;

import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The page in a real headless Chromium (Debian's {@code chromium} package, driven by
 * Playwright, which never downloads a browser): typing a request loads a capability's
 * tools, and the panel shows them, the count against the cap, the request's tool tokens,
 * and the evictions once a second capability passes the cap. Skipped where Chromium is
 * not installed, unless {@code LAZYMCP_REQUIRE_CHROMIUM=true} (set by {@code .ci/run}) or
 * {@code -Dlazymcp.requireChromium=true}.
 */
// Proactive attach off: the panel counts asserted here are the capabilities' tools alone.
// A second copy of server-everything, "remote", gives the catalog report confusable tools
// to show.
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "tools.lazy-mcp.proactive.enabled=false",
				"spring.ai.mcp.client.stdio.connections.remote.command=${sample.mcp-bin}/mcp-server-everything",
				"spring.ai.mcp.client.stdio.connections.remote.args=stdio" })
class WebSampleBrowserTests {

	private static final Path SCREENSHOT = Path.of("target", "web-sample-panel.png");

	@Value("${local.server.port}")
	int port;

	private @Nullable Chromium chromium;

	private Page page;

	@BeforeEach
	void openBrowser(@TempDir Path userDataDir) {
		this.chromium = Chromium.start("WebSampleBrowserTests");
		this.page = this.chromium.browser(userDataDir).newPage();
	}

	@AfterEach
	void closeBrowser() {
		if (this.chromium != null) {
			this.chromium.close();
		}
	}

	@Test
	void typingARequestShowsTheActivatedToolsInThePanel() throws Exception {
		this.page.navigate("http://127.0.0.1:" + this.port + "/");
		Locator count = this.page.locator("#active-count");
		assertThat(count).hasText("0/12");
		String conversation = this.page.locator("#conversation-id").textContent();

		send("Remember that my sister's name is Clara.", 1);

		assertThat(count).hasText("9/12");
		assertThat(this.page.locator("#active-tools .name").first()).hasText("memory__create_entities");
		assertThat(
				this.page.locator("#capabilities li", new Page.LocatorOptions().setHasText("memory")).locator(".badge"))
			.hasText("enabled here");
		assertThat(this.page.locator("#requests tbody tr td")).hasText(row(requests(conversation).get(0)));

		send("Which files are in this directory?", 2);

		assertThat(count).hasText("12/12");
		assertThat(this.page.locator("#active-tools")).containsText("filesystem__list_directory");
		JsonNode second = requests(conversation).get(1);
		assertThat(this.page.locator("#evictions .name"))
			.hasText(second.get("dropped").valueStream().map(JsonNode::asString).toArray(String[]::new));
		assertThat(this.page.locator("#evictions .name").first()).hasText("memory__create_entities");
		assertThat(this.page.locator("#requests tbody tr").first().locator("td")).hasText(row(second));

		// The catalog report, once computed, as the endpoint gives it (the page reads it
		// on load).
		JsonNode report = catalogReport();
		org.assertj.core.api.Assertions.assertThat(report.at("/catalog/confusable").findValuesAsString("second"))
			.contains("remote__echo");
		this.page.navigate("http://127.0.0.1:" + this.port + "/?conversation=" + conversation);
		assertThat(this.page.locator("#catalog-summary")).hasText(summary(report));
		int findings = shown(report.at("/catalog/confusable")) + shown(report.at("/catalog/notFoundByOwnText"))
				+ shown(report.at("/catalog/undescribed")) + shown(report.at("/usage/foundNeverCalled"))
				+ shown(report.at("/usage/calledWithoutSearch"));
		if (findings == 0) {
			assertThat(this.page.locator("#catalog-findings li")).hasText("nothing to fix");
		}
		else {
			assertThat(this.page.locator("#catalog-findings li .note")).hasCount(findings);
		}
		Files.createDirectories(SCREENSHOT.getParent());
		this.page.screenshot(new Page.ScreenshotOptions().setPath(SCREENSHOT).setFullPage(true));
	}

	/** The panel's summary line of a ready report. */
	private static String summary(JsonNode report) {
		JsonNode catalog = report.get("catalog");
		JsonNode usage = report.get("usage");
		return "Catalog of %s: %s, %d not found by their own text, %d without a description. Searches: %d, %d found nothing; %s found but never called, %d called without a search."
			.formatted(plural(catalog.get("tools").asInt(), "deferred tool"),
					plural(catalog.get("confusable").size(), "confusable pair"),
					catalog.get("notFoundByOwnText").size(), catalog.get("undescribed").size(),
					usage.get("searches").asLong(), usage.get("foundNothing").asLong(),
					plural(usage.get("foundNeverCalled").size(), "tool"), usage.get("calledWithoutSearch").size());
	}

	/** How many findings of a kind the panel lists: the first three. */
	private static int shown(JsonNode findings) {
		return Math.min(3, findings.size());
	}

	private static String plural(long count, String noun) {
		return count + " " + noun + ((count == 1) ? "" : "s");
	}

	private JsonNode catalogReport() throws Exception {
		HttpClient http = HttpClient.newHttpClient();
		HttpRequest request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/actuator/mcpcatalog"))
			.build();
		AtomicReference<JsonNode> report = new AtomicReference<>();
		await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
			report.set(JsonMapper.shared().readTree(http.send(request, HttpResponse.BodyHandlers.ofString()).body()));
			org.assertj.core.api.Assertions.assertThat(report.get().get("status").asString()).isEqualTo("READY");
		});
		return report.get();
	}

	private void send(String message, int answers) {
		this.page.locator("#message").fill(message);
		this.page.locator("#message").press("Enter");
		assertThat(this.page.locator("#messages li.assistant")).hasCount(answers);
	}

	/**
	 * A request's row as the panel should show it: number, tools, tokens, eager, saved.
	 */
	private static String[] row(JsonNode request) {
		long tokens = request.get("tokens").asLong();
		long eager = request.get("eagerTokens").asLong();
		return new String[] { request.get("number").asString(), String.valueOf(request.get("tools").size()),
				String.valueOf(tokens), String.valueOf(eager), Math.round(100 * (1 - (double) tokens / eager)) + "%" };
	}

	private JsonNode requests(String conversation) throws Exception {
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest
				.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/chat/" + conversation + "/requests"))
				.build(), HttpResponse.BodyHandlers.ofString());
		return JsonMapper.shared().readTree(response.body());
	}

}
