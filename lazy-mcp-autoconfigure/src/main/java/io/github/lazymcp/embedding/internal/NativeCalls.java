package io.github.lazymcp.embedding.internal;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import org.jspecify.annotations.Nullable;

/**
 * Keeps calls into ONNX Runtime and the tokenizer from starting while the JVM exits. A
 * native call still running while native objects are released crashes the JVM with
 * SIGSEGV: a model loaded by a background index build while another shutdown hook closes
 * the model, say. So every native call holds a shared permit, and a shutdown hook,
 * registered on the first call, lets none start from its own start on and waits up to
 * {@link #EXIT_WAIT} for the calls running to end: a call that would start after the hook
 * began fails at once instead of blocking, so that another shutdown hook closing the
 * model never waits for it. (A read lock's {@code tryLock} does not yield to a writer
 * waiting for the lock, so without the flag a stream of short calls, such as an index
 * build's, could keep the hook waiting out its whole wait and still run during the exit.)
 * <p>
 * What this cannot cover: ONNX Runtime's Java binding releases its environment in a
 * shutdown hook of its own ({@code OrtEnvironment}'s), and shutdown hooks run at the same
 * time, so a call that is already running when the exit begins (a model still loading)
 * can still crash the exiting JVM; ONNX Runtime offers no way to order that release
 * (onnxruntime issue 31352). Such a crash happens only in a JVM that is exiting anyway.
 * <p>
 * The invariant: while the hook holds the write lock, no native call runs, and the hook
 * takes it only once, for good.
 */
final class NativeCalls {

	/** The longest the JVM's exit waits for native calls that are running. */
	static final Duration EXIT_WAIT = Duration.ofSeconds(10);

	/** The calls of this JVM's native libraries. */
	static final NativeCalls JVM = new NativeCalls(true);

	private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();

	private final AtomicBoolean hooked;

	/** Set once the exit has begun: no call starts from then on. */
	private volatile boolean exiting;

	/**
	 * Creates a guard.
	 * @param hook whether the first call registers the shutdown hook (false in tests,
	 * which call {@link #closeForExit} themselves)
	 */
	NativeCalls(boolean hook) {
		this.hooked = new AtomicBoolean(!hook);
	}

	/**
	 * A native call.
	 *
	 * @param <T> what it returns
	 * @param <E> what it throws
	 */
	@FunctionalInterface
	interface Call<T, E extends Exception> {

		T run() throws E;

	}

	/**
	 * A release of native objects.
	 *
	 * @param <E> what it throws
	 */
	@FunctionalInterface
	interface Release<E extends Exception> {

		void run() throws E;

	}

	/**
	 * Runs a native call unless the JVM is exiting.
	 * @param <T> what it returns
	 * @param <E> what it throws
	 * @param call the call
	 * @return what it returned
	 * @throws E what it threw
	 * @throws IllegalStateException when the JVM is exiting
	 */
	<T, E extends Exception> T run(Call<T, E> call) throws E {
		Lock permit = permit();
		if (permit == null) {
			throw new IllegalStateException("The JVM is exiting: no model call starts now");
		}
		try {
			return call.run();
		}
		finally {
			permit.unlock();
		}
	}

	/**
	 * Releases native objects unless the JVM is exiting, when the process's exit releases
	 * them.
	 * @param <E> what the release throws
	 * @param release the release
	 * @throws E what it threw
	 */
	<E extends Exception> void release(Release<E> release) throws E {
		Lock permit = permit();
		if (permit == null) {
			return;
		}
		try {
			release.run();
		}
		finally {
			permit.unlock();
		}
	}

	private @Nullable Lock permit() {
		if (this.hooked.compareAndSet(false, true)) {
			hook();
		}
		if (this.exiting) {
			return null;
		}
		Lock permit = this.lock.readLock();
		return permit.tryLock() ? permit : null;
	}

	/**
	 * Lets no native call start from now on, and waits for those running to end; what the
	 * shutdown hook runs.
	 * @param wait the longest to wait
	 * @return whether every call running had ended
	 */
	boolean closeForExit(Duration wait) {
		this.exiting = true;
		try {
			return this.lock.writeLock().tryLock(wait.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	private void hook() {
		try {
			Runtime.getRuntime()
				.addShutdownHook(new Thread(() -> closeForExit(EXIT_WAIT), "lazy-mcp-native-calls-exit"));
		}
		catch (IllegalStateException ex) {
			// The JVM is already exiting: the call goes on, as it would have without us.
		}
	}

}
