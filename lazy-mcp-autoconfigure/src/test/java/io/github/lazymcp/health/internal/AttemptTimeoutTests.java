package io.github.lazymcp.health.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class AttemptTimeoutTests {

	private final AtomicLong nanos = new AtomicLong();

	private final AttemptTimeout attempts = new AttemptTimeout(Duration.ofSeconds(10), Duration.ofSeconds(60),
			this.nanos::get);

	private final List<Duration> given = new ArrayList<>();

	@Test
	void aProcessThatRunsOutOfTimeGetsTwiceAsLongEachTimeUpToTheLongest() {
		for (int i = 0; i < 5; i++) {
			timesOut(true);
		}
		succeeds(true);

		assertThat(this.given).extracting(Duration::toSeconds).containsExactly(10L, 20L, 40L, 60L, 60L, 60L);
	}

	@Test
	void aSuccessfulAttemptStartsAgainFromTheReconnectTimeout() {
		timesOut(true);
		timesOut(true);
		succeeds(true);
		succeeds(true);

		assertThat(this.given).extracting(Duration::toSeconds).containsExactly(10L, 20L, 40L, 10L);
	}

	@Test
	void anAttemptThatFailsBeforeItsTimeIsUpDoesNotGrowIt() {
		refused(true);
		refused(true);
		succeeds(true);

		assertThat(this.given).extracting(Duration::toSeconds).containsExactly(10L, 10L, 10L);
	}

	@Test
	void anAttemptOverTheNetworkKeepsTheReconnectTimeout() {
		timesOut(false);
		timesOut(false);
		succeeds(true);

		assertThat(this.given).extracting(Duration::toSeconds).containsExactly(10L, 10L, 10L);
	}

	@Test
	void onlyAStdioTransportStartsAProcessWrappedOrNot() {
		StdioClientTransport stdio = new StdioClientTransport(ServerParameters.builder("node").build(),
				McpJsonDefaults.getMapper());
		HttpClientStreamableHttpTransport http = HttpClientStreamableHttpTransport.builder("http://localhost:1")
			.build();

		assertThat(AttemptTimeout.startsProcess(stdio)).isTrue();
		assertThat(AttemptTimeout.startsProcess(GuardedTransport.of(SerializedTransport.of(stdio)))).isTrue();
		assertThat(AttemptTimeout.startsProcess(GuardedTransport.of(SerializedTransport.of(http)))).isFalse();
		assertThat(AttemptTimeout.startsProcess(http)).isFalse();
	}

	private void timesOut(boolean startsProcess) {
		assertThatIllegalStateException().isThrownBy(() -> this.attempts.run(startsProcess, (timeout) -> {
			this.given.add(timeout);
			this.nanos.addAndGet(timeout.toNanos());
			throw new IllegalStateException("no answer to the MCP handshake");
		}));
	}

	private void refused(boolean startsProcess) {
		assertThatIllegalStateException().isThrownBy(() -> this.attempts.run(startsProcess, (timeout) -> {
			this.given.add(timeout);
			this.nanos.addAndGet(Duration.ofMillis(5).toNanos());
			throw new IllegalStateException("Connection refused");
		}));
	}

	private void succeeds(boolean startsProcess) {
		String made = this.attempts.run(startsProcess, (timeout) -> {
			this.given.add(timeout);
			this.nanos.addAndGet(Duration.ofSeconds(1).toNanos());
			return "client";
		});
		assertThat(made).isEqualTo("client");
	}

}
