package io.github.lazymcp.activation;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock that only moves when a test moves it.
 */
public final class MutableClock extends Clock {

	private final AtomicReference<Instant> now;

	public MutableClock(Instant start) {
		this.now = new AtomicReference<>(start);
	}

	public static MutableClock startingAt(String instant) {
		return new MutableClock(Instant.parse(instant));
	}

	public void advance(Duration duration) {
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
