package io.github.lazymcp.activation;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.github.lazymcp.activation.SessionSettings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link SessionStore}. Idle expiry is driven by moving a fake clock.
 */
class SessionStoreTests {

	private static final Duration IDLE = Duration.ofMinutes(30);

	private final MutableClock clock = MutableClock.startingAt("2025-01-01T10:00:00Z");

	private final InMemorySessionStore store = new InMemorySessionStore(
			new SessionSettings(3, 100, IDLE, Duration.ofMinutes(1)), this.clock);

	@Test
	void sessionReturnsTheSameSessionForTheSameId() {
		ToolSession first = this.store.session("a");
		assertThat(this.store.session("a")).isSameAs(first);
		assertThat(this.store.session("b")).isNotSameAs(first);
		assertThat(first.id()).isEqualTo("a");
		assertThat(first.cap()).isEqualTo(3);
		assertThat(this.store.cap()).isEqualTo(3);
	}

	@Test
	void newSessionStartsEmpty() {
		assertThat(this.store.session("a").tools().size()).isZero();
	}

	@Test
	void childStartsFromASnapshotOfItsParent() {
		this.store.session("parent").activate(List.of("a", "b"));
		ToolSession child = this.store.child("child", "parent", true);
		assertThat(child.tools().names()).containsExactly("a", "b");
		assertThat(child.cap()).isEqualTo(3);
	}

	@Test
	void childBelongsToItsParentsOwnerWhetherOrNotItInheritsTools() {
		this.store.session("parent").withOwner("id-a").recordStart();
		assertThat(this.store.child("inherits", "parent", true).state().owner()).isEqualTo("id-a");
		assertThat(this.store.child("starts-empty", "parent", false).state().owner()).isEqualTo("id-a");
		assertThat(this.store.child("orphan", "gone", true).state().owner()).isNull();
	}

	@Test
	void childAndParentDoNotSeeEachOthersLaterChanges() {
		ToolSession parent = this.store.session("parent");
		parent.activate(List.of("a", "b"));
		ToolSession child = this.store.child("child", "parent", true);
		parent.activate(List.of("p"));
		child.activate(List.of("c"));
		child.retainOnly((name) -> !name.equals("a"));
		assertThat(parent.tools().names()).containsExactly("a", "b", "p");
		assertThat(child.tools().names()).containsExactly("b", "c");
	}

	@Test
	void childKeepsTheRecencyOfTheInheritedTools() {
		ToolSession parent = this.store.session("parent");
		parent.activate(List.of("a", "b", "c"));
		parent.touch("a");
		ToolSession child = this.store.child("child", "parent", true);
		assertThat(child.activate(List.of("d")).evicted()).containsExactly("b");
	}

	@Test
	void childStartsEmptyWhenNotInheriting() {
		this.store.session("parent").activate(List.of("a"));
		assertThat(this.store.child("child", "parent", false).tools().size()).isZero();
	}

	@Test
	void childStartsEmptyWhenTheParentDoesNotExist() {
		assertThat(this.store.child("child", "missing", true).tools().size()).isZero();
		assertThat(this.store.find("missing")).isEmpty();
	}

	@Test
	void existingChildIsReturnedUnchanged() {
		ToolSession parent = this.store.session("parent");
		parent.activate(List.of("a"));
		ToolSession child = this.store.child("child", "parent", true);
		parent.activate(List.of("b"));
		assertThat(this.store.child("child", "parent", true)).isSameAs(child);
		assertThat(child.tools().names()).containsExactly("a");
	}

	@Test
	void ephemeralSessionIsNotStored() {
		ToolSession ephemeral = this.store.ephemeral();
		ephemeral.activate(List.of("a"));
		assertThat(ephemeral.cap()).isEqualTo(3);
		assertThat(this.store.find(ephemeral.id())).isEmpty();
		assertThat(this.store.size()).isZero();
		assertThat(this.store.ephemeral().id()).isNotEqualTo(ephemeral.id());
	}

