package io.github.lazymcp.it;

import java.util.Arrays;
import java.util.List;

/**
 * The processes of one stdio server of one test, found by a marker among their arguments
 * rather than through a client: lazy-mcp may have reconnected the server, and then
 * another process serves it.
 */
public final class ServerProcesses {

	private ServerProcesses() {
	}

	/**
	 * The live descendants of this JVM that have the marker among their arguments.
	 * @param marker an argument only the test's server processes have
	 * @return the processes, possibly none
	 */
	public static List<ProcessHandle> withArgument(String marker) {
		return ProcessHandle.current()
			.descendants()
			.filter((process) -> process.info()
				.arguments()
				.map((arguments) -> Arrays.asList(arguments).contains(marker))
				.orElse(false))
			.toList();
	}

}
