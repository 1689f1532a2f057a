// An MCP server of the project's own for tests of per-user connections, on the official MCP
// TypeScript SDK, over Streamable HTTP (`streamableHttp`, endpoint /mcp) or HTTP+SSE (`sse`,
// endpoints /sse and /messages), on PORT; or over stdio (`stdio`) as one user's own process,
// which reads that user's token from the environment variable ACCESS_TOKEN when it starts (and
// exits with 1 when the token is missing, not signed by a key of JWKS_URL or expired).
//
// Every MCP request must carry `Authorization: Bearer <JWT>`, signed with a key of the JSON Web
// Key Set at JWKS_URL (an authorization server's) and not expired; otherwise the answer is 401
// with `WWW-Authenticate: Bearer error="invalid_token"`. The tools a connection lists depend on
// the scopes of the token that opened it: `whoami` always, `read_notes` with `notes:read`,
// `write_notes` with `notes:write`; `archive_notes` is listed to everyone, and a call of it whose
// token lacks `notes:archive` is answered at the HTTP level, 403 with
// `WWW-Authenticate: Bearer error="insufficient_scope", scope="notes:archive"`, as servers that
// check scopes per call do.
//
// POST /revoke {"jti": "..."} (no token needed) revokes a token: from then on a request with it is
// answered 401, as an authorization server's revocation would make a resource server answer.
//
// POST /grant {"sub": "...", "tool": "..."} (no token needed) adds a tool to every open connection
// of that subject, which then announces notifications/tools/list_changed on it, as a server that
// lets a user turn on a toolset does; the other subjects' connections do not change.
//
// Each connection's `instructions` name the subject that opened it.
//
// The server records which token made each request: GET /record (no token needed) lists, in
// order, every tool call and every tools/list with the subject (`sub`) and token id (`jti`) of
// the request's token and the subject that opened the connection. A request whose token's
// subject is not the connection's is a crossing, and is refused with 403 and recorded.
import { randomUUID } from 'node:crypto';

import express from 'express';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

const mode = process.argv[2] ?? 'streamableHttp';
const port = Number(process.env.PORT ?? 3001);
const keys = createRemoteJWKSet(new URL(process.env.JWKS_URL));

const SCOPED_TOOLS = [
	{ name: 'read_notes', scope: 'notes:read', description: "Reads the caller's notes." },
	{ name: 'write_notes', scope: 'notes:write', description: "Adds a note to the caller's notes." },
];

const record = [];
const revoked = new Set();
const transports = {};
const owners = {};
const servers = {};
// Over stdio: the token of the process's one user, read from the environment at start.
let processAuth;

/** The auth of a tool call: the HTTP request's token, or over stdio the process's. */
function authOf(extra) {
	return extra.authInfo ?? processAuth;
}

/** A token, verified, as the SDK's AuthInfo; throws when it is missing, forged, expired or revoked. */
async function verified(token) {
	if (!token) {
		throw new Error('no bearer token');
	}
	const { payload } = await jwtVerify(token, keys);
	if (revoked.has(payload.jti)) {
		throw new Error('the token was revoked');
	}
	// A space-separated string (RFC 9068), or a list as Spring Authorization Server writes it.
	const scopes = (Array.isArray(payload.scope) ? payload.scope : String(payload.scope ?? '').split(' '))
		.filter((scope) => scope);
	return { token, clientId: String(payload.sub), scopes, extra: { sub: payload.sub, jti: payload.jti } };
}

/** The request's token, verified; a 401 when there is none. */
async function authenticate(req, res, next) {
	const header = req.headers.authorization ?? '';
	const token = header.startsWith('Bearer ') ? header.slice(7) : null;
	try {
		req.auth = await verified(token);
		next();
	}
	catch (error) {
		res.status(401)
			.set('WWW-Authenticate', 'Bearer error="invalid_token"')
			.json({ error: 'invalid_token', error_description: error.message });
	}
}

/** Refuses a call of archive_notes whose token lacks its scope, before the MCP server sees it. */
function scoped(req, res) {
	const call = req.body;
	if (call?.method === 'tools/call' && call.params?.name === 'archive_notes'
			&& !req.auth.scopes.includes('notes:archive')) {
		const owner = owners[req.headers['mcp-session-id'] ?? req.query.sessionId];
		record.push({ kind: 'refused', tool: 'archive_notes', owner, sub: req.auth.extra.sub, jti: req.auth.extra.jti });
		res.status(403)
			.set('WWW-Authenticate', 'Bearer error="insufficient_scope", scope="notes:archive"')
			.json({ error: 'insufficient_scope' });
		return false;
	}
	return true;
}

/** Refuses, and records, a request whose token is another subject's than its connection's. */
function sameOwner(sessionId, req, res) {
	const owner = owners[sessionId];
	if (owner !== undefined && owner !== req.auth.extra.sub) {
		record.push({ kind: 'crossing', owner, sub: req.auth.extra.sub, jti: req.auth.extra.jti });
		res.status(403).set('WWW-Authenticate', 'Bearer error="invalid_token"').json({ error: 'crossing' });
		return false;
	}
	return true;
}

