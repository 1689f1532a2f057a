package io.github.lazymcp.wire;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;

/**
 * The wire tests' app: every auto-configuration on the test class path (Spring AI's MCP
 * client starting the npm reference servers of the test {@code application.yml}, tool
 * calling, the chat client, lazy-mcp), and no component scan. Each test class adds one
 * real provider chat model pointed at its fake server.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
class WireTestApplication {

}
