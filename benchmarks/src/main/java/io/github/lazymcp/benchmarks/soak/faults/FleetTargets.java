package io.github.lazymcp.benchmarks.soak.faults;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.github.lazymcp.benchmarks.soak.fleet.AppInstance;
import io.github.lazymcp.benchmarks.soak.fleet.Fleet;
import io.github.lazymcp.benchmarks.soak.fleet.HttpMcpServer;
import io.github.lazymcp.benchmarks.soak.fleet.Processes;
import org.jspecify.annotations.Nullable;

/**
 * The fleet's processes as a {@link FaultRunner} acts on them.
 */
public final class FleetTargets implements FaultTargets {

	private final Fleet fleet;

	public FleetTargets(Fleet fleet) {
		this.fleet = fleet;
	}

	@Override
	public boolean killStdio(String server, String instance) {
		Optional<ProcessHandle> process = Processes.descendants(this.fleet.instance(instance).pid())
			.stream()
			.filter((child) -> Processes.commandLine(child).contains("/mcp-server-" + server))
			.findFirst();
		return process.map(ProcessHandle::destroyForcibly).orElse(false);
	}

	@Override
	public boolean killHttp(String server) {
		return http(server).kill();
	}

	@Override
	public void startHttp(String server) {
		http(server).start();
	}

	@Override
	public boolean stopDatabase() {
		return this.fleet.database().stop();
	}

	@Override
	public void startDatabase() {
		this.fleet.database().start();
	}

	@Override
	public void delay(String server, Duration delay) {
		if (!server.equals(this.fleet.remote().name())) {
			throw new IllegalArgumentException("Only '" + this.fleet.remote().name() + "' is behind the delay proxy");
		}
		this.fleet.proxy().delay(delay);
	}

	@Override
	public AppInstance.@Nullable Stopped stopInstance(String instance) {
		AppInstance app = this.fleet.instance(instance);
		return app.running() ? app.stop() : null;
	}

	@Override
	public void startInstance(String instance) {
		this.fleet.restart(this.fleet.instance(instance));
	}

	@Override
	public List<String> instances() {
		return this.fleet.instances().stream().map(AppInstance::name).toList();
	}

	private HttpMcpServer http(String server) {
		return server.equals(this.fleet.remote().name()) ? this.fleet.remote() : this.fleet.events();
	}

}
