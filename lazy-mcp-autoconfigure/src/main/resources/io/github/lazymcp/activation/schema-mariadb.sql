-- lazy-mcp sessions (tools.lazy-mcp.sessions.store=jdbc). Idempotent: safe to run on every start.
CREATE TABLE IF NOT EXISTS lazy_mcp_session (
	id VARCHAR(255) NOT NULL PRIMARY KEY,
	version BIGINT NOT NULL,
	state LONGTEXT NOT NULL,
	expires_at BIGINT NOT NULL,
	INDEX lazy_mcp_session_expires_at (expires_at)
);
