-- lazy-mcp learned tool uses (tools.lazy-mcp.learning with sessions.store=jdbc). Idempotent: safe to run on every start.
-- A request is kept with the conversation it came from and when it was recorded (epoch milliseconds), so that the uses of one
-- conversation can be deleted on demand and all of them after tools.lazy-mcp.learning.retention.
CREATE TABLE IF NOT EXISTS lazy_mcp_tool_use (
	tool VARCHAR(255) NOT NULL,
	slot INT NOT NULL,
	request TEXT NOT NULL,
	conversation VARCHAR(255),
	recorded_at BIGINT NOT NULL,
	PRIMARY KEY (tool, slot)
);
CREATE INDEX IF NOT EXISTS lazy_mcp_tool_use_recorded_at ON lazy_mcp_tool_use (recorded_at);
CREATE INDEX IF NOT EXISTS lazy_mcp_tool_use_conversation ON lazy_mcp_tool_use (conversation);
CREATE TABLE IF NOT EXISTS lazy_mcp_tool_use_count (
	tool VARCHAR(255) NOT NULL PRIMARY KEY,
	seen BIGINT NOT NULL
);
