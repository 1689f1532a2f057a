package io.github.lazymcp.benchmarks.soak.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What Linux says about a process: its threads and open file descriptors (from
 * {@code /proc}), and its descendants.
 */
public final class Processes {

	private Processes() {
	}

	/**
	 * The process's threads, JVM-internal ones included.
	 * @param pid the process
	 * @return the {@code Threads:} line of {@code /proc/<pid>/status}, or -1 when the
	 * process is gone
	 */
	static int threads(long pid) {
		try (Stream<String> lines = Files.lines(Path.of("/proc", Long.toString(pid), "status"))) {
			return lines.filter((line) -> line.startsWith("Threads:"))
				.map((line) -> Integer.parseInt(line.substring("Threads:".length()).trim()))
				.findFirst()
				.orElse(-1);
		}
		catch (IOException | RuntimeException ex) {
			return -1;
		}
	}

	/**
	 * The process's open file descriptors.
	 * @param pid the process
	 * @return the entries of {@code /proc/<pid>/fd}, or -1 when the process is gone
	 */
	static int fileDescriptors(long pid) {
		try (Stream<Path> entries = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
			return (int) entries.count();
		}
		catch (IOException | RuntimeException ex) {
			return -1;
		}
	}

	/**
	 * The process's live descendants, children and theirs.
	 * @param pid the process
	 * @return the descendants, empty when the process is gone
	 */
	public static List<ProcessHandle> descendants(long pid) {
		return ProcessHandle.of(pid).map((process) -> process.descendants().toList()).orElse(List.of());
	}

	/**
	 * The command line of a process, as {@code /proc/<pid>/cmdline} has it.
	 * @param process the process
	 * @return its arguments joined by spaces, empty when it is gone
	 */
	public static String commandLine(ProcessHandle process) {
		try {
			byte[] bytes = Files.readAllBytes(Path.of("/proc", Long.toString(process.pid()), "cmdline"));
			return new String(bytes, java.nio.charset.StandardCharsets.UTF_8).replace('\0', ' ').trim();
		}
		catch (IOException ex) {
			return "";
		}
	}

}
