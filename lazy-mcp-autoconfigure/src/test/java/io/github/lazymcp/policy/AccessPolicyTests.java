package io.github.lazymcp.policy;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.github.lazymcp.activation.MutableClock;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import io.github.lazymcp.catalog.CatalogTool;
import io.github.lazymcp.policy.PolicySettings.AccessPolicy;
import io.github.lazymcp.policy.internal.AccessPolicies;
import org.junit.jupiter.api.Test;

import org.springframework.ai.tool.definition.DefaultToolDefinition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class AccessPolicyTests {

	private final AccessPolicy tenant = new AccessPolicy("tenant", List.of("filesystem__*", "memory__read_*"),
			List.of("filesystem__write_*"));

	@Test
	void allowsWhatAnAllowPatternMatchesAndNoDenyPatternDoes() {
		assertThat(this.tenant.allows("filesystem__read_file")).isTrue();
		assertThat(this.tenant.allows("memory__read_graph")).isTrue();
		assertThat(this.tenant.allows("filesystem__write_file")).isFalse();
		assertThat(this.tenant.allows("memory__create_entities")).isFalse();
		assertThat(this.tenant.allows("github__create_issue")).isFalse();
	}

	@Test
	void anEmptyAllowListAllowsEverythingNotDenied() {
		AccessPolicy open = new AccessPolicy("open", List.of(), List.of("memory__*"));

		assertThat(open.allows("filesystem__read_file")).isTrue();
		assertThat(open.allows("memory__read_graph")).isFalse();
	}

	@Test
	void aServerIsDeniedWhenNothingItCouldOfferIsAllowed() {
		assertThat(new AccessPolicy("p", List.of(), List.of("memory__*")).deniesServer("memory")).isTrue();
		assertThat(new AccessPolicy("p", List.of(), List.of("*")).deniesServer("memory")).isTrue();
		assertThat(this.tenant.deniesServer("github")).isTrue();
		assertThat(this.tenant.deniesServer("memory")).isFalse();
		assertThat(new AccessPolicy("p", List.of("*__read_file"), List.of()).deniesServer("memory")).isFalse();
		assertThat(new AccessPolicy("p", List.of(), List.of("memory__delete_*")).deniesServer("memory")).isFalse();
	}

	@Test
	void aSessionRunsUnderThePolicyItsHandleCarries() {
		AccessPolicies policies = new AccessPolicies(
				new PolicySettings(Map.of("tenant", this.tenant), null, "lazy_mcp_policy"));
		ToolSession session = SessionStore
			.inMemory(new SessionSettings(4, 10, Duration.ofHours(1), Duration.ofMinutes(1)),
					MutableClock.startingAt("2026-11-23T10:00:00Z"))
			.session("s");

		assertThat(policies.hidden(session, session.state(), tool("memory__create_entities"))).isNull();
		assertThat(policies.hidden(session.withPolicy("tenant"), session.state(), tool("memory__create_entities")))
			.contains("access policy 'tenant'");
	}

	@Test
	void anUnknownPolicyIsAnErrorNeverAllowEverything() {
		AccessPolicies policies = new AccessPolicies(
				new PolicySettings(Map.of("tenant", this.tenant), "tenant", "lazy_mcp_policy"));

		assertThat(policies.choose(null)).isEqualTo("tenant");
		assertThat(policies.choose("tenant")).isEqualTo("tenant");
		assertThatExceptionOfType(AccessPolicies.UnknownPolicyException.class)
			.isThrownBy(() -> policies.choose("tenant-b"))
			.withMessageContaining("'tenant-b'")
			.withMessageContaining("[tenant]");
	}

	@Test
	void annotationRulesReadMissingHintsAsTheSpecificationDoes() {
		AccessPolicy readOnly = new AccessPolicy("read-only", List.of(), List.of(),
				new PolicySettings.AnnotationRules(true, null, null, null));
		AccessPolicy noDestruction = new AccessPolicy("no-destruction", List.of(), List.of(),
				new PolicySettings.AnnotationRules(null, false, null, null));
		CatalogTool reads = tool("fs__read", new CatalogTool.Annotations(true, null, null, null));
		CatalogTool creates = tool("fs__mkdir", new CatalogTool.Annotations(false, false, true, false));
		CatalogTool undeclared = tool("fs__anything", CatalogTool.Annotations.UNDECLARED);

		assertThat(readOnly.refuses(reads)).isNull();
		assertThat(readOnly.refuses(creates))
			.isEqualTo("the access policy 'read-only' allows only tools that declare readOnlyHint: true");
		assertThat(readOnly.refuses(undeclared)).isNotNull();
		assertThat(noDestruction.refuses(reads)).isNull();
		assertThat(noDestruction.refuses(creates)).isNull();
		assertThat(noDestruction.refuses(undeclared)).isEqualTo(
				"the access policy 'no-destruction' allows only tools that are read-only or declare destructiveHint: false");
	}

	@Test
	void aToolTheNamesDenyIsRefusedForItsNameFirst() {
		AccessPolicy policy = new AccessPolicy("p", List.of(), List.of("fs__*"),
				new PolicySettings.AnnotationRules(true, null, null, null));

		assertThat(policy.refuses(tool("fs__read", new CatalogTool.Annotations(true, null, null, null))))
			.isEqualTo("the access policy 'p' does not allow it");
	}

	@Test
	void undeclaredHintsMeanNotReadOnlyPossiblyDestructiveNotIdempotentOpenWorld() {
		CatalogTool.Annotations none = CatalogTool.Annotations.UNDECLARED;
		CatalogTool.Annotations readOnly = new CatalogTool.Annotations(true, true, false, false);

		assertThat(none.declared()).isFalse();
		assertThat(none.readOnly()).isFalse();
		assertThat(none.destructive()).isTrue();
		assertThat(none.idempotent()).isFalse();
		assertThat(none.openWorld()).isTrue();
		assertThat(readOnly.destructive()).as("destructiveHint means nothing for a read-only tool").isFalse();
		assertThat(readOnly.idempotent()).isTrue();
		assertThat(readOnly.openWorld()).isFalse();
	}

	@Test
	void aDefaultPolicyMustBeConfigured() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new PolicySettings(Map.of("tenant", this.tenant), "other", "lazy_mcp_policy"))
			.withMessageContaining("'other'");
	}

	private static CatalogTool tool(String name) {
		return tool(name, CatalogTool.Annotations.UNDECLARED);
	}

	private static CatalogTool tool(String name, CatalogTool.Annotations annotations) {
		String server = name.substring(0, name.indexOf("__"));
		return new CatalogTool(name, server, name.substring(name.indexOf("__") + 2), null, annotations,
				DefaultToolDefinition.builder().name(name).description("d").inputSchema("{}").build(), 1, false, null);
	}

}
