package io.github.lazymcp.autoconfigure;

import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Defaults lazy-mcp adds to an application's environment, below every property source of
 * the application's own, so that any of them wins.
 * <p>
 * The one default today quiets DJL's CUDA probe
 * ({@code logging.level.ai.djl.util.cuda.CudaUtils=error}). The Hugging Face tokenizer
 * lazy-mcp embeds with asks DJL which native flavour to load; on a machine with a CUDA
 * runtime but no GPU, DJL then logs "Failed to detect GPU count" twice at WARN. lazy-mcp
 * runs its models on the CPU whatever the machine has, so the probe's outcome never
 * applies to it.
 */
final class LazyMcpEnvironmentDefaults implements EnvironmentPostProcessor {

	/** The name of the property source that holds the defaults. */
	static final String SOURCE = "lazyMcpDefaults";

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		environment.getPropertySources()
			.addLast(new MapPropertySource(SOURCE, Map.of("logging.level.ai.djl.util.cuda.CudaUtils", "error")));
	}

}
