package io.github.lazymcp.capability.internal.definition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.tomlj.TomlArray;
import org.tomlj.TomlPosition;
import org.tomlj.TomlTable;

/**
 * Typed reads from one TOML table that fail with the file, the line and the full key path
 * ({@code mcp.servers[0].command}). A missing key is reported on the line of its table; a
 * key of the wrong type on its own line.
 */
final class TomlFields {

	private final String source;

	private final TomlTable table;

	private final String path;

	private final int line;

	private TomlFields(String source, TomlTable table, String path, int line) {
		this.source = source;
		this.table = table;
		this.path = path;
		this.line = line;
	}

	static TomlFields root(String source, TomlTable table) {
		return new TomlFields(source, table, "", 1);
	}

	String path(String key) {
		return this.path.isEmpty() ? key : this.path + "." + key;
	}

	CapabilityDefinitionException error(String key, String problem) {
		return new CapabilityDefinitionException(this.source, lineOf(key), problem);
	}

	CapabilityDefinitionException missing(String key) {
		return error(key, "'%s' is required".formatted(path(key)));
	}

	CapabilityDefinitionException elementError(String key, int index, String problem) {
		TomlArray array = array(key);
		return new CapabilityDefinitionException(this.source, lineOf(array, index, key), problem);
	}

	boolean has(String key) {
		return this.table.contains(List.of(key));
	}

	void allowOnly(Set<String> keys) {
		for (String key : this.table.keySet()) {
			if (!keys.contains(key)) {
				throw error(key, "unknown key '%s' (expected one of %s)".formatted(path(key), new TreeSet<>(keys)));
			}
		}
	}

	Set<String> keys() {
		return this.table.keySet();
	}

	@Nullable Double number(String key) {
		Object value = this.table.get(List.of(key));
		if (value == null) {
			return null;
		}
		if (value instanceof Long whole) {
			return whole.doubleValue();
		}
		if (value instanceof Double decimal) {
			return decimal;
		}
		throw error(key, "'%s' must be a number".formatted(path(key)));
	}

	/**
	 * A boolean value.
	 * @param key the key
	 * @return its value, false when absent
	 */
	boolean flag(String key) {
		Object value = this.table.get(List.of(key));
		if (value != null && !(value instanceof Boolean)) {
			throw error(key, "'%s' must be true or false".formatted(path(key)));
		}
		return Boolean.TRUE.equals(value);
	}

	@Nullable String string(String key) {
		Object value = this.table.get(List.of(key));
		if (value != null && !(value instanceof String)) {
			throw error(key, "'%s' must be a string".formatted(path(key)));
		}
		return (String) value;
	}

	/**
	 * The table's {@code name}, which must match a pattern.
	 * @param pattern what a name must match
	 * @param rule the pattern as the message shows it
	 * @return the name
	 */
	String requiredName(Pattern pattern, String rule) {
		String name = requiredString("name");
		if (!pattern.matcher(name).matches()) {
			throw error("name", "'%s' must match %s, was '%s'".formatted(path("name"), rule, name));
		}
		return name;
	}

	String requiredString(String key) {
		String value = string(key);
		if (value == null) {
			throw missing(key);
		}
		if (value.isBlank()) {
			throw error(key, "'%s' must not be blank".formatted(path(key)));
		}
		return value;
	}

	List<String> strings(String key) {
		if (!has(key)) {
			return List.of();
		}
		TomlArray array = array(key);
		List<String> values = new ArrayList<>();
		for (int i = 0; i < array.size(); i++) {
			if (!(array.get(i) instanceof String value) || value.isBlank()) {
				throw new CapabilityDefinitionException(this.source, lineOf(array, i, key),
						"'%s[%d]' must be a non-blank string".formatted(path(key), i));
			}
			values.add(value);
		}
		return values;
	}

	Map<String, String> stringMap(String key) {
		if (!has(key)) {
			return Map.of();
		}
		TomlFields nested = table(key);
		Map<String, String> values = new LinkedHashMap<>();
		for (String name : nested.table.keySet()) {
			if (!(nested.table.get(List.of(name)) instanceof String value)) {
				throw nested.error(name, "'%s' must be a string".formatted(nested.path(name)));
			}
			values.put(name, value);
		}
		return values;
	}

	TomlFields table(String key) {
		Object value = this.table.get(List.of(key));
		if (value == null) {
			throw missing(key);
		}
		if (!(value instanceof TomlTable nested)) {
			throw error(key, "'%s' must be a table".formatted(path(key)));
		}
		return new TomlFields(this.source, nested, path(key), lineOf(key));
	}

	List<TomlFields> tables(String key) {
		if (!has(key)) {
			throw missing(key);
		}
		TomlArray array = array(key);
		List<TomlFields> tables = new ArrayList<>();
		for (int i = 0; i < array.size(); i++) {
			int elementLine = lineOf(array, i, key);
			if (!(array.get(i) instanceof TomlTable element)) {
				throw new CapabilityDefinitionException(this.source, elementLine,
						"'%s[%d]' must be a table".formatted(path(key), i));
			}
			tables.add(new TomlFields(this.source, element, "%s[%d]".formatted(path(key), i), elementLine));
		}
		return tables;
	}

	private TomlArray array(String key) {
		if (!(this.table.get(List.of(key)) instanceof TomlArray array)) {
			throw error(key, "'%s' must be an array".formatted(path(key)));
		}
		return array;
	}

	private int lineOf(String key) {
		TomlPosition position = this.table.inputPositionOf(List.of(key));
		return (position != null) ? position.line() : this.line;
	}

	private int lineOf(TomlArray array, int index, String key) {
		TomlPosition position = array.inputPositionOf(index);
		return (position != null) ? position.line() : lineOf(key);
	}

}
