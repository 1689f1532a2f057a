package io.github.lazymcp.capability;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock that only moves when a test moves it.
 */
final class MutableClock extends Clock {

	private final AtomicReference<Instant> now;

	MutableClock(Instant start) {
		this.now = new AtomicReference<>(start);
	}

	void advance(Duration duration) {
		this.now.updateAndGet((current) -> current.plus(duration));
	}

	@Override
	public Instant instant() {
		return this.now.get();
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		throw new UnsupportedOperationException("a test clock has one zone");
	}

}
