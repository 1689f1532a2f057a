-- lazy-mcp learned tool uses (tools.lazy-mcp.learning with sessions.store=jdbc). Idempotent: safe to run on every start.
CREATE TABLE IF NOT EXISTS lazy_mcp_tool_use (
	tool VARCHAR(255) NOT NULL,
	slot INT NOT NULL,
	request TEXT NOT NULL,
	PRIMARY KEY (tool, slot)
);
CREATE TABLE IF NOT EXISTS lazy_mcp_tool_use_count (
	tool VARCHAR(255) NOT NULL PRIMARY KEY,
	seen BIGINT NOT NULL
);
