package io.github.lazymcp.samples.chat;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A chat app backed by four real MCP servers (everything, filesystem, memory,
 * sequential-thinking), whose tool schemas lazy-mcp keeps out of the prompt until the
 * model searches for them.
 */
@SpringBootApplication
public class ChatSampleApplication {

	public static void main(String[] args) {
		SpringApplication.run(ChatSampleApplication.class, args);
	}

}