	@Test
	void findDoesNotCreateASession() {
		assertThat(this.store.find("a")).isEmpty();
		assertThat(this.store.size()).isZero();
		ToolSession created = this.store.session("a");
		assertThat(this.store.find("a")).containsSame(created);
	}

	@Test
	void removeDropsTheSession() {
		ToolSession first = this.store.session("a");
		assertThat(this.store.remove("a")).isTrue();
		assertThat(this.store.remove("a")).isFalse();
		assertThat(this.store.find("a")).isEmpty();
		assertThat(this.store.session("a")).isNotSameAs(first);
	}

	@Test
	void sessionsListsStoredSessionsById() {
		this.store.session("b");
		this.store.session("a");
		this.store.ephemeral();
		assertThat(this.store.sessions()).extracting(ToolSession::id).containsExactly("a", "b");
		assertThat(this.store.size()).isEqualTo(2);
	}

	@Test
	void sessionExpiresAfterTheIdleTimeout() {
		ToolSession first = this.store.session("a");
		first.activate(List.of("x"));
		this.clock.advance(IDLE);
		assertThat(this.store.find("a")).isEmpty();
		assertThat(this.store.size()).isZero();
		assertThat(this.store.session("a")).isNotSameAs(first);
		assertThat(this.store.session("a").tools().size()).isZero();
	}

	@Test
	void sessionIsKeptWhileItIsObtainedWithinTheIdleTimeout() {
		ToolSession first = this.store.session("a");
		for (int i = 0; i < 5; i++) {
			this.clock.advance(IDLE.minusMinutes(1));
			assertThat(this.store.session("a")).isSameAs(first);
		}
		assertThat(first.lastAccessedAt()).isEqualTo(this.clock.instant());
	}

	@Test
	void findAndSessionsDoNotKeepASessionAlive() {
		this.store.session("a");
		this.clock.advance(IDLE.minusMinutes(1));
		assertThat(this.store.find("a")).isPresent();
		assertThat(this.store.sessions()).hasSize(1);
		assertThat(this.store.find("a").get().lastAccessedAt()).isEqualTo(Instant.parse("2025-01-01T10:00:00Z"));
		this.clock.advance(Duration.ofMinutes(1));
		assertThat(this.store.find("a")).isEmpty();
	}

	@Test
	void storeNeverHoldsMoreThanTheMaximumNumberOfSessions() {
		InMemorySessionStore small = new InMemorySessionStore(new SessionSettings(3, 4, IDLE, Duration.ofMinutes(1)),
				this.clock);
		for (int i = 0; i < 50; i++) {
			small.session("s" + i).activate(List.of("a"));
			assertThat(small.size()).isLessThanOrEqualTo(4);
		}
		assertThat(small.sessions()).hasSizeLessThanOrEqualTo(4);
	}

	@Test
	void rejectsACapBelowOne() {
		assertThatIllegalArgumentException()
			.isThrownBy(
					() -> new InMemorySessionStore(new SessionSettings(0, 10, IDLE, Duration.ofMinutes(1)), this.clock))
			.withMessage("maxActiveSchemas must be greater than 0 but was 0");
	}

	@Test
	void rejectsAMaximumSessionCountBelowOne() {
		assertThatIllegalArgumentException()
			.isThrownBy(
					() -> new InMemorySessionStore(new SessionSettings(3, 0, IDLE, Duration.ofMinutes(1)), this.clock))
			.withMessage("maxSessions must be greater than 0 but was 0");
	}

	@Test
	void rejectsAZeroIdleTimeout() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new InMemorySessionStore(new SessionSettings(3, 10, Duration.ZERO, Duration.ofMinutes(1)),
					this.clock))
			.withMessage("idleTimeout must be greater than 0 but was PT0S");
	}

	@Test
	void rejectsANegativeIdleTimeout() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new InMemorySessionStore(
					new SessionSettings(3, 10, Duration.ofSeconds(-1), Duration.ofMinutes(1)), this.clock))
			.withMessage("idleTimeout must be greater than 0 but was PT-1S");
	}

}
