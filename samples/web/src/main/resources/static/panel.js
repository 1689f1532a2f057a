// The chat box and the activation panel. The panel polls three read-only sources once a
// second and after every answer:
//   /actuator/mcpactivation                     cap, servers, capabilities, token totals
//   /actuator/mcpactivation/{conversation}      this conversation's active tools (404 before its first request)
//   /chat/{conversation}/requests               what each model request carried (the sample's own log)
// and, every tenth time, /actuator/mcpcatalog: what the owner could fix so tools are found.
// Everything is written with textContent: tool names and server errors are never parsed as HTML.
'use strict';

const POLL_MILLIS = 1000;
// ?conversation=ID watches a conversation driven elsewhere (curl, another tab); otherwise
// every page load starts a new one.
const conversationId = new URLSearchParams(location.search).get('conversation') || newConversationId();

function newConversationId() {
	const random = (window.crypto && crypto.randomUUID) ? crypto.randomUUID()
		: Math.random().toString(16).slice(2) + Date.now().toString(16);
	return 'web-' + random;
}

function byId(id) {
	return document.getElementById(id);
}

function element(tag, text, className) {
	const node = document.createElement(tag);
	if (text !== undefined && text !== null) {
		node.textContent = String(text);
	}
	if (className) {
		node.className = className;
	}
	return node;
}

function fill(container, nodes, emptyText) {
	container.replaceChildren(...nodes);
	if (nodes.length === 0 && emptyText) {
		container.append(element('li', emptyText, 'empty'));
	}
}

async function getJson(url, missingIsNull) {
	const response = await fetch(url, { headers: { Accept: 'application/json' } });
	if (missingIsNull && response.status === 404) {
		return null;
	}
	if (!response.ok) {
		throw new Error(url + ' answered ' + response.status);
	}
	return response.json();
}

function renderActive(state, session) {
	byId('active-count').textContent = session ? session.active : '0/' + state.maxActiveSchemas;
	const tools = session ? session.tools : [];
	fill(byId('active-tools'), tools.map((tool) => {
		const item = element('li');
		item.append(element('span', tool.name, 'name'), element('span', tool.tokens + ' tokens', 'note'));
		return item;
	}), 'none yet: the first request carries only the eager tools and ToolSearch');
}

function renderEvictions(session, requests) {
	const evictions = session ? session.counters.evictions : 0;
	byId('eviction-total').textContent = evictions + ' in this conversation';
	const withDrops = requests.filter((request) => request.dropped.length > 0).slice(-3).reverse();
	const items = [];
	withDrops.forEach((request) => request.dropped.forEach((name) => {
		const item = element('li');
		item.append(element('span', name, 'name'), element('span', 'gone from request ' + request.number, 'note'));
		items.push(item);
	}));
	fill(byId('evictions'), items, 'none yet');
}

function plural(count, noun) {
	return count + ' ' + noun + (count === 1 ? '' : 's');
}

function percentSaved(sent, eager) {
	return eager > 0 ? Math.round(100 * (1 - sent / eager)) + '%' : '–';
}

function renderRequests(state, requests) {
	const rows = requests.slice(-10).reverse().map((request) => {
		const row = element('tr');
		const tools = element('td', request.tools.length);
		tools.title = request.tools.join('\n');
		row.append(element('td', request.number), tools, element('td', request.tokens),
			element('td', request.eagerTokens), element('td', percentSaved(request.tokens, request.eagerTokens)));
		return row;
	});
	const body = byId('requests').tBodies[0];
	body.replaceChildren(...rows);
	if (rows.length === 0) {
		const row = element('tr', null, 'empty');
		const cell = element('td', 'no model request in this conversation yet');
		cell.colSpan = 5;
		row.append(cell);
		body.append(row);
	}
	const tokens = state.tokens;
	byId('token-totals').textContent = 'All conversations: ' + tokens.modelRequests + ' requests carried '
		+ tokens.sent + ' schema tokens instead of ' + tokens.eager + ' (' + percentSaved(tokens.sent, tokens.eager)
		+ ' saved). Catalog now: ' + state.tools.deferred.length + ' deferred, ' + state.tools.eager.length + ' eager.';
}

function renderCapabilities(state, session) {
	const report = state.capabilities;
	const enabledHere = session ? session.capabilities : [];
	const items = (report ? report.capabilities : []).map((capability) => {
		const item = element('li');
		const here = enabledHere.includes(capability.name);
		item.append(element('span', capability.name, 'name'),
			element('span', here ? 'enabled here' : capability.state, 'badge ' + (here ? 'enabled' : capability.state)));
		const servers = capability.servers.map((server) => server.name + (server.connected ? ' connected' : ' idle'));
		item.append(element('span', servers.join(', '), 'note'));
		if (capability.failure) {
			item.append(element('div', capability.failure, 'error'));
		}
		return item;
	});
	fill(byId('capabilities'), items, 'no capability files');
	const decision = report && report.autoActivation && report.autoActivation.lastDecision;
	byId('routing').textContent = decision
		? 'Last auto-activation: ' + (decision.chosen || 'none') + ' (' + decision.reason + ')' : '';
}

