-- lazy-mcp catalog embeddings shared by every instance (sessions.store=jdbc). Idempotent: safe to run on every start.
-- One row per (model, catalog text): the id is the SHA-256 of both, so no text is stored.
CREATE TABLE IF NOT EXISTS lazy_mcp_embedding (
	id CHAR(64) NOT NULL PRIMARY KEY,
	dimensions INT NOT NULL,
	vector VARBINARY(1048576) NOT NULL
);
