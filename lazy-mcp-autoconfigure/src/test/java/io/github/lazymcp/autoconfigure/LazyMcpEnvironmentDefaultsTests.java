package io.github.lazymcp.autoconfigure;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

class LazyMcpEnvironmentDefaultsTests {

	private static final String CUDA_PROBE = "logging.level.ai.djl.util.cuda.CudaUtils";

	@Test
	void quietsTheCudaProbeByDefault() {
		StandardEnvironment environment = new StandardEnvironment();

		new LazyMcpEnvironmentDefaults().postProcessEnvironment(environment, new SpringApplication());

		assertThat(environment.getProperty(CUDA_PROBE)).isEqualTo("error");
	}

	@Test
	void everyPropertySourceOfTheApplicationWins() {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addLast(new MapPropertySource("application", Map.of(CUDA_PROBE, "warn")));

		new LazyMcpEnvironmentDefaults().postProcessEnvironment(environment, new SpringApplication());

		assertThat(environment.getProperty(CUDA_PROBE)).isEqualTo("warn");
		assertThat(environment.getPropertySources().stream().reduce((first, second) -> second).orElseThrow().getName())
			.isEqualTo(LazyMcpEnvironmentDefaults.SOURCE);
	}

}
