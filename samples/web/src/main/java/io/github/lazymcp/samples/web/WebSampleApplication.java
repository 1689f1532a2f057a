package io.github.lazymcp.samples.web;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A chat page next to a live panel of what lazy-mcp did for the conversation: the tools
 * it loaded against the cap, what it evicted, the capabilities it enabled, and what each
 * model request carried in tool schemas compared with loading every tool.
 */
@SpringBootApplication
public class WebSampleApplication {

	public static void main(String[] args) {
		SpringApplication.run(WebSampleApplication.class, args);
	}

}
