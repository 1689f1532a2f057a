package io.github.lazymcp.tool.internal;

import java.util.Optional;

import io.github.lazymcp.activation.ActivationListener;
import io.github.lazymcp.activation.SessionSettings;
import io.github.lazymcp.activation.SessionStore;
import io.github.lazymcp.activation.ToolSession;
import org.jspecify.annotations.Nullable;

/**
 * The application's session store, whose handles report every activation and eviction to
 * lazy-mcp's usage figures and observations, whoever made it.
 */
public final class ReportingSessionStore implements SessionStore {

	private final SessionStore store;

	private final ActivationListener listener;

	/**
	 * Wraps a store.
	 * @param store where sessions live
	 * @param listener told of each change to a session's active tools
	 */
	public ReportingSessionStore(SessionStore store, ActivationListener listener) {
		this.store = store;
		this.listener = listener;
	}

	@Override
	public ToolSession session(String id) {
		return this.store.session(id).withListener(this.listener);
	}

	@Override
	public ToolSession child(String id, String parentId, boolean inheritParent) {
		return this.store.child(id, parentId, inheritParent).withListener(this.listener);
	}

	@Override
	public ToolSession ephemeral() {
		return this.store.ephemeral().withListener(this.listener);
	}

	@Override
	public Optional<ToolSession> find(String id) {
		return this.store.find(id).map((session) -> session.withListener(this.listener));
	}

	@Override
	public boolean remove(String id) {
		return this.store.remove(id);
	}

	@Override
	public long size() {
		return this.store.size();
	}

	@Override
	public int cap() {
		return this.store.cap();
	}

	@Override
	public @Nullable SessionSettings settings() {
		return this.store.settings();
	}

	@Override
	public int expire() {
		return this.store.expire();
	}

}