/** One MCP server per connection: its tools are those of the opening token's scopes. */
function serverFor(auth) {
	const owner = auth.extra.sub;
	// Each connection's instructions name its owner: they are that user's alone.
	const server = new McpServer({ name: 'scoped', version: '1.0.0' },
		{ instructions: `These are the notes of ${owner}; address them as ${owner}.` });
	const calls = (name, extra) => {
		record.push({ kind: 'call', tool: name, owner, sub: authOf(extra)?.extra?.sub, jti: authOf(extra)?.extra?.jti });
	};
	server.registerTool('whoami', { description: 'Says who the caller is.' }, async (extra) => {
		calls('whoami', extra);
		return { content: [{ type: 'text', text: `you are ${authOf(extra)?.extra?.sub}` }] };
	});
	server.registerTool('archive_notes', { description: "Archives the caller's notes." }, async (extra) => {
		calls('archive_notes', extra);
		return { content: [{ type: 'text', text: `archived the notes of ${authOf(extra)?.extra?.sub}` }] };
	});
	for (const tool of SCOPED_TOOLS.filter((tool) => auth.scopes.includes(tool.scope))) {
		server.registerTool(tool.name, { description: tool.description }, async (extra) => {
			calls(tool.name, extra);
			if (!(authOf(extra)?.scopes ?? []).includes(tool.scope)) {
				return { isError: true, content: [{ type: 'text', text: `insufficient_scope: ${tool.scope}` }] };
			}
			return { content: [{ type: 'text', text: `${tool.name} for ${authOf(extra)?.extra?.sub}` }] };
		});
	}
	return server;
}

/** A tool granted to one subject: it says whose call it ran. */
function grant(server, owner, name) {
	server.registerTool(name, { description: `Granted to ${owner} at run time.` }, async (extra) => {
		record.push({ kind: 'call', tool: name, owner, sub: authOf(extra)?.extra?.sub, jti: authOf(extra)?.extra?.jti });
		return { content: [{ type: 'text', text: `${name} for ${authOf(extra)?.extra?.sub}` }] };
	});
}

const app = express();
app.use(express.json());
app.get('/record', (req, res) => res.json(record));
app.post('/revoke', (req, res) => {
	revoked.add(req.body.jti);
	res.status(204).end();
});
app.post('/grant', (req, res) => {
	for (const [id, server] of Object.entries(servers)) {
		if (owners[id] === req.body.sub) {
			grant(server, req.body.sub, req.body.tool);
		}
	}
	res.status(204).end();
});

if (mode === 'sse') {
	app.get('/sse', authenticate, async (req, res) => {
		const transport = new SSEServerTransport('/messages', res);
		transports[transport.sessionId] = transport;
		owners[transport.sessionId] = req.auth.extra.sub;
		const server = serverFor(req.auth);
		servers[transport.sessionId] = server;
		res.on('close', () => {
			delete transports[transport.sessionId];
			delete servers[transport.sessionId];
		});
		await server.connect(transport);
	});
	app.post('/messages', authenticate, async (req, res) => {
		const sessionId = String(req.query.sessionId);
		const transport = transports[sessionId];
		if (!transport) {
			res.status(404).json({ error: 'unknown session' });
			return;
		}
		if (sameOwner(sessionId, req, res) && scoped(req, res)) {
			note(req);
			await transport.handlePostMessage(req, res, req.body);
		}
	});
}
else if (mode !== 'stdio') {
	app.post('/mcp', authenticate, async (req, res) => {
		const sessionId = req.headers['mcp-session-id'];
		let transport = sessionId ? transports[sessionId] : undefined;
		if (!transport) {
			if (sessionId || !isInitializeRequest(req.body)) {
				res.status(404).json({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
				return;
			}
			const server = serverFor(req.auth);
			transport = new StreamableHTTPServerTransport({
				sessionIdGenerator: () => randomUUID(),
				onsessioninitialized: (id) => {
					transports[id] = transport;
					owners[id] = req.auth.extra.sub;
					servers[id] = server;
				},
			});
			transport.onclose = () => {
				delete transports[transport.sessionId];
				delete servers[transport.sessionId];
			};
			await server.connect(transport);
		}
		else if (!sameOwner(sessionId, req, res) || !scoped(req, res)) {
			return;
		}
		note(req);
		await transport.handleRequest(req, res, req.body);
	});
	const session = async (req, res) => {
		const sessionId = req.headers['mcp-session-id'];
		const transport = sessionId ? transports[sessionId] : undefined;
		if (!transport) {
			res.status(404).end();
			return;
		}
		if (sameOwner(sessionId, req, res)) {
			await transport.handleRequest(req, res);
		}
	};
	app.get('/mcp', authenticate, session);
	app.delete('/mcp', authenticate, session);
}

/** Records a tools/list with the token that asked and the connection's owner. */
function note(req) {
	if (req.body?.method === 'tools/list') {
		const sessionId = req.headers['mcp-session-id'] ?? req.query.sessionId;
		record.push({ kind: 'list', owner: owners[sessionId], sub: req.auth.extra.sub, jti: req.auth.extra.jti });
	}
}

if (mode === 'stdio') {
	try {
		processAuth = await verified(process.env.ACCESS_TOKEN);
	}
	catch (error) {
		console.error(`scoped MCP server (stdio): ${error.message}`);
		process.exit(1);
	}
	await serverFor(processAuth).connect(new StdioServerTransport());
}
else {
	app.listen(port, '127.0.0.1', () => console.error(`scoped MCP server (${mode}) on port ${port}`));
}
