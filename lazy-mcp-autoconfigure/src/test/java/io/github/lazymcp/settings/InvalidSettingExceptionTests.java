package io.github.lazymcp.settings;

import java.time.Duration;
import java.util.Map;

import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.health.HealthSettings;
import io.github.lazymcp.policy.PolicySettings;
import io.github.lazymcp.search.RankingSettings;
import io.github.lazymcp.tool.ToolSettings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A settings record that rejects a value says which component, which value and which
 * rule, as data and in its message.
 */
class InvalidSettingExceptionTests {

	@Test
	void namesTheComponentTheValueAndTheRule() {
		InvalidSettingException rejected = catchThrowableOfType(InvalidSettingException.class,
				() -> new SessionSettings(0, 10, Duration.ofHours(1), Duration.ofMinutes(1)));
		assertThat(rejected.component()).isEqualTo("maxActiveSchemas");
		assertThat(rejected.value()).isEqualTo(0);
		assertThat(rejected.rule()).isEqualTo("must be greater than 0");
		assertThat(rejected.related()).isNull();
		assertThat(rejected).hasMessage("maxActiveSchemas must be greater than 0 but was 0");
	}

	@Test
	void aMissingValueIsNamedWithoutAValue() {
		InvalidSettingException rejected = catchThrowableOfType(InvalidSettingException.class,
				() -> new SessionSettings(3, 10, null, Duration.ofMinutes(1)));
		assertThat(rejected.component()).isEqualTo("idleTimeout");
		assertThat(rejected.value()).isNull();
		assertThat(rejected).hasMessage("idleTimeout must be set");
	}

	@Test
	void aRuleRelatingTwoComponentsNamesTheOneToChangeAndMentionsTheOther() {
		InvalidSettingException rejected = catchThrowableOfType(InvalidSettingException.class,
				() -> new HealthSettings(Duration.ofSeconds(10), Duration.ofSeconds(5), Duration.ofSeconds(60),
						Duration.ofSeconds(5), Duration.ofSeconds(1), 0.2, Duration.ofSeconds(10)));
		assertThat(rejected.component()).isEqualTo("maxBackoff");
		assertThat(rejected.value()).isEqualTo(Duration.ofSeconds(1));
		assertThat(rejected.related()).isEqualTo("initialBackoff");
		assertThat(rejected.rule()).isEqualTo("must not be shorter than initialBackoff (PT5S)");
		assertThat(rejected).hasMessage("maxBackoff must not be shorter than initialBackoff (PT5S) but was PT1S");
	}

	@Test
	void namesComponentsAsItIsToldInRuleAndDescription() {
		InvalidSettingException rejected = catchThrowableOfType(InvalidSettingException.class,
				() -> ToolSettings.DEFAULTS.withLimits(8, 4));
		assertThat(rejected.component()).isEqualTo("defaultLimit");
		assertThat(rejected.rule((component) -> "<" + component + ">"))
			.isEqualTo("must not be greater than <maxLimit> (4)");
		assertThat(rejected.describe((component) -> "<" + component + ">"))
			.isEqualTo("<defaultLimit> must not be greater than <maxLimit> (4) but was 8");
	}

	@Test
	void quotesATextValue() {
		InvalidSettingException rejected = catchThrowableOfType(InvalidSettingException.class,
				() -> new PolicySettings(Map.of(), "tenant", "lazy_mcp_policy"));
		assertThat(rejected.component()).isEqualTo("defaultPolicy");
		assertThat(rejected).hasMessage("defaultPolicy must name one of the policies [] but was 'tenant'");
	}

	@Test
	void eachWeightIsCheckedOnItsOwn() {
		InvalidSettingException rejected = catchThrowableOfType(InvalidSettingException.class,
				() -> new RankingSettings(RankingSettings.Strategy.HYBRID, 0.2, 0.26, 0.1, 0.5, 0.8, 2, 1, -1, 40, 50,
						1.5, 0.75, true, 5, 0.25));
		assertThat(rejected.component()).isEqualTo("serverWeight");
		assertThat(rejected).hasMessage("serverWeight must not be negative but was -1.0");
	}

}
