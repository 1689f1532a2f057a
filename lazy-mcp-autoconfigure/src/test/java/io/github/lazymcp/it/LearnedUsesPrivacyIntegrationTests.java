package io.github.lazymcp.it;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Stream;
import javax.sql.DataSource;

import io.github.lazymcp.LazyMcp;
import io.github.lazymcp.LazyMcpFixtures;
import io.github.lazymcp.activation.Postgres;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.catalog.CatalogSnapshot;
import io.github.lazymcp.search.internal.FusionFit;
import io.github.lazymcp.tool.internal.ToolSearchService;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Users' requests never reach the embedding cache: on a real app (the npm servers, the
 * bundled model, PostgreSQL with the JDBC session store and the shared embedding table),
 * after more requests were learned than the fusion fit needs (so that learned uses vote
 * and are ranked by the fit), with proactive attach and capability routing embedding
 * every user message, the cache file and the {@code lazy_mcp_embedding} table hold
 * exactly the keys they held once the catalog was indexed, and nothing else.
 */
@SpringBootTest(classes = McpTestApplication.class,
		properties = { "tools.lazy-mcp.sessions.store=jdbc", "spring.datasource.username=postgres",
				"tools.lazy-mcp.proactive.enabled=true",
				"tools.lazy-mcp.capabilities.locations=classpath:capabilities-it/privacy/" })
class LearnedUsesPrivacyIntegrationTests extends RealMcpServers {

	/** More than the fit needs, so that the fit ranks every one of them. */
	private static final int LEARNED = 32;

	private static final String READ = "filesystem__read_text_file";

	private static final Path CACHE = cacheDirectory();

	@Autowired
	ChatClient.Builder builder;

	@Autowired
	ScriptedChatModel model;

	@Autowired
	LazyMcp lazyMcp;

	@Autowired
	SessionStore sessions;

	@Autowired
	DataSource database;

	@DynamicPropertySource
	static void storage(DynamicPropertyRegistry registry) {
		registry.add("spring.datasource.url", LearnedUsesPrivacyIntegrationTests::freshDatabase);
		registry.add("tools.lazy-mcp.search.embedding.cache-directory", CACHE::toString);
	}

	@Test
	void afterLearningRequestsTheCacheFileAndTheTableHoldExactlyTheCatalogsKeys() {
		assertThat(this.lazyMcp.indexed()).succeedsWithin(Duration.ofMinutes(2));
		this.model.reset();
		this.model.thenAnswer("Hello.");
		chat("Hello, who are you?", "privacy-greeting");
		awaitFullIndexOfTheCurrentCatalog();
		Set<String> catalog = fileKeys();
		assertThat(catalog).as("keys of the catalog's texts")
			.hasSizeGreaterThanOrEqualTo(this.lazyMcp.catalog().deferred().size());
		assertThat(tableKeys()).isEqualTo(catalog);

		String notes = WORKSPACE.resolve("notes.txt").toString();
		for (int i = 0; i < LEARNED; i++) {
			this.model.reset();
			this.model.thenCall("ToolSearch", "{\"query\": \"read text file number %d\"}".formatted(i))
				.thenCall(READ, "{\"path\": \"%s\"}".formatted(notes))
				.thenAnswer("It says pelican.");
			chat("Request %d: what does my notes file say about pelican %d?".formatted(i, i), "privacy-" + i);
		}
		await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
			search().search(this.sessions.ephemeral(), "read a text file", List.of());
			assertThat(search().learnedUses()).as("uses the index votes with").isEqualTo(LEARNED);
		});
		// The fit embeds learned requests too. It may have run on the first 30 or 31 of
		// them: it runs again only once a tenth of its requests are new.
		await().atMost(Duration.ofMinutes(2))
			.pollInterval(Duration.ofMillis(500))
			.untilAsserted(() -> assertThat(search().fusionFit()).get()
				.extracting(FusionFit.Result::requests)
				.satisfies((requests) -> assertThat(requests).isPositive().isLessThanOrEqualTo(LEARNED)));

		assertThat(LazyMcpFixtures.parts(this.lazyMcp).learning().reload().uses().get(READ)).hasSize(LEARNED);
		assertThat(fileKeys()).isEqualTo(catalog);
		assertThat(tableKeys()).isEqualTo(catalog);
	}

	private void awaitFullIndexOfTheCurrentCatalog() {
		await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(200)).until(() -> {
			CatalogSnapshot snapshot = this.lazyMcp.catalog();
			search().search(this.sessions.ephemeral(), "list files", List.of());
			return search().indexState().equals("ready") && this.lazyMcp.catalog() == snapshot;
		});
	}

	private ToolSearchService search() {
		return LazyMcpFixtures.parts(this.lazyMcp).search();
	}

	private void chat(String message, String conversation) {
		this.builder.build()
			.prompt()
			.user(message)
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, conversation))
			.call()
			.content();
	}

	private Set<String> tableKeys() {
		return new TreeSet<>(
				JdbcClient.create(this.database).sql("SELECT id FROM lazy_mcp_embedding").query(String.class).list());
	}

	/**
	 * The keys of every record of the cache files, read as the format is documented (in
	 * {@code EmbeddingFile}): a header (magic, version, model id), then records of a
	 * 32-byte key, a length, that many floats and a CRC.
	 */
	private static Set<String> fileKeys() {
		Set<String> keys = new TreeSet<>();
		try (Stream<Path> files = Files.list(CACHE)) {
			for (Path file : files.filter((path) -> path.toString().endsWith(".emb")).toList()) {
				try (InputStream bytes = Files.newInputStream(file); DataInputStream in = new DataInputStream(bytes)) {
					in.readInt();
					in.readInt();
					in.readUTF();
					readRecords(in, keys);
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return keys;
	}

	private static void readRecords(DataInputStream in, Set<String> keys) throws IOException {
		byte[] key = new byte[32];
		while (true) {
			try {
				in.readFully(key);
			}
			catch (EOFException ex) {
				return;
			}
			keys.add(HexFormat.of().formatHex(key));
			in.skipNBytes(in.readInt() * (long) Float.BYTES + Integer.BYTES);
		}
	}

	private static Path cacheDirectory() {
		try {
			return Files.createTempDirectory("lazy-mcp-privacy-cache");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String freshDatabase() {
		String name = "privacy_" + UUID.randomUUID().toString().replace("-", "");
		JdbcClient.create(Postgres.shared().dataSource()).sql("CREATE DATABASE " + name).update();
		return Postgres.shared().url().replace("/postgres", "/" + name);
	}

}
