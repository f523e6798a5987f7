'use strict';
// Protocol hygiene: the lifecycle rules of LSP, bad input that must not
// cost the connection, and the exit codes.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test, after } = require('node:test');
const L = require('./lib.cjs');

const { P } = L;

const roots = [];
const clients = [];

after(() => {
  for (const c of clients) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

function start(opts = {}) {
  const root = L.workspace({ 'arena.ow': L.fixture('arena.ow') });
  roots.push(root);
  const c = L.Client.start({ root, ...opts });
  clients.push(c);
  return c;
}

async function expectCode(promise, code) {
  await assert.rejects(promise, (e) => {
    assert.ok(e instanceof P.ResponseError, `expected a ResponseError, got ${e}`);
    assert.equal(e.code, code, e.message);
    return true;
  });
}

/** waitFor polls until f returns a truthy value. */
async function waitFor(what, f, timeout = 5000) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** frame is one Content-Length frame around body. */
const frame = (body) => `Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`;

test('8a. lifecycle, malformed frames and unknown methods; shutdown then exit gives 0', async () => {
  const c = start({ args: ['--stdio'] });

  // Before initialize: requests are refused, the server waits.
  await expectCode(c.request('wright/request', { op: 'capabilities' }), -32002);
  await c.initialize();
  await expectCode(c.request(P.InitializeRequest.type, { processId: null, rootUri: null, capabilities: {} }), P.ErrorCodes.InvalidRequest);

  // A frame whose body is not JSON (cut short): a parse error carrying
  // the id read from the start of the body.
  c.sent.set(424242, '(a raw frame)');
  await c.rawWrite(frame('{"jsonrpc":"2.0","id":424242,"method":"wright/request","params":{'));
  const parseError = await waitFor('the parse error', () => c.tap.responses().find((r) => r.id === 424242 && r.error?.code === P.ErrorCodes.ParseError));
  assert.match(parseError.error.message, /not JSON/);
  // JSON that is no JSON-RPC request (a method that is a number): the
  // error carries the id.
  c.sent.set('bad-method', '(a raw frame)');
  await c.rawWrite(frame('{"jsonrpc":"2.0","id":"bad-method","method":5}'));
  const invalid = await waitFor('the invalid request error', () => c.tap.responses().find((r) => r.id === 'bad-method'));
  assert.equal(invalid.error?.code, P.ErrorCodes.InvalidRequest);
  // A bad Content-Length header: a parse error with a null id.
  await c.rawWrite('Content-Length: many\r\n\r\n');
  await waitFor('the header error', () => c.tap.responses().filter((r) => r.id === null).length === 1);
  // vscode-jsonrpc reports an answer without an id through its logger.
  await waitFor('the logged error', () => c.loggedErrors.some((m) => m.includes('without id')));

  // An unknown request is MethodNotFound; an unknown notification is
  // ignored; neither costs the connection.
  await expectCode(c.request('wright/noSuchMethod', {}), P.ErrorCodes.MethodNotFound);
  await c.conn.sendNotification('wright/noSuchNotification', {});
  await c.conn.sendNotification('$/setTrace', { value: 'off' });
  // Params of the wrong shape are InvalidParams.
  await expectCode(c.request(P.ReferencesRequest.type, { textDocument: 5, position: 'here' }), P.ErrorCodes.InvalidParams);
  // A document nobody opened is a failed request, not a crash.
  await expectCode(c.request(P.ReferencesRequest.type, { textDocument: { uri: 'file:///nowhere/x.ow' }, position: { line: 0, character: 0 }, context: { includeDeclaration: true } }), -32803);

  // Still serving, in order.
  const caps = await c.request('wright/request', { op: 'capabilities' });
  assert.equal(caps.result?.agent_contract, 'wright-agent/v1');
  const uri = L.fileURI(path.join(c.root, 'arena.ow'));
  const mark = c.mark();
  await c.open(uri, L.fixture('arena.ow'));
  const pub = await c.waitDiagnostics(uri, { since: mark });
  assert.ok(Array.isArray(pub.diagnostics) && pub.diagnostics.length > 0);

  // Many requests at once are all answered.
  const many = await Promise.all(Array.from({ length: 40 }, (_, i) =>
    c.request(P.DocumentHighlightRequest.type, { textDocument: { uri }, position: { line: i, character: 0 } })));
  assert.ok(many.every(Array.isArray));

  // After shutdown only exit is accepted.
  assert.equal(await c.request(P.ShutdownRequest.type), null);
  await expectCode(c.request('wright/request', { op: 'capabilities' }), P.ErrorCodes.InvalidRequest);
  await c.conn.sendNotification(P.ExitNotification.type);
  const { code, signal } = await c.waitExit();
  assert.equal(signal, null, c.describe());
  assert.equal(code, 0, c.describe());
  c.checkHygiene({ allowNullIdErrors: 1 });
});

test('8b. a client without prepareSupport or code action literals; exit without shutdown gives 1', async () => {
  const c = start(); // no arguments
  const res = await c.initialize({ workspace: { applyEdit: false } });
  assert.equal(res.capabilities.positionEncoding, 'utf-16', 'UTF-16 when the client offers no encoding');
  assert.equal(res.capabilities.renameProvider, true, 'a bare boolean without prepareSupport');
  assert.equal(res.capabilities.codeActionProvider, true, 'a bare boolean without codeActionLiteralSupport');
  assert.ok(Array.isArray(res.capabilities.executeCommandProvider.commands));
  // Without documentChanges, edits come as changes.
  const uri = L.fileURI(path.join(c.root, 'arena.ow'));
  await c.open(uri, L.fixture('arena.ow'));
  const at = L.rangeOf(c.text(uri), 'Attacker.Kills').end;
  const we = await c.request(P.RenameRequest.type, { textDocument: { uri }, position: { line: at.line, character: at.character - 1 }, newName: 'Frags' });
  assert.equal(we.documentChanges, undefined);
  assert.equal(L.applyTextEdits(c.text(uri), we.changes[uri]), c.text(uri).replace(/\bKills\b/g, 'Frags'));

  await c.conn.sendNotification(P.ExitNotification.type);
  const { code, signal } = await c.waitExit();
  assert.equal(signal, null, c.describe());
  assert.equal(code, 1, c.describe());
  c.checkHygiene();
});

test('8c. the client closing stdin without shutdown or exit gives 1', async () => {
  const c = start();
  await c.initialize();
  c.child.stdin.end();
  const { code, signal } = await c.waitExit();
  assert.equal(signal, null, c.describe());
  assert.equal(code, 1, c.describe());
  c.checkHygiene();
});

test('8d. a didChange that does not apply is reported with window/showMessage and changes nothing', async () => {
  const c = start();
  await c.initialize();
  const uri = L.fileURI(path.join(c.root, 'arena.ow'));
  const text = L.fixture('arena.ow');
  let mark = c.mark();
  await c.open(uri, text);
  const opened = await c.waitDiagnostics(uri, { since: mark });
  // Version 1 again: not newer than the open version.
  const wait = L.rangeOf(text, 'Wait(1');
  await c.conn.sendNotification(P.DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 1 },
    contentChanges: [{ range: { start: wait.start, end: { line: wait.start.line, character: wait.start.character + 4 } }, text: 'Wiat' }],
  });
  // A range past the end of a line.
  await c.conn.sendNotification(P.DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 5 },
    contentChanges: [{ range: { start: { line: 0, character: 500 }, end: { line: 0, character: 501 } }, text: 'x' }],
  });
  const warnings = await waitFor('two warnings', () => (c.messages.length >= 2 ? c.messages : null));
  for (const m of warnings) {
    assert.equal(m.type, P.MessageType.Warning);
    assert.match(m.message, /could not be applied/);
  }
  // The text is as it was: a good change on top of it diagnoses cleanly.
  mark = c.mark();
  c.docs.get(uri).version = 1;
  await c.change(uri, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '' }]);
  const after = await c.waitDiagnostics(uri, { since: mark });
  assert.deepEqual(after.diagnostics.map((d) => d.code), opened.diagnostics.map((d) => d.code));
  L.checkDiagnosticSpans(c.text(uri), after.diagnostics);
  assert.equal(await c.shutdownAndExit().then((r) => r.code), 0, c.describe());
  c.checkHygiene();
});

