package io.github.lazymcp.benchmarks.soak.app;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
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
		Set<Object> caches = ObjectWalk.find(root, MAX_OBJECTS, 1,
				(object) -> object.getClass().getSimpleName().equals(CACHE), EmbeddingCacheProbe::referents);
		return caches.isEmpty() ? null : caches.iterator().next();
	}

	private static List<Object> referents(Object object) {
		List<Object> referents = new ArrayList<>();
		for (Class<?> type = object.getClass(); type != null && followed(type); type = type.getSuperclass()) {
			for (Field field : type.getDeclaredFields()) {
				Object value = read(field, object);
				if (value != null && followed(value.getClass())) {
					referents.add(value);
				}
			}
		}
		return referents;
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
