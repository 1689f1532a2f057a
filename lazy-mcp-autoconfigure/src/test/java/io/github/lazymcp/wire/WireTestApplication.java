package io.github.lazymcp.wire;

import io.github.lazymcp.it.LazyMcpInspection;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;

/**
 * The wire tests' app: every auto-configuration on the test class path (Spring AI's MCP
 * client starting the npm reference servers of the test {@code application.yml}, tool
 * calling, the chat client, lazy-mcp), and no component scan. Each test class adds one
 * real provider chat model pointed at its fake server.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
@Import(LazyMcpInspection.class)
class WireTestApplication {

}
