package io.github.lazymcp.benchmarks.soak.faults;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

/**
 * A watch on a clock the test owns: each wait moves the clock on by the time it takes.
 * Everything recovers {@link #RECOVERY} after it is watched, unless a test says it never
 * does; then the watch gives up after {@link RecoveryWatch#TIMEOUT}.
 */
public final class FakeWatch implements FaultWatch {

	public static final long RECOVERY = 5_000;

	private final AtomicLong clock;

	/** Servers, instances (a restart) or {@code postgresql} that never serve again. */
	public final Set<String> neverBack = new HashSet<>();

	/** Runs when a restarted instance is watched until it serves, with its name. */
	public Consumer<String> onServing = (instance) -> {
	};

	public FakeWatch(AtomicLong clock) {
		this.clock = clock;
	}

	@Override
	public @Nullable Long down(String server, long until) {
		long first = this.clock.get() + 500;
		this.clock.set(Math.max(this.clock.get(), until));
		return first;
	}

	@Override
	public RecoveryWatch.Seen server(String server, List<String> instances) {
		long start = this.clock.get();
		if (this.neverBack.contains(server)) {
			this.clock.addAndGet(RecoveryWatch.TIMEOUT.toMillis());
			return new RecoveryWatch.Seen(start + 500, null, null);
		}
		long served = this.clock.addAndGet(RECOVERY);
		return new RecoveryWatch.Seen(start + 500, served - 1_000, served);
	}

	@Override
	public @Nullable Long sessions() {
		return back("postgresql");
	}

	@Override
	public String sessionStatus(String instance) {
		return "503";
	}

	@Override
	public @Nullable Long serving(String instance) {
		this.onServing.accept(instance);
		return back(instance);
	}

	private @Nullable Long back(String what) {
		if (this.neverBack.contains(what)) {
			this.clock.addAndGet(RecoveryWatch.TIMEOUT.toMillis());
			return null;
		}
		return this.clock.addAndGet(RECOVERY);
	}

}
