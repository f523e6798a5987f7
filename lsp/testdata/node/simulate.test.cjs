'use strict';
// The Simulate code lenses as an editor runs them: the lens's own command
// and arguments sent back with workspace/executeCommand, over stdio to the
// built binary. A client that opens files only is shown a file the server
// wrote under the user cache directory (XDG_CACHE_HOME here, a temporary
// folder); a client that serves wright-trace: itself (the VS Code
// extension) is shown that URI and reads it with wright/traceDocument.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { fileURLToPath } = require('node:url');
const { test, after } = require('node:test');
const L = require('./lib.cjs');

const { P } = L;

const cleanup = [];
after(() => {
  for (const f of cleanup) f();
});

/** session starts a client with the given extra client capabilities. */
async function session(extraCaps) {
  const root = L.workspace({ 'arena.ow': L.fixture('arena.ow') });
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'wright-cache-'));
  const c = L.Client.start({ root, args: ['--stdio'], env: { XDG_CACHE_HOME: cache } });
  cleanup.push(() => {
    if (c.child.exitCode === null) c.child.kill('SIGKILL');
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(cache, { recursive: true, force: true });
  });
  const init = await c.initialize({ ...L.fullCapabilities, window: { showDocument: { support: true } }, ...extraCaps });
  assert.ok(init.capabilities.executeCommandProvider.commands.includes('wright.simulate'), 'wright.simulate is advertised');
  const uri = L.fileURI(path.join(root, 'arena.ow'));
  await c.open(uri, L.fixture('arena.ow'));
  await c.waitDiagnostics(uri);
  return { c, root, cache, uri };
}

/** lens returns the code lens titled title above the line holding needle. */
async function lens(c, uri, title, needle) {
  const lenses = await c.request(P.CodeLensRequest.type, { textDocument: { uri } });
  const line = needle === undefined ? undefined : L.rangeOf(c.text(uri), needle).start.line;
  const found = lenses.find((l) => l.command && l.command.title === title && (line === undefined || l.range.start.line === line));
  assert.ok(found, `no lens ${title} at ${needle}: ${JSON.stringify(lenses.map((l) => [l.range.start.line, l.command.title]))}`);
  return found;
}

/** run runs a lens's command as the editor does. */
function run(c, l) {
  return c.request(P.ExecuteCommandRequest.type, { command: l.command.command, arguments: l.command.arguments });
}

test('9a. "Simulate this rule" in a client that opens files: a file under the cache directory, shown', async () => {
  const { c, root, cache, uri } = await session({});
  const l = await lens(c, uri, '▶ Simulate this rule', 'rule("Tick")');
  const res = await run(c, l);
  assert.match(res.text, /^Simulation of rule 1 "Tick" \(arena\.ow\)\n/, res.text);
  assert.match(res.text, /\[global r1 #\d+\] set Round \(\+=\) to 1/, 'the rule adds to Round');
  assert.doesNotMatch(res.text, /\[global r0/, 'no line of another rule');
  assert.deepEqual(c.shownDocuments.map((d) => d.uri), [res.file], 'the file was shown');
  const file = fileURLToPath(res.file);
  assert.equal(path.dirname(file), path.join(cache, 'wright-lsp', 'traces'));
  assert.equal(fs.readFileSync(file, 'utf8'), res.text);
  assert.deepEqual(fs.readdirSync(root), ['arena.ow'], 'nothing written in the workspace');
  c.checkHygiene();
});

test('9b. "Simulate program" in a client that serves wright-trace: that URI, read with wright/traceDocument', async () => {
  const { c, cache, uri } = await session({ experimental: { wrightTraceDocuments: true } });
  const l = await lens(c, uri, '▶ Simulate program (5 s)');
  assert.equal(l.command.arguments[0].rule, undefined, 'the program lens names no rule');
  const res = await run(c, l);
  assert.match(res.uri, /^wright-trace:\/\/\/.*\/arena\.ow\/program\.trace$/);
  assert.deepEqual(c.shownDocuments.map((d) => d.uri), [res.uri]);
  assert.equal(res.shown, true);
  const served = await c.request('wright/traceDocument', { uri: res.uri });
  assert.equal(served.text, res.text);
  assert.match(res.text, /rule "Setup" starts/);
  assert.match(res.text, /rule "Tick" starts/);
  assert.equal(fs.existsSync(path.join(cache, 'wright-lsp')), false, 'no file for a client that serves wright-trace:');
  c.checkHygiene();
});
