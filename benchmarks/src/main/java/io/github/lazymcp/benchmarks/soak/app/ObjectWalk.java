package io.github.lazymcp.benchmarks.soak.app;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A bounded breadth-first walk of an object graph, by identity: how the app finds, for
 * its diagnostics, objects that no API exposes.
 */
final class ObjectWalk {

	private ObjectWalk() {
	}

	/**
	 * The objects a walk from a root finds, breadth first. Each object is visited once;
	 * the referents of a found object are not followed. The walk ends when nothing is
	 * left to visit, after {@code maxObjects} objects, or once {@code wanted} objects
	 * were found.
	 * @param root where the walk starts
	 * @param maxObjects how many objects the walk visits at most
	 * @param wanted how many found objects end the walk
	 * @param target which objects the walk looks for
	 * @param referents the objects the walk follows from one it visits, in order
	 * @return the objects found, by identity
	 */
	static Set<Object> find(Object root, int maxObjects, int wanted, Predicate<Object> target,
			Function<Object, List<Object>> referents) {
		Set<Object> found = Collections.newSetFromMap(new IdentityHashMap<>());
		Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
		Queue<Object> queue = new ArrayDeque<>();
		queue.add(root);
		while (!queue.isEmpty() && seen.size() < maxObjects && found.size() < wanted) {
			Object next = queue.remove();
			if (!seen.add(next)) {
				continue;
			}
			if (target.test(next)) {
				found.add(next);
			}
			else {
				queue.addAll(referents.apply(next));
			}
		}
		return found;
	}

}