test('8e. a file whose name VS Code spells with percent escapes is one document', async () => {
  // VS Code's URI.toString() escapes + , = ; $ & @ : in paths, where Go's
  // url.URL does not: the server must not key the same file twice.
  const name = '1+1 arena.ow';
  const root = L.workspace({ [name]: L.fixture('arena.ow') });
  roots.push(root);
  const c = L.Client.start({ root });
  clients.push(c);
  await c.initialize();
  const uri = L.vscodeURI(path.join(root, name));
  assert.match(uri, /1%2B1%20arena\.ow$/);
  const mark = c.mark();
  await c.open(uri, L.fixture('arena.ow'));
  await c.waitDiagnostics(uri, { since: mark });
  // The workspace holds one Workshop file: a request needs no document.
  const rules = await c.request('wright/request', { op: 'rules', max: 1 });
  assert.equal(rules.error, undefined, `one file on disk, opened once, is reported as: ${JSON.stringify(rules.error)}`);
  await c.close(uri);
  const closed = await c.request('wright/request', { op: 'rules', max: 1 });
  assert.equal(closed.error, undefined, `after closing it: ${JSON.stringify(closed.error)}`);
  assert.equal(await c.shutdownAndExit().then((r) => r.code), 0, c.describe());
  c.checkHygiene();
});

test('8f. a client that cannot apply edits is sent no workspace/applyEdit', async () => {
  // The client declares workspace.applyEdit false: wright.applyFix must
  // answer with an error instead of sending a request the client said it
  // does not take (or not be advertised at all).
  const c = start();
  const res = await c.initialize({ workspace: { applyEdit: false }, textDocument: { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } } } });
  const uri = L.fileURI(path.join(c.root, 'arena.ow'));
  const mark = c.mark();
  await c.open(uri, L.fixture('arena.ow'));
  const pub = await c.waitDiagnostics(uri, { since: mark });
  const fixable = pub.diagnostics.find((d) => d.data && d.data.fix);
  assert.ok(fixable);
  if (res.capabilities.executeCommandProvider.commands.includes('wright.applyFix')) {
    let answer;
    try {
      answer = await c.request(P.ExecuteCommandRequest.type, { command: 'wright.applyFix', arguments: [{ uri, ...fixable.data }] });
    } catch (e) {
      answer = e;
    }
    assert.deepEqual(c.serverRequests.filter((m) => m === 'workspace/applyEdit'), [],
      `wright.applyFix sent workspace/applyEdit to a client that declared applyEdit: false (the command then answered ${JSON.stringify(answer)})`);
    assert.ok(answer instanceof P.ResponseError, `wright.applyFix answered ${JSON.stringify(answer)}, not an error`);
  }
  // Code actions still carry their edits: the client applies those itself.
  const actions = await c.request(P.CodeActionRequest.type, { textDocument: { uri }, range: fixable.range, context: { diagnostics: [fixable] } });
  assert.ok(actions.some((a) => a.kind === 'quickfix' && a.edit));
  assert.equal(await c.shutdownAndExit().then((r) => r.code), 0, c.describe());
  c.checkHygiene();
});
