package io.github.lazymcp.advisor.internal;

import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.identity.IdentityResolver;
import io.github.lazymcp.policy.PolicyResolver;
import io.github.lazymcp.policy.internal.AccessPolicies;
import io.github.lazymcp.tool.LazyMcpRequest;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SessionResolverTests {

	private final SessionStore store = SessionStore
		.inMemory(new SessionSettings(4, 100, Duration.ofHours(1), Duration.ofMinutes(1)), Clock.systemUTC());

	private final SessionResolver resolver = new SessionResolver(this.store,
			new LazyMcpRequest.Keys("conversation", "parent", "inherit"), AccessPolicies.NONE,
			PolicyResolver.parameter("policy"), IdentityResolver.NONE);

	@Test
	void theConversationIdNamesAStoredSession() {
		ToolSession session = this.resolver.resolve(context("conversation", "c1"));

		assertThat(session.id()).isEqualTo("c1");
		assertThat(this.store.find("c1")).containsSame(session);
	}

	@Test
	void withoutAConversationIdTheSessionIsNotStored() {
		ToolSession first = this.resolver.resolve(context());
		ToolSession blank = this.resolver.resolve(context("conversation", " "));

		assertThat(first).isNotSameAs(blank);
		assertThat(this.store.size()).isZero();
	}

	@Test
	void aSubAgentStartsFromASnapshotOfItsParent() {
		this.resolver.resolve(context("conversation", "parent-1")).activate(List.of("a", "b"));

		ToolSession child = this.resolver.resolve(context("conversation", "child-1", "parent", "parent-1"));
		child.activate(List.of("c"));

		assertThat(child.tools().names()).containsExactly("a", "b", "c");
		assertThat(this.store.find("parent-1").orElseThrow().tools().names()).containsExactly("a", "b");
	}

	@Test
	void aSubAgentCanOptOutOfItsParentsTools() {
		this.resolver.resolve(context("conversation", "parent-2")).activate(List.of("a"));

		ToolSession child = this.resolver
			.resolve(context("conversation", "child-2", "parent", "parent-2", "inherit", false));

		assertThat(child.tools().size()).isZero();
	}

	private static Map<String, @Nullable Object> context(Object... pairs) {
		Map<String, @Nullable Object> context = new HashMap<>();
		for (int i = 0; i < pairs.length; i += 2) {
			context.put((String) pairs[i], pairs[i + 1]);
		}
		return context;
	}

}
