'use strict';
// Cancellation through vscode-jsonrpc's CancellationToken, which sends
// $/cancelRequest: the cancelled request must be answered, with
// RequestCancelled (-32800), and the server must go on serving.
//
// Two requests that take a while, made deterministic:
//   - a compute-bound one: the first wright/request lint (all: true) of a
//     large program (the largest corpus export with its rules eight times
//     over, about 3.5 MB; twice, 0.9 MB, under -race), which loads, checks
//     and lints it. The test
//     measures the same request on an identical copy first and requires it
//     to take at least MIN_SLOW_MS, so the cancellation below (sent
//     CANCEL_AFTER_MS after the request) lands while it runs;
//   - one the client holds up: wright.applyFix waits for the client's
//     answer to workspace/applyEdit, which the test withholds until it has
//     cancelled.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test, before, after } = require('node:test');
const L = require('./lib.cjs');

const { P } = L;
const MIN_SLOW_MS = 200;
const CANCEL_AFTER_MS = 20;

let c;
let root;

/** bigProgram is z_owware with its rules repeated n times. */
function bigProgram(n) {
  const text = fs.readFileSync(path.join(L.env('WRIGHT_NODE_CORPUS'), 'z_owware.txt'), 'utf8');
  const rules = text.slice(text.indexOf('\nrule(') + 1);
  return text + rules.repeat(n - 1);
}

// How many times over the rules are repeated: the Go test makes it 1 for
// a server built with -race, which is slower by itself.
const COPIES = Number(process.env.WRIGHT_NODE_SLOW_COPIES || 8);

before(async () => {
  const big = bigProgram(COPIES);
  const files = { 'measured.ow': big, 'cancelled.ow': big };
  // The other large exports too, as a workspace of many files would be.
  const corpus = L.env('WRIGHT_NODE_CORPUS');
  for (const name of fs.readdirSync(corpus).filter((n) => n.startsWith('z_')).slice(0, 6)) {
    files[`exports/${name.replace(/\.txt$/, '.ow')}`] = fs.readFileSync(path.join(corpus, name), 'utf8');
  }
  files['arena.ow'] = L.fixture('arena.ow');
  root = L.workspace(files);
  c = L.Client.start({ root });
  await c.initialize();
});

after(() => {
  if (c && c.child.exitCode === null) c.child.kill('SIGKILL');
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

test('6a. a slow request cancelled with $/cancelRequest answers RequestCancelled', async (t) => {
  const lint = (document, token) => c.request('wright/request', { op: 'lint', all: true, document }, token);

  // The precondition: the request is slow, measured on the identical copy.
  let t0 = Date.now();
  const measured = await lint('measured.ow');
  const slowMs = Date.now() - t0;
  assert.ok(measured.result, JSON.stringify(measured).slice(0, 300));
  t.diagnostic(`uncancelled lint of a cold ${bigProgram(COPIES).length}-character program: ${slowMs} ms`);
  assert.ok(slowMs >= MIN_SLOW_MS, `the request meant to be slow took ${slowMs} ms (< ${MIN_SLOW_MS} ms): make the program bigger`);

  // The same request on the other copy, cancelled while it runs.
  const source = new P.CancellationTokenSource();
  t0 = Date.now();
  const pending = lint('cancelled.ow', source.token);
  setTimeout(() => source.cancel(), CANCEL_AFTER_MS);
  await assert.rejects(pending, (e) => {
    assert.ok(e instanceof P.ResponseError, `expected a ResponseError, got ${e}`);
    assert.equal(e.code, P.LSPErrorCodes.RequestCancelled, e.message);
    return true;
  });
  const cancelledMs = Date.now() - t0;
  t.diagnostic(`the cancelled request was answered after ${cancelledMs} ms`);

  // The server goes on, and the cancelled request left nothing broken:
  // the same request now answers what the identical copy answered.
  const again = await lint('cancelled.ow');
  assert.ok(again.result, JSON.stringify(again).slice(0, 300));
  const same = (r) => JSON.parse(JSON.stringify(r.result).replaceAll('cancelled.ow', 'measured.ow'));
  assert.deepEqual(same(again), same(measured));

  // Cancelling a request that has been answered changes nothing.
  const quick = new P.CancellationTokenSource();
  const caps = await c.request('wright/request', { op: 'capabilities' }, quick.token);
  quick.cancel();
  assert.ok(caps.result);
  // A $/cancelRequest for an id never sent is ignored.
  await c.conn.sendNotification('$/cancelRequest', { id: 987654 });
  assert.ok((await c.request('wright/request', { op: 'capabilities' })).result);
});

test('6b. wright.applyFix cancelled while the client holds its workspace/applyEdit', async () => {
  const uri = L.fileURI(path.join(root, 'arena.ow'));
  const mark = c.mark();
  await c.open(uri, L.fixture('arena.ow'));
  const pub = await c.waitDiagnostics(uri, { since: mark });
  const banner = pub.diagnostics.find((d) => d.code === 'unused-variable' && d.data.fix);
  assert.ok(banner, JSON.stringify(pub.diagnostics));

  // Hold the answer to workspace/applyEdit until the test lets it go.
  let arrived;
  const applyArrived = new Promise((resolve) => {
    arrived = resolve;
  });
  let release;
  const released = new Promise((resolve) => {
    release = resolve;
  });
  c.onApplyEdit = async () => {
    arrived();
    await released;
    return { applied: false, failureReason: 'the request was cancelled' };
  };
  try {
    const source = new P.CancellationTokenSource();
    const pending = c.request(P.ExecuteCommandRequest.type, { command: 'wright.applyFix', arguments: [{ uri, ...banner.data }] }, source.token);
    await applyArrived; // the server is now waiting for the client
    source.cancel();
    await assert.rejects(pending, (e) => {
      assert.ok(e instanceof P.ResponseError, `expected a ResponseError, got ${e}`);
      assert.equal(e.code, P.LSPErrorCodes.RequestCancelled, e.message);
      return true;
    });
  } finally {
    release();
    c.onApplyEdit = undefined;
  }
  // Still serving.
  const refs = await c.request(P.ReferencesRequest.type, { textDocument: { uri }, position: L.rangeOf(c.text(uri), 'Attacker.Kills').end, context: { includeDeclaration: true } });
  assert.ok(refs.length >= 5, JSON.stringify(refs));
});

test('6c. shutdown then exit after cancellations: code 0, every request answered once', async () => {
  const { code } = await c.shutdownAndExit();
  assert.equal(code, 0, c.describe());
  c.checkHygiene();
});
