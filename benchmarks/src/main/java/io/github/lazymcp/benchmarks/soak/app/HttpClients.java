package io.github.lazymcp.benchmarks.soak.app;

import java.lang.ref.WeakReference;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.jspecify.annotations.Nullable;

/*
 * Why a JDK HTTP client's selector thread is still alive. On Java 17 the thread
 * (HttpClient-N-SelectorManager) holds the client's implementation and only a weak
 * reference to its facade, the HttpClient applications hold; it ends once the facade was
 * collected and the client has no operation pending (an open SSE stream is one). So for
 * each such thread this reads the implementation it serves (the thread's "owner"),
 * whether the facade is still reachable, how many operations are pending, and which of
 * the app's roots still reach the facade: Spring AI's client lists, and lazy-mcp (which
 * holds each connection's current client). The walk from a root follows the fields of
 * Spring AI's, the MCP SDK's and lazy-mcp's objects and the elements of collections,
 * maps, atomic references and optionals, up to MAX_OBJECTS objects. Reading the JDK's
 * fields needs --add-opens java.net.http/jdk.internal.net.http=ALL-UNNAMED, with which
 * the harness starts the instances; without it each thread says its internals were not
 * readable.
 */

/**
 * Describes the live selector threads of the JDK's HTTP clients.
 */
final class HttpClients {

	private static final String SELECTOR = "-SelectorManager";

	private static final int MAX_OBJECTS = 50_000;

	private HttpClients() {
	}

	/**
	 * One line per live selector thread: its client, whether the client's facade is still
	 * reachable, its pending operations and the roots that reach it.
	 * @param roots objects to search from, by label
	 * @return the lines, sorted
	 */
	static List<String> describe(Map<String, Object> roots) {
		Map<Object, List<String>> holders = new IdentityHashMap<>();
		roots.forEach((label, root) -> reachableClients(root)
			.forEach((client) -> holders.computeIfAbsent(client, (key) -> new ArrayList<>()).add(label)));
		List<String> lines = new ArrayList<>();
		for (Thread thread : Thread.getAllStackTraces().keySet()) {
			if (thread.getName().startsWith("HttpClient-") && thread.getName().endsWith(SELECTOR)) {
				lines.add(describe(thread, holders));
			}
		}
		Collections.sort(lines);
		return lines;
	}

	private static String describe(Thread thread, Map<Object, List<String>> holders) {
		String client = thread.getName().substring(0, thread.getName().length() - SELECTOR.length());
		try {
			Object owner = field(thread, "owner");
			if (owner == null) {
				return client + ": no client";
			}
			Object facade = (field(owner, "facadeRef") instanceof WeakReference<?> reference) ? reference.get() : null;
			Object pending = field(owner, "pendingOperationCount");
			List<String> heldBy = (facade != null) ? holders.getOrDefault(facade, List.of()) : List.of();
			return "%s: %s, %d pending operations, held by %s".formatted(client,
					(facade != null) ? "reachable" : "collected",
					(pending instanceof AtomicLong count) ? count.get() : -1,
					heldBy.isEmpty() ? "none of the app's roots" : String.join(", ", heldBy));
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			return client + ": internals not readable (" + ex.getClass().getSimpleName() + ")";
		}
	}

	private static @Nullable Object field(Object owner, String name) throws ReflectiveOperationException {
		for (Class<?> type = owner.getClass(); type != null; type = type.getSuperclass()) {
			for (Field field : type.getDeclaredFields()) {
				if (field.getName().equals(name)) {
					field.setAccessible(true);
					return field.get(owner);
				}
			}
		}
		throw new NoSuchFieldException(name);
	}

	/** The HTTP clients reachable from a root, breadth first. */
	private static Set<Object> reachableClients(Object root) {
		return ObjectWalk.find(root, MAX_OBJECTS, Integer.MAX_VALUE, HttpClient.class::isInstance, (object) -> {
			try {
				return referents(object);
			}
			catch (RuntimeException ex) {
				// a collection changed while it was read: its elements are skipped
				return List.of();
			}
		});
	}

	private static List<Object> referents(Object object) {
		List<Object> referents = new ArrayList<>();
		if (object instanceof Collection<?> collection) {
			collection.forEach((element) -> add(referents, element));
		}
		else if (object instanceof Map<?, ?> map) {
			map.forEach((key, value) -> {
				add(referents, key);
				add(referents, value);
			});
		}
		else if (object instanceof Object[] array) {
			for (Object element : array) {
				add(referents, element);
			}
		}
		else if (object instanceof AtomicReference<?> reference) {
			add(referents, reference.get());
		}
		else if (object instanceof Optional<?> optional) {
			optional.ifPresent((value) -> add(referents, value));
		}
		else {
			for (Class<?> type = object.getClass(); type != null && followed(type); type = type.getSuperclass()) {
				for (Field field : type.getDeclaredFields()) {
					if (!Modifier.isStatic(field.getModifiers()) && !field.getType().isPrimitive()
							&& field.trySetAccessible()) {
						add(referents, read(field, object));
					}
				}
			}
		}
		return referents;
	}

	private static boolean followed(Class<?> type) {
		String name = type.getName();
		return name.startsWith("io.github.lazymcp.") || name.startsWith("io.modelcontextprotocol.")
				|| name.startsWith("org.springframework.ai.");
	}

	private static @Nullable Object read(Field field, Object owner) {
		try {
			return field.get(owner);
		}
		catch (IllegalAccessException ex) {
			return null;
		}
	}

	private static void add(List<Object> referents, @Nullable Object value) {
		if (value != null) {
			referents.add(value);
		}
	}

}
