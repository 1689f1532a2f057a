package io.github.lazymcp.benchmarks.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The docs' generated tables. A block between
 * {@code <!-- results FILE-OR-GLOB table=KIND -->} and {@code <!-- /results -->} is
 * generated from the results files it names ({@link ResultsBlock}); everything else is
 * prose. {@link #write} regenerates every block, {@link #check} says where the docs
 * differ from their files and where a doc names a path of one machine.
 * <p>
 * The docs are {@code docs/**}{@code /*.md}, {@code README.md},
 * {@code benchmarks/README.md} and {@code samples/*}{@code /README.md} of the repository.
 */
public final class DocTables {

	/**
	 * Paths that exist on one machine only: the workspace, root's home, the temporary
	 * folder. {@code /home/me/} stands for anyone's home in examples and is allowed.
	 */
	private static final Pattern MACHINE_PATH = Pattern.compile("(?<![\\w.~/-])/(?:work|root|tmp)/[^\\s`'\")<>]*");

	private DocTables() {
	}

	/**
	 * Regenerates every block of every doc from its results files, or, when any block
	 * cannot be (a marker not well formed, a file missing or not a results file), writes
	 * nothing.
	 * @param root the repository's root
	 * @param resultsFolder the folder of the results files the markers name
	 * @return the docs rewritten, relative to the root
	 * @throws IOException when a doc or file cannot be read or written
	 * @throws IllegalArgumentException listing every block that cannot be generated
	 */
	public static List<Path> write(Path root, Path resultsFolder) throws IOException {
		List<Doc> docs = regenerate(root, resultsFolder);
		List<String> problems = docs.stream().flatMap((doc) -> doc.problems().stream()).toList();
		if (!problems.isEmpty()) {
			throw new IllegalArgumentException("No doc was written:\n" + String.join("\n", problems));
		}
		List<Path> written = new ArrayList<>();
		for (Doc doc : docs) {
			if (!doc.regenerated().equals(doc.text())) {
				Files.writeString(root.resolve(doc.path()), doc.regenerated());
				written.add(doc.path());
			}
		}
		return written;
	}

	/**
	 * What is wrong with the docs: each block that differs from what its files give (with
	 * a unified diff), each marker not well formed or naming a file that is not there,
	 * and each path of one machine.
	 * @param root the repository's root
	 * @param resultsFolder the folder of the results files the markers name
	 * @return one entry per finding, starting {@code doc:line: }; empty when the docs are
	 * as their files give them
	 * @throws IOException when a doc or file cannot be read
	 */
	public static List<String> check(Path root, Path resultsFolder) throws IOException {
		List<String> findings = new ArrayList<>();
		for (Doc doc : regenerate(root, resultsFolder)) {
			findings.addAll(doc.problems());
			findings.addAll(doc.differences());
			findings.addAll(machinePaths(doc.path(), doc.text()));
		}
		return findings;
	}

	/**
	 * The docs checked.
	 * @param root the repository's root
	 * @return their paths relative to the root, sorted
	 * @throws IOException when a folder cannot be listed
	 */
	static List<Path> docs(Path root) throws IOException {
		Path base = root.toAbsolutePath().normalize();
		List<Path> docs = new ArrayList<>();
		if (Files.isDirectory(base.resolve("docs"))) {
			try (Stream<Path> walk = Files.walk(base.resolve("docs"))) {
				walk.filter((file) -> file.toString().endsWith(".md") && Files.isRegularFile(file)).forEach(docs::add);
			}
		}
		if (Files.isDirectory(base.resolve("samples"))) {
			try (Stream<Path> samples = Files.list(base.resolve("samples"))) {
				samples.map((sample) -> sample.resolve("README.md")).filter(Files::isRegularFile).forEach(docs::add);
			}
		}
		Stream.of("README.md", "benchmarks/README.md")
			.map(base::resolve)
			.filter(Files::isRegularFile)
			.forEach(docs::add);
		return docs.stream().map(base::relativize).sorted().toList();
	}

	private static List<Doc> regenerate(Path root, Path resultsFolder) throws IOException {
		List<Doc> docs = new ArrayList<>();
		for (Path path : docs(root)) {
			docs.add(regenerate(path, Files.readString(root.resolve(path)), resultsFolder));
		}
		return docs;
	}

	private static Doc regenerate(Path path, String text, Path resultsFolder) {
		List<String> lines = Arrays.asList(text.split("\n", -1));
		List<String> problems = new ArrayList<>();
		List<ResultsBlock> blocks = ResultsBlock.find(lines, problems);
		problems.replaceAll((problem) -> path + ":" + problem);
		List<String> differences = new ArrayList<>();
		List<String> regenerated = new ArrayList<>();
		int next = 0;
		for (ResultsBlock block : blocks) {
			regenerated.addAll(lines.subList(next, block.open() + 1));
			List<String> current = lines.subList(block.open() + 1, block.close());
			List<String> generated = current;
			try {
				generated = block.render(resultsFolder);
			}
			catch (IOException | IllegalArgumentException ex) {
				problems.add("%s:%d: %s".formatted(path, block.open() + 1, ex.getMessage()));
			}
			if (!generated.equals(current)) {
				differences.add("%s:%d: the table is not what %s gives; `docs --write` regenerates it\n%s".formatted(
						path, block.open() + 1, block.files(), String.join("\n", LineDiff.unified(current, generated,
								path.toString(), resultsFolder.resolve(block.files()).toString(), block.open() + 2))));
			}
			regenerated.addAll(generated);
			next = block.close();
		}
		regenerated.addAll(lines.subList(next, lines.size()));
		return new Doc(path, text, String.join("\n", regenerated), problems, differences);
	}

	/**
	 * The paths of one machine a doc names.
	 * @param path the doc, for the findings
	 * @param text its text
	 * @return one finding per path, {@code doc:line: ...}
	 */
	static List<String> machinePaths(Path path, String text) {
		List<String> findings = new ArrayList<>();
		String[] lines = text.split("\n", -1);
		for (int i = 0; i < lines.length; i++) {
			Matcher matcher = MACHINE_PATH.matcher(lines[i]);
			while (matcher.find()) {
				findings.add("%s:%d: a path of one machine, %s; name it relative to the repository or as $TMPDIR"
					.formatted(path, i + 1, matcher.group().replaceAll("[.,;:]+$", "")));
			}
		}
		return findings;
	}

	/**
	 * A doc read and regenerated.
	 *
	 * @param path relative to the repository's root
	 * @param text as it is
	 * @param regenerated with every block as its files give it (a block that cannot be
	 * generated as it is)
	 * @param problems blocks that cannot be generated
	 * @param differences blocks that differ from their files, each with its diff
	 */
	private record Doc(Path path, String text, String regenerated, List<String> problems, List<String> differences) {
	}

}
