package io.github.lazymcp.benchmarks.results;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.regex.Pattern;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Where the figures of a results file come from: the command as typed, the commit the jar
 * was built from, when the run started, the machine's load while it ran, and the machine.
 * A doc prints it under each generated table ({@link #provenance()}), so a reader can
 * tell which figures are current and which were taken on a busy machine.
 *
 * @param command the arguments as typed, without {@code --results FILE}, absolute paths
 * rewritten relative to the working directory (no machine path reaches a doc)
 * @param commit the jar's commit, 40 hex digits, or {@code unknown} without
 * {@code git.properties}
 * @param dirty whether the jar was built from a tree with uncommitted changes; false when
 * unknown
 * @param date when the run started, in UTC, to the second
 * @param load the machine's load while the run ran
 * @param machine what it ran on
 */
public record RunHeader(String command, String commit, boolean dirty, Instant date, Load load, Machine machine) {

	/** What a field is when its source is not there. */
	public static final String UNKNOWN = "unknown";

	private static final Pattern PLAIN_WORD = Pattern.compile("[\\w./=,:@%+-]+");

	/**
	 * Starts a run: reads the date and the load now and starts the load sampler, which
	 * {@link Started#finish()} stops.
	 * @param arguments the arguments as typed, the command's name first
	 * @param workingDirectory the directory absolute paths are rewritten relative to
	 * @param sources where the clock, load, CPU model and commit come from
	 * @return the started run
	 */
	public static Started start(List<String> arguments, Path workingDirectory, RunSources sources) {
		Instant date = sources.clock().instant().truncatedTo(ChronoUnit.SECONDS);
		return new Started(command(arguments, workingDirectory), date, LoadSampler.start(sources.load()), sources);
	}

	/**
	 * The command line as a doc shows it: {@code --results} and its value left out, every
	 * absolute path (also after {@code name=} and between commas) relative to the working
	 * directory, and arguments that a shell would split quoted.
	 * @param arguments the arguments as typed
	 * @param workingDirectory the directory paths are made relative to
	 * @return the command line
	 */
	static String command(List<String> arguments, Path workingDirectory) {
		Path base = workingDirectory.toAbsolutePath().normalize();
		List<String> words = new ArrayList<>();
		for (int i = 0; i < arguments.size(); i++) {
			if (arguments.get(i).equals("--results")) {
				i++;
				continue;
			}
			words.add(quoted(relative(arguments.get(i), base)));
		}
		return String.join(" ", words);
	}

	private static String relative(String argument, Path base) {
		int equals = argument.indexOf('=');
		String name = (equals > 0 && argument.startsWith("/", equals + 1)) ? argument.substring(0, equals + 1) : "";
		List<String> parts = new ArrayList<>();
		for (String part : argument.substring(name.length()).split(",", -1)) {
			parts.add(part.startsWith("/") ? relativePath(Path.of(part).normalize(), base) : part);
		}
		return name + String.join(",", parts);
	}

	private static String relativePath(Path path, Path base) {
		String relative = base.relativize(path).toString();
		return relative.isEmpty() ? "." : relative;
	}

	private static String quoted(String word) {
		return PLAIN_WORD.matcher(word).matches() ? word : "'" + word.replace("'", "'\\''") + "'";
	}

	/**
	 * The commit's first 7 digits, or {@code unknown}.
	 * @return the short commit
	 */
	public String shortCommit() {
		return this.commit.equals(UNKNOWN) ? UNKNOWN : this.commit.substring(0, Math.min(7, this.commit.length()));
	}

	/**
	 * The line a doc prints under a table generated from this run: the command, the short
	 * commit (and "(dirty)"), the date, the load range, and a warning when the run was
	 * {@linkplain Load#marked() marked}.
	 * @return one line of Markdown
	 */
	public String provenance() {
		String line = "`%s` · %s%s · %s · %s".formatted(this.command,
				this.commit.equals(UNKNOWN) ? "commit unknown" : this.shortCommit(), this.dirty ? " (dirty)" : "",
				this.date.toString().substring(0, 10), this.load.range());
		return this.load.marked() ? line + " · ⚠ taken at load %s (above %s)".formatted(Load.format(this.load.max()),
				Load.format(Load.MARK_ABOVE)) : line;
	}

	/**
	 * Writes this header into a JSON object, in the documented key order.
	 * @param node the object to fill
	 */
	void into(ObjectNode node) {
		node.put("command", this.command);
		node.put("commit", this.commit);
		node.put("dirty", this.dirty);
		node.put("date", this.date.toString());
		this.load.into(node.putObject("load"));
		this.machine.into(node.putObject("machine"));
	}

	/**
	 * Reads a header written by {@link #into(ObjectNode)}.
	 * @param node the header object
	 * @return the header
	 * @throws IllegalArgumentException when a field is missing or not what it should be
	 */
	static RunHeader of(JsonNode node) {
		return new RunHeader(Json.text(node, "command"), Json.text(node, "commit"), Json.bool(node, "dirty"),
				Instant.parse(Json.text(node, "date")), Load.of(Json.object(node, "load")),
				Machine.of(Json.object(node, "machine")));
	}

	/**
	 * A run in progress: the command and the start are known, the load is being sampled.
	 *
	 * @param command the command line as a doc shows it
	 * @param date when the run started
	 * @param sampler the running load sampler
	 * @param sources where the commit and the machine come from
	 */
	public record Started(String command, Instant date, LoadSampler sampler, RunSources sources) {

		/**
		 * Stops the load sampler and makes the header.
		 * @return the header of the finished run
		 */
		public RunHeader finish() {
			Load load = this.sampler.stop();
			Properties git = this.sources.git().get();
			String commit = git.getProperty("git.commit.id", git.getProperty("git.commit.id.full", UNKNOWN));
			boolean dirty = !commit.equals(UNKNOWN) && Boolean.parseBoolean(git.getProperty("git.dirty"));
			return new RunHeader(this.command, commit, dirty, this.date, load,
					Machine.current(this.sources.cpuinfo().get()));
		}

	}

	/**
	 * The machine's load while a run ran: the 1-minute load average, as
	 * {@code /proc/loadavg} gives it.
	 *
	 * @param before at the start, before the command loaded anything; negative when
	 * unknown
	 * @param max the highest value sampled while it ran, the start included; negative
	 * when unknown
	 */
	public record Load(double before, double max) {

		/** The project's rule: figures taken at a higher load than this are marked. */
		public static final double MARK_ABOVE = 2;

		/**
		 * Whether the run's figures are marked as taken on a busy machine.
		 * @return whether the highest load sampled was above {@link #MARK_ABOVE}
		 */
		public boolean marked() {
			return this.max > MARK_ABOVE;
		}

		String range() {
			if (this.max < 0) {
				return "load unknown";
			}
			return (this.before < 0 || format(this.before).equals(format(this.max))) ? "load " + format(this.max)
					: "load " + format(this.before) + "–" + format(this.max);
		}

		static String format(double load) {
			return String.format(Locale.ROOT, "%.2f", load).replaceAll("\\.00$", "");
		}

		void into(ObjectNode node) {
			Json.putKnown(node, "before", this.before);
			Json.putKnown(node, "max", this.max);
			node.put("marked", marked());
		}

		static Load of(JsonNode node) {
			return new Load(Json.known(node, "before"), Json.known(node, "max"));
		}

	}

}
