package io.github.lazymcp.benchmarks.results;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The machine a run ran on, without its host name: latency figures depend on it, quality
 * figures should not.
 *
 * @param cpus the processors the JVM could use
 * @param cpu the CPU model, {@code unknown} when {@code /proc/cpuinfo} does not name it
 * @param memoryGb the machine's memory in GiB, rounded; -1 when unknown
 * @param java the Java version
 * @param os the operating system and architecture
 */
public record Machine(int cpus, String cpu, long memoryGb, String java, String os) {

	private static final double GIB = 1024.0 * 1024 * 1024;

	/**
	 * The machine this JVM runs on.
	 * @param cpuinfo the text of {@code /proc/cpuinfo}, empty when unreadable
	 * @return the machine
	 */
	static Machine current(String cpuinfo) {
		OperatingSystemMXBean system = ManagementFactory.getOperatingSystemMXBean();
		long memory = (system instanceof com.sun.management.OperatingSystemMXBean hotspot)
				? Math.round(hotspot.getTotalMemorySize() / GIB) : -1;
		return new Machine(Runtime.getRuntime().availableProcessors(), cpuModel(cpuinfo), memory,
				System.getProperty("java.version", RunHeader.UNKNOWN), System.getProperty("os.name", RunHeader.UNKNOWN)
						+ " " + System.getProperty("os.arch", RunHeader.UNKNOWN));
	}

	/**
	 * The first {@code model name} of {@code /proc/cpuinfo}.
	 * @param cpuinfo its text
	 * @return the model, or {@code unknown}
	 */
	static String cpuModel(String cpuinfo) {
		return cpuinfo.lines()
			.filter((line) -> line.startsWith("model name") && line.contains(":"))
			.map((line) -> line.substring(line.indexOf(':') + 1).strip())
			.findFirst()
			.orElse(RunHeader.UNKNOWN);
	}

	void into(ObjectNode node) {
		node.put("cpus", this.cpus);
		node.put("cpu", this.cpu);
		node.put("memoryGb", this.memoryGb);
		node.put("java", this.java);
		node.put("os", this.os);
	}

	static Machine of(JsonNode node) {
		return new Machine((int) Json.number(node, "cpus"), Json.text(node, "cpu"),
				(long) Json.number(node, "memoryGb"), Json.text(node, "java"), Json.text(node, "os"));
	}

}
