package io.github.lazymcp.benchmarks.results;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;

/**
 * A generated block of a doc: the lines between
 * {@code <!-- results FILE-OR-GLOB table=KIND -->} and {@code <!-- /results -->}, each
 * marker alone on its line. Markers inside fenced code are text, so a doc can show them.
 *
 * @param open the index of the opening marker's line
 * @param close the index of the closing marker's line
 * @param files the name or glob of the results files, in the results folder
 * @param kind the table kind
 */
record ResultsBlock(int open, int close, String files, String kind) {

	static final String CLOSE = "<!-- /results -->";

	private static final Pattern OPEN = Pattern.compile("<!--\\s*results\\s+(.*?)\\s*-->");

	/**
	 * Finds the blocks of a doc.
	 * @param lines the doc's lines
	 * @param problems where a marker that is not well formed is reported, as
	 * {@code N: ...}, N the line number
	 * @return the well-formed blocks, in order
	 */
	static List<ResultsBlock> find(List<String> lines, List<String> problems) {
		List<ResultsBlock> blocks = new ArrayList<>();
		int open = -1;
		Marker marker = null;
		boolean fenced = false;
		for (int i = 0; i < lines.size(); i++) {
			String line = lines.get(i).strip();
			if (line.startsWith("```") || line.startsWith("~~~")) {
				fenced = !fenced;
			}
			if (fenced) {
				continue;
			}
			Matcher opening = OPEN.matcher(line);
			if (opening.matches()) {
				if (open >= 0) {
					problems
						.add("%d: a results marker before the block of line %d was closed".formatted(i + 1, open + 1));
				}
				open = i;
				marker = marker(opening.group(1), i, problems);
			}
			else if (line.equals(CLOSE)) {
				if (open < 0) {
					problems.add("%d: %s without a results marker before it".formatted(i + 1, CLOSE));
				}
				else if (marker != null) {
					blocks.add(new ResultsBlock(open, i, marker.files(), marker.kind()));
				}
				open = -1;
			}
		}
		if (open >= 0) {
			problems.add("%d: a results marker without %s after it".formatted(open + 1, CLOSE));
		}
		return blocks;
	}

	private static @Nullable Marker marker(String attributes, int index, List<String> problems) {
		String[] words = attributes.split("\\s+");
		String kind = null;
		for (int i = 1; i < words.length; i++) {
			if (words[i].startsWith("table=")) {
				kind = words[i].substring("table=".length());
			}
			else {
				problems.add("%d: unknown attribute '%s' (a marker is: results FILE-OR-GLOB table=KIND)"
					.formatted(index + 1, words[i]));
				return null;
			}
		}
		if (kind == null || words[0].contains("/") || words[0].startsWith("table=")) {
			problems.add("%d: a results marker is: results FILE-OR-GLOB table=KIND, files of the results folder"
				.formatted(index + 1));
			return null;
		}
		return new Marker(words[0], kind);
	}

	/**
	 * The lines between the markers as the results files give them: the table, a blank
	 * line (a line right after a table would be one of its rows) and the provenance of
	 * each file.
	 * @param resultsFolder the folder the files are in
	 * @return the lines
	 * @throws IOException when a file cannot be read
	 * @throws IllegalArgumentException when no file matches, a file is not a results
	 * file, the kind is unknown or a result lacks what it needs
	 */
	List<String> render(Path resultsFolder) throws IOException {
		TableKinds.Kind table = TableKinds.kind(this.kind);
		List<TableKinds.Row> rows = new ArrayList<>();
		List<String> provenance = new ArrayList<>();
		for (Path file : files(resultsFolder)) {
			ResultsFile results = ResultsFile.read(file);
			String name = file.getFileName().toString();
			results.results().forEach((result) -> rows.add(new TableKinds.Row(name, result)));
			provenance.add("<sub>" + results.header().provenance() + "</sub>");
		}
		List<String> lines = new ArrayList<>(table.render(rows));
		lines.add("");
		for (int i = 0; i < provenance.size(); i++) {
			lines.add(provenance.get(i) + ((i < provenance.size() - 1) ? "<br>" : ""));
		}
		return lines;
	}

	private List<Path> files(Path resultsFolder) throws IOException {
		PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + this.files);
		List<Path> files = List.of();
		if (Files.isDirectory(resultsFolder)) {
			try (Stream<Path> listing = Files.list(resultsFolder)) {
				files = listing.filter((file) -> Files.isRegularFile(file) && matcher.matches(file.getFileName()))
					.sorted()
					.toList();
			}
		}
		if (files.isEmpty()) {
			throw new IllegalArgumentException("no results file " + this.files + " in " + resultsFolder);
		}
		return files;
	}

	private record Marker(String files, String kind) {
	}

}
