package io.github.lazymcp.health.internal;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import io.modelcontextprotocol.client.transport.HttpRequestSnapshot;
import io.modelcontextprotocol.spec.McpTransportException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One reading of a server's refusal of a request's credentials, for the supervisor and
 * the capability pool alike: the Streamable HTTP transport's exception with its status
 * and challenge, and the SSE transport's words for a refused message and a refused
 * stream, anywhere in the chain of causes.
 */
class CredentialRefusalTests {

	@Test
	void readsTheStatusAndTheChallengeOfTheStreamableHttpTransportsRefusal() {
		RuntimeException failure = new IllegalStateException("call failed",
				refused(403, "Bearer error=\"insufficient_scope\", scope=\"notes:archive\""));

		assertThat(CredentialRefusal.of(failure))
			.isEqualTo(new CredentialRefusal(403, "Bearer error=\"insufficient_scope\", scope=\"notes:archive\""));
		assertThat(CredentialRefusal.of(refused(401, null))).satisfies((refusal) -> {
			assertThat(refusal.status()).isEqualTo(401);
			assertThat(refusal.unauthorized()).isTrue();
		});
	}

	@Test
	void readsTheSseTransportsWordsForARefusedMessageAndARefusedStream() {
		assertThat(CredentialRefusal.of(new RuntimeException("wrapped",
				new McpTransportException("Sending message failed with a non-OK HTTP code: 403 - Forbidden"))))
			.isEqualTo(new CredentialRefusal(403, null));
		assertThat(CredentialRefusal.of(new McpTransportException(
				"Invalid SSE response. Status code: 401 Line: {\"error\":\"invalid_token\"}")))
			.isEqualTo(new CredentialRefusal(401, null));
	}

	@Test
	void anythingElseIsNoRefusal() {
		assertThat(CredentialRefusal.of(new McpTransportException("Invalid SSE response. Status code: 500"))).isNull();
		assertThat(CredentialRefusal.of(new IllegalStateException("connection refused"))).isNull();
		assertThat(CredentialRefusal.of(refused(500, null))).isNull();
	}

	private static McpHttpClientTransportAuthorizationException refused(int status, String challenge) {
		HttpHeaders headers = HttpHeaders
			.of((challenge != null) ? Map.of("WWW-Authenticate", List.of(challenge)) : Map.of(), (name, value) -> true);
		HttpResponse.ResponseInfo info = new HttpResponse.ResponseInfo() {

			@Override
			public int statusCode() {
				return status;
			}

			@Override
			public HttpHeaders headers() {
				return headers;
			}

			@Override
			public HttpClient.Version version() {
				return HttpClient.Version.HTTP_1_1;
			}

		};
		return new McpHttpClientTransportAuthorizationException("Authorization error when sending message",
				new HttpRequestSnapshot(URI.create("http://127.0.0.1/mcp"), "POST",
						HttpHeaders.of(Map.of(), (name, value) -> true)),
				info);
	}

}