// status (UP, DOWN, RECONNECTING) comes with the endpoint's server health; an endpoint
// without it still says whether listing the server's tools failed.
function serverHealth(server) {
	if (server.status) {
		return server.status;
	}
	return server.error ? 'ERROR' : 'UP';
}

function renderServers(state) {
	fill(byId('servers'), state.servers.map((server) => {
		const item = element('li');
		const health = serverHealth(server);
		const badge = element('span', health, 'badge ' + health.toLowerCase());
		const why = server.lastError || server.error;
		if (why) {
			badge.title = why;
		}
		item.append(element('span', server.name, 'name'), badge,
			element('span', plural(server.tools, 'tool') + ', ' + plural(server.listChanges, 'list change'), 'note'));
		return item;
	}), 'no MCP server');
}

// The catalog report: counts, then the first findings with the property that fixes each.
const CATALOG_EVERY = 10;
const CATALOG_FINDINGS = 3;
let refreshes = 0;

function catalogSummary(report) {
	const usage = report.usage;
	const searches = 'Searches: ' + usage.searches + ', ' + usage.foundNothing + ' found nothing; '
		+ plural(usage.foundNeverCalled.length, 'tool') + ' found but never called, '
		+ usage.calledWithoutSearch.length + ' called without a search.';
	if (report.status !== 'READY') {
		return 'Catalog: ' + report.status.toLowerCase() + '. ' + searches;
	}
	const catalog = report.catalog;
	return 'Catalog of ' + plural(catalog.tools, 'deferred tool') + ': '
		+ plural(catalog.confusable.length, 'confusable pair') + ', '
		+ catalog.notFoundByOwnText.length + ' not found by their own text, '
		+ catalog.undescribed.length + ' without a description. ' + searches;
}

function renderCatalog(report) {
	byId('catalog-summary').textContent = catalogSummary(report);
	const findings = [];
	const add = (name, fix) => {
		const item = element('li');
		item.append(element('span', name, 'name'), element('span', fix, 'note'));
		findings.push(item);
	};
	if (report.catalog) {
		report.catalog.confusable.slice(0, CATALOG_FINDINGS)
			.forEach((pair) => add(pair.first + ' ~ ' + pair.second, pair.fix));
		report.catalog.notFoundByOwnText.slice(0, CATALOG_FINDINGS).forEach((miss) => add(miss.tool, miss.fix));
		report.catalog.undescribed.slice(0, CATALOG_FINDINGS).forEach((tool) => add(tool.tool, tool.fix));
	}
	report.usage.foundNeverCalled.slice(0, CATALOG_FINDINGS).forEach((tool) => add(tool.tool, tool.fix));
	report.usage.calledWithoutSearch.slice(0, CATALOG_FINDINGS).forEach((tool) => add(tool.tool, tool.fix));
	fill(byId('catalog-findings'), findings, 'nothing to fix');
}

async function refresh() {
	try {
		const [state, session, requests] = await Promise.all([
			getJson('/actuator/mcpactivation'),
			getJson('/actuator/mcpactivation/' + encodeURIComponent(conversationId), true),
			getJson('/chat/' + encodeURIComponent(conversationId) + '/requests')]);
		renderActive(state, session);
		renderEvictions(session, requests);
		renderRequests(state, requests);
		renderCapabilities(state, session);
		renderServers(state);
		if (refreshes++ % CATALOG_EVERY === 0) {
			renderCatalog(await getJson('/actuator/mcpcatalog'));
		}
		byId('panel-error').hidden = true;
	}
	catch (error) {
		byId('panel-error').textContent = 'Panel not updated: ' + error.message;
		byId('panel-error').hidden = false;
	}
}

function poll() {
	refresh().finally(() => setTimeout(poll, POLL_MILLIS));
}

function say(who, text) {
	const item = element('li', text, who);
	byId('messages').append(item);
	item.scrollIntoView({ block: 'end' });
}

async function send(event) {
	event.preventDefault();
	const input = byId('message');
	const message = input.value.trim();
	if (!message) {
		return;
	}
	input.value = '';
	byId('send').disabled = true;
	say('user', message);
	try {
		const response = await fetch('/chat', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...csrfHeader() },
			body: JSON.stringify({ conversationId, message })
		});
		const body = await response.json().catch(() => ({}));
		say(response.ok ? 'assistant' : 'error',
			response.ok ? body.answer : 'The chat failed (' + response.status + '): ' + (body.detail || body.error || ''));
	}
	catch (error) {
		say('error', 'The chat failed: ' + error.message);
	}
	finally {
		byId('send').disabled = false;
		input.focus();
		refreshes = 0;
		refresh();
	}
}

// With the 'users' profile Spring Security checks a CSRF token on POST: it sets it in the
// XSRF-TOKEN cookie, and the page sends it back in a header. Without that profile there is
// no cookie and no header.
function csrfHeader() {
	const cookie = document.cookie.split('; ').find((entry) => entry.startsWith('XSRF-TOKEN='));
	return cookie ? { 'X-XSRF-TOKEN': decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) } : {};
}

async function showUser() {
	const user = await getJson('/chat/user').catch(() => ({}));
	byId('user').textContent = user.name ? 'Signed in as ' + user.name : '';
}

byId('conversation-id').textContent = conversationId;
showUser();
byId('chat-form').addEventListener('submit', send);
poll();
