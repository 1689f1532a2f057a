package io.github.lazymcp.capability.internal.skill;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * What a skill file says about capabilities. The file opens with YAML frontmatter between
 * two {@code ---} lines; its {@code name} is required, and its optional
 * {@code capabilities} lists capability names:
 *
 * <pre class="code">
 * ---
 * name: release-notes
 * description: Write release notes from the issue tracker and the repository
 * capabilities: [files, memory]
 * ---
 * Instructions for the model ...
 * </pre>
 *
 * Other keys are the skill's own business and are not read.
 *
 * @param name the skill's name
 * @param capabilities the capabilities it asks for, in file order
 * @param source the file, for messages
 */
public record SkillFile(String name, List<Requested> capabilities, String source) {

	private static final String FENCE = "---";

	public SkillFile {
		capabilities = List.copyOf(capabilities);
	}

	/**
	 * Reads a skill file's frontmatter.
	 * @param source the file's name, used in messages
	 * @param content the file's content
	 * @return what it asks for
	 * @throws SkillFileException naming the file, the line and the key when the
	 * frontmatter is missing, not YAML, or has a bad {@code name} or {@code capabilities}
	 */
	public static SkillFile parse(String source, String content) {
		List<String> lines = content.lines().toList();
		if (lines.isEmpty() || !lines.get(0).strip().equals(FENCE)) {
			throw new SkillFileException(source, 1, "a skill file opens with a '---' line and YAML frontmatter");
		}
		int end = lines.subList(1, lines.size()).stream().map(String::strip).toList().indexOf(FENCE) + 1;
		if (end == 0) {
			throw new SkillFileException(source, lines.size(), "the frontmatter opened on line 1 has no closing '---'");
		}
		Node root;
		try {
			root = new Yaml(new LoaderOptions()).compose(new StringReader(String.join("\n", lines.subList(1, end))));
		}
		catch (MarkedYAMLException ex) {
			int line = (ex.getProblemMark() != null) ? ex.getProblemMark().getLine() + 2 : 1;
			throw new SkillFileException(source, line, "the frontmatter is not valid YAML: " + ex.getProblem());
		}
		if (!(root instanceof MappingNode mapping)) {
			throw new SkillFileException(source, 2, "the frontmatter must be YAML keys and values");
		}
		return new SkillFile(name(source, mapping), capabilities(source, mapping), source);
	}

	private static String name(String source, MappingNode frontmatter) {
		Node name = value(frontmatter, "name");
		if (name == null) {
			throw new SkillFileException(source, 2, "'name' is required");
		}
		if (!(name instanceof ScalarNode scalar) || scalar.getValue().isBlank()) {
			throw new SkillFileException(source, line(name), "'name' must be a non-blank string");
		}
		return scalar.getValue().strip();
	}

	private static List<Requested> capabilities(String source, MappingNode frontmatter) {
		Node value = value(frontmatter, "capabilities");
		if (value == null) {
			return List.of();
		}
		if (!(value instanceof SequenceNode sequence)) {
			throw new SkillFileException(source, line(value),
					"'capabilities' must be a list of capability names, e.g. [files, memory]");
		}
		List<Requested> requested = new ArrayList<>();
		for (int i = 0; i < sequence.getValue().size(); i++) {
			Node element = sequence.getValue().get(i);
			if (!(element instanceof ScalarNode scalar) || scalar.getValue().isBlank()) {
				throw new SkillFileException(source, line(element),
						"'capabilities[%d]' must be a capability name".formatted(i));
			}
			requested.add(new Requested(scalar.getValue().strip(), i, line(element)));
		}
		return requested;
	}

	private static @Nullable Node value(MappingNode mapping, String key) {
		for (NodeTuple tuple : mapping.getValue()) {
			if (tuple.getKeyNode() instanceof ScalarNode scalar && scalar.getValue().equals(key)) {
				return tuple.getValueNode();
			}
		}
		return null;
	}

	/** The file's 1-based line: the frontmatter starts on line 2. */
	private static int line(Node node) {
		return node.getStartMark().getLine() + 2;
	}

	/**
	 * One capability a skill asks for.
	 *
	 * @param name the capability's name
	 * @param index its position in {@code capabilities}
	 * @param line the file's line it is on
	 */
	public record Requested(String name, int index, int line) {

		/**
		 * Where it is asked for.
		 * @param source the skill file
		 * @return {@code file:line: 'capabilities[i]'}
		 */
		public String where(String source) {
			return "%s:%d: 'capabilities[%d]'".formatted(source, this.line, this.index);
		}

	}

}
