// A stdio MCP server of the project's own for tests of tools/list_changed: it starts with
// one tool, add_tool; each call of add_tool adds a tool (extra_1, extra_2, ...) and sends
// notifications/tools/list_changed. No dependencies: newline-delimited JSON-RPC, as the
// MCP stdio transport speaks it.
import { createInterface } from 'node:readline';

const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
const tool = (name, description) => ({ name, description, inputSchema: { type: 'object', properties: {} } });
const tools = [tool('add_tool', 'Adds one more tool to this server and announces the change.')];

const answers = {
	initialize: (params) => ({
		protocolVersion: params.protocolVersion,
		capabilities: { tools: { listChanged: true } },
		serverInfo: { name: 'changing', version: '1.0.0' },
	}),
	ping: () => ({}),
	'tools/list': () => ({ tools }),
	'tools/call': () => {
		const name = `extra_${tools.length}`;
		tools.push(tool(name, `An extra tool added at run time (${name}).`));
		setImmediate(() => send({ method: 'notifications/tools/list_changed' }));
		return { content: [{ type: 'text', text: `added ${name}` }] };
	},
};

createInterface({ input: process.stdin }).on('line', (line) => {
	const message = JSON.parse(line);
	const answer = answers[message.method];
	if (message.id !== undefined && answer) {
		send({ id: message.id, result: answer(message.params ?? {}) });
	}
});
