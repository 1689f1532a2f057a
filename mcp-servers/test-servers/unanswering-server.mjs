// A stdio MCP server of the project's own for fault tests: it completes the handshake,
// lists one tool and answers pings, but never answers a call of that tool. No
// dependencies: newline-delimited JSON-RPC, as the MCP stdio transport speaks it.
import { createInterface } from 'node:readline';

const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');

const answers = {
	initialize: (params) => ({
		protocolVersion: params.protocolVersion,
		capabilities: { tools: {} },
		serverInfo: { name: 'unanswering', version: '1.0.0' },
	}),
	ping: () => ({}),
	'tools/list': () => ({
		tools: [{
			name: 'wait_forever',
			description: 'Waits for an event that never comes; used to test call timeouts.',
			inputSchema: { type: 'object', properties: {} },
		}],
	}),
};

createInterface({ input: process.stdin }).on('line', (line) => {
	const message = JSON.parse(line);
	const answer = answers[message.method];
	if (message.id !== undefined && answer) {
		send({ id: message.id, result: answer(message.params ?? {}) });
	}
	// tools/call and notifications get no answer.
});
