package io.github.lazymcp.benchmarks.soak.app;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Queue;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/*
 * lazy-mcp keeps its embedding cache private to the embedder it builds, and has no
 * accessor for it: it is not API. The soak only reads its size, so it looks for it by
 * walking the fields of lazy-mcp's own objects (and of Spring's lazy suppliers, which
 * hold the embedder once it is loaded) from the LazyMcp bean, breadth first, and asks the
 * first object of a class named EmbeddingCache for size(). When a refactoring moves or
 * renames the cache, the probe answers -1 ("not found") instead of failing.
 */

/**
 * Finds the number of vectors in lazy-mcp's in-memory embedding cache.
 */
final class EmbeddingCacheProbe {

	private static final String CACHE = "EmbeddingCache";

	private static final int MAX_OBJECTS = 20_000;

	private EmbeddingCacheProbe() {
	}

	/**
	 * The vectors the cache holds.
	 * @param root the object to search from
	 * @return the size, or -1 when no cache was found (not loaded yet, or moved)
	 */
	static long vectors(Object root) {
		Object cache = find(root);
		if (cache == null) {
			return -1;
		}
		try {
			Method size = cache.getClass().getDeclaredMethod("size");
			return size.trySetAccessible() ? ((Number) size.invoke(cache)).longValue() : -1;
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			return -1;
		}
	}

	private static @Nullable Object find(Object root) {
		Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
		Queue<Object> queue = new ArrayDeque<>();
		queue.add(root);
		while (!queue.isEmpty() && seen.size() < MAX_OBJECTS) {
			Object next = queue.remove();
			if (!seen.add(next)) {
				continue;
			}
			if (next.getClass().getSimpleName().equals(CACHE)) {
				return next;
			}
			for (Class<?> type = next.getClass(); type != null && followed(type); type = type.getSuperclass()) {
				for (Field field : type.getDeclaredFields()) {
					Object value = read(field, next);
					if (value != null && followed(value.getClass())) {
						queue.add(value);
					}
				}
			}
		}
		return null;
	}

	private static boolean followed(Class<?> type) {
		String name = type.getName();
		return !type.isArray()
				&& (name.startsWith("io.github.lazymcp.") || name.startsWith("org.springframework.util.function."));
	}

	private static @Nullable Object read(Field field, Object owner) {
		if (Modifier.isStatic(field.getModifiers()) || field.getType().isPrimitive()) {
			return null;
		}
		try {
			return field.trySetAccessible() ? field.get(owner) : null;
		}
		catch (IllegalAccessException | RuntimeException ex) {
			return null;
		}
	}

}
