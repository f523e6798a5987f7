'use strict';
// The features of wright-lsp as an editor uses them, in one session over
// stdio: capabilities, diagnostics through open/change/close, rename,
// a quick fix applied through workspace/applyEdit, agent requests that see
// unsaved text, and positions on a line of emoji and CJK text.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test, before, after } = require('node:test');
const L = require('./lib.cjs');

const { P } = L;

let c; // the client
let root; // the workspace folder
let uri; // arena.ow, on disk and open
let original; // arena.ow as on disk

/** codes lists the diagnostic codes of a publication. */
const codes = (pub) => pub.diagnostics.map((d) => d.code);

/** expectCode asserts that a promise rejects with a JSON-RPC error code. */
async function expectCode(promise, code, message) {
  await assert.rejects(promise, (e) => {
    assert.ok(e instanceof P.ResponseError, `expected a ResponseError, got ${e}`);
    assert.equal(e.code, code, `error code of: ${e.message}`);
    if (message) assert.match(e.message, message);
    return true;
  });
}

before(async () => {
  original = L.fixture('arena.ow');
  root = L.workspace({ 'arena.ow': original });
  uri = L.fileURI(path.join(root, 'arena.ow'));
  c = L.Client.start({ root, args: ['--stdio'] });
});

after(async () => {
  if (c && c.child.exitCode === null) c.child.kill('SIGKILL');
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

// Which request each advertised provider promises to answer.
const providerMethods = {
  referencesProvider: 'textDocument/references',
  definitionProvider: 'textDocument/definition',
  documentHighlightProvider: 'textDocument/documentHighlight',
  renameProvider: 'textDocument/rename',
  codeActionProvider: 'textDocument/codeAction',
  executeCommandProvider: 'workspace/executeCommand',
  hoverProvider: 'textDocument/hover',
  completionProvider: 'textDocument/completion',
  signatureHelpProvider: 'textDocument/signatureHelp',
  documentSymbolProvider: 'textDocument/documentSymbol',
  workspaceSymbolProvider: 'workspace/symbol',
  foldingRangeProvider: 'textDocument/foldingRange',
  documentFormattingProvider: 'textDocument/formatting',
  documentRangeFormattingProvider: 'textDocument/rangeFormatting',
  inlayHintProvider: 'textDocument/inlayHint',
  codeLensProvider: 'textDocument/codeLens',
  colorProvider: 'textDocument/documentColor',
  semanticTokensProvider: 'textDocument/semanticTokens/full',
  selectionRangeProvider: 'textDocument/selectionRange',
  typeDefinitionProvider: 'textDocument/typeDefinition',
  implementationProvider: 'textDocument/implementation',
  declarationProvider: 'textDocument/declaration',
  documentLinkProvider: 'textDocument/documentLink',
  linkedEditingRangeProvider: 'textDocument/linkedEditingRange',
  callHierarchyProvider: 'textDocument/prepareCallHierarchy',
  diagnosticProvider: 'textDocument/diagnostic',
};

let capabilities;

test('1. initialize advertises what the server does', async (t) => {
  const res = await c.initialize();
  capabilities = res.capabilities;
  const caps = res.capabilities;
  assert.equal(res.serverInfo?.name, 'wright-lsp');
  assert.equal(caps.positionEncoding, 'utf-16');
  assert.equal(caps.textDocumentSync.change, P.TextDocumentSyncKind.Incremental);
  assert.equal(caps.textDocumentSync.openClose, true);
  assert.equal(caps.referencesProvider, true);
  assert.equal(caps.definitionProvider, true);
  assert.equal(caps.documentHighlightProvider, true);
  assert.deepEqual(caps.renameProvider, { prepareProvider: true }, 'the client declared prepareSupport');
  assert.ok(Array.isArray(caps.codeActionProvider?.codeActionKinds), 'the client declared codeActionLiteralSupport: kinds are listed');
  for (const k of ['quickfix', 'source.fixAll.wright']) {
    assert.ok(caps.codeActionProvider.codeActionKinds.includes(k), `code action kind ${k}`);
  }
  assert.ok(Array.isArray(caps.executeCommandProvider?.commands), 'executeCommandProvider.commands is an array');
  for (const cmd of ['wright.request', 'wright.applyFix']) {
    assert.ok(caps.executeCommandProvider.commands.includes(cmd), `command ${cmd}`);
  }
  assert.equal(caps.workspace?.workspaceFolders?.supported, true);
  // After initialized, the server asks for its settings and registers
  // its file watchers, as the client declared it can take both.
  const deadline = Date.now() + 5000;
  while (!(c.serverRequests.includes('workspace/configuration') && c.serverRequests.includes('client/registerCapability'))) {
    assert.ok(Date.now() < deadline, `server requests after initialized: ${JSON.stringify(c.serverRequests)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
});

test('1b. every advertised provider answers its request', async (t) => {
  await c.open(uri, original);
  const pos = L.rangeOf(original, 'Attacker.Kills').start;
  const td = { uri };
  const range = { start: pos, end: pos };
  const params = {
    'textDocument/references': { textDocument: td, position: pos, context: { includeDeclaration: true } },
    'textDocument/rename': { textDocument: td, position: L.rangeOf(original, 'Kills', 1).start, newName: 'Frags' },
    'textDocument/codeAction': { textDocument: td, range, context: { diagnostics: [] } },
    'workspace/executeCommand': { command: 'wright.request', arguments: [{ op: 'capabilities' }] },
    'workspace/symbol': { query: 'Kills' },
    'textDocument/formatting': { textDocument: td, options: { tabSize: 4, insertSpaces: false } },
    'textDocument/rangeFormatting': { textDocument: td, range, options: { tabSize: 4, insertSpaces: false } },
    'textDocument/inlayHint': { textDocument: td, range: { start: { line: 0, character: 0 }, end: L.positionAt(original, original.length) } },
    'textDocument/selectionRange': { textDocument: td, positions: [pos] },
    'textDocument/diagnostic': { textDocument: td },
  };
  for (const key of Object.keys(capabilities).filter((k) => k.endsWith('Provider')).sort()) {
    const method = providerMethods[key];
    if (!method) {
      t.diagnostic(`${key} is advertised but this test has no request for it: add it to providerMethods`);
      continue;
    }
    const p = params[method] || { textDocument: td, position: pos };
    try {
      await c.request(method, p);
    } catch (e) {
      assert.notEqual(e.code, P.ErrorCodes.MethodNotFound, `${key} is advertised but ${method} is not served: ${e.message}`);
    }
  }
});

test('2. diagnostics on open, on an incremental change, on revert and on close', async () => {
  // Open (done above): version 1, an array, the fixture's findings.
  const opened = await c.waitDiagnostics(uri);
  assert.ok(Array.isArray(opened.diagnostics));
  for (const code of ['write-only-variable', 'unused-variable', 'unused-subroutine', 'repeated-value']) {
    assert.ok(codes(opened).includes(code), `${code} in ${codes(opened)}`);
  }
  assert.ok(!codes(opened).includes('unknown-action'));
  for (const d of opened.diagnostics) {
    assert.equal(d.source, 'wright');
    assert.ok([1, 2, 3, 4].includes(d.severity));
    assert.equal(d.data.version, 1);
  }
  L.checkDiagnosticSpans(c.text(uri), opened.diagnostics);

  // An incremental change: Wait → Wiat, an unknown action.
  const wait = L.rangeOf(c.text(uri), 'Wait(1, Ignore Condition);');
  const word = { start: wait.start, end: { line: wait.start.line, character: wait.start.character + 4 } };
  let mark = c.mark();
  await c.change(uri, [{ range: word, text: 'Wiat' }]);
  const broken = await c.waitDiagnostics(uri, { since: mark });
  const unknown = broken.diagnostics.filter((d) => d.code === 'unknown-action');
  assert.equal(unknown.length, 1, JSON.stringify(broken.diagnostics));
  assert.equal(unknown[0].severity, P.DiagnosticSeverity.Error);
  assert.deepEqual(unknown[0].range, word);
  assert.equal(L.slice(c.text(uri), unknown[0].range), 'Wiat');
  assert.match(unknown[0].message, /Wiat/);
  assert.deepEqual(unknown[0].data.suggestions, ['Wait']);
  L.checkDiagnosticSpans(c.text(uri), broken.diagnostics);

  // Revert in one notification of two changes, the second against the
  // text the first left: delete the word, then insert the right one.
  mark = c.mark();
  await c.change(uri, [
    { range: word, text: '' },
    { range: { start: word.start, end: word.start }, text: 'Wait' },
  ]);
  assert.equal(c.text(uri), original);
  const fixed = await c.waitDiagnostics(uri, { since: mark });
  assert.ok(!codes(fixed).includes('unknown-action'), JSON.stringify(codes(fixed)));
  assert.deepEqual(codes(fixed), codes(opened));

  // A whole-document change (no range) is taken too.
  mark = c.mark();
  await c.change(uri, [{ text: original.replace('Wait(1, Ignore Condition);', 'Wiat(1, Ignore Condition);') }, { text: original }]);
  const whole = await c.waitDiagnostics(uri, { since: mark });
  assert.deepEqual(codes(whole), codes(opened));
  L.checkDiagnosticSpans(c.text(uri), whole.diagnostics);

  // A second document, in Chinese (not on disk): many diagnostics on
  // lines of CJK text; then closing it publishes an empty array.
  const zhText = fs.readFileSync(path.join(L.env('WRIGHT_NODE_CORPUS'), 'zhCN_lijiang_parkour_EXCERPT.txt'), 'utf8');
  const zhURI = L.fileURI(path.join(root, 'unsaved-zh.ow'));
  mark = c.mark();
  await c.open(zhURI, zhText);
  const zh = await c.waitDiagnostics(zhURI, { since: mark });
  assert.ok(zh.diagnostics.length > 50, `${zh.diagnostics.length} diagnostics`);
  assert.ok(zh.diagnostics.some((d) => /[^\x00-\x7f]/.test(c.text(zhURI).split('\n')[d.range.start.line])), 'some diagnostic is on a line with non-ASCII text');
  L.checkDiagnosticSpans(zhText, zh.diagnostics);
  mark = c.mark();
  await c.close(zhURI);
  const closed = await c.waitDiagnostics(zhURI, { since: mark, pred: () => true });
  assert.deepEqual(closed.diagnostics, [], 'closing publishes an empty array');
});

test('2b. typing: many quick changes, the last publication is for the last text', async () => {
  // Type a new action one character at a time at the end of the emoji
  // line, then delete it the same way; each keystroke is its own
  // didChange, as an editor sends them.
  const start = c.text(uri);
  const line = start.split('\n').findIndex((l) => l.includes('🎯'));
  const at = { line, character: start.split('\n')[line].length };
  const typed = ' Wiat(0.5, Ignore Condition); // 等待 ⏳🕐';
  const mark = c.mark();
  let col = at.character;
  for (const ch of typed) {
    // One keystroke is one code point: an emoji is two UTF-16 units.
    const pos = { line, character: col };
    await c.change(uri, [{ range: { start: pos, end: pos }, text: ch }]);
    col += ch.length;
  }
  assert.ok(c.text(uri).split('\n')[line].endsWith(typed));
  const mid = await c.waitDiagnostics(uri, { since: mark });
  const unknown = mid.diagnostics.filter((d) => d.code === 'unknown-action');
  assert.equal(unknown.length, 1, JSON.stringify(mid.diagnostics.map((d) => [d.code, d.range])));
  assert.equal(L.slice(c.text(uri), unknown[0].range), 'Wiat');
  L.checkDiagnosticSpans(c.text(uri), mid.diagnostics);
  const mark2 = c.mark();
  for (let i = typed.length; i > 0; i--) {
    // Delete backwards by UTF-16 units, as a backspace over the text
    // (a surrogate pair goes in one keystroke).
    let n = 1;
    const code = c.text(uri).split('\n')[line].charCodeAt(at.character + i - 1);
    if (code >= 0xdc00 && code <= 0xdfff) n = 2;
    const end = { line, character: at.character + i };
    await c.change(uri, [{ range: { start: { line, character: at.character + i - n }, end }, text: '' }]);
    i -= n - 1;
  }
  assert.equal(c.text(uri), start);
  const back = await c.waitDiagnostics(uri, { since: mark2 });
  assert.ok(!codes(back).includes('unknown-action'), JSON.stringify(codes(back)));
  L.checkDiagnosticSpans(c.text(uri), back.diagnostics);
});

test('3. prepareRename and rename, applied to the editor text; illegal names refused', async () => {
  const text = c.text(uri);
  const at = L.rangeOf(text, 'Attacker.Kills += 1');
  const pos = { line: at.start.line, character: at.start.character + 'Attacker.'.length + 2 }; // inside "Kills"
  const prep = await c.request(P.PrepareRenameRequest.type, { textDocument: { uri }, position: pos });
  assert.equal(prep.placeholder, 'Kills');
  assert.equal(L.slice(text, prep.range), 'Kills');

  const we = await c.request(P.RenameRequest.type, { textDocument: { uri }, position: pos, newName: 'Frags' });
  const changes = L.editsOf(we);
  assert.equal(changes.length, 1);
  assert.equal(changes[0].uri, uri);
  assert.equal(changes[0].version, c.docs.get(uri).version, 'the edit names the open version');
  for (const e of changes[0].edits) assert.equal(L.slice(text, e.range), 'Kills');
  assert.equal(L.applyTextEdits(text, changes[0].edits), text.replace(/\bKills\b/g, 'Frags'));

  // A rule name: the placeholder is inside the quotes.
  const rule = L.rangeOf(text, 'Player died');
  const rprep = await c.request(P.PrepareRenameRequest.type, { textDocument: { uri }, position: rule.start });
  assert.equal(rprep.placeholder, 'Player died');
  assert.equal(L.slice(text, rprep.range), 'Player died');
  const rwe = await c.request(P.RenameRequest.type, { textDocument: { uri }, position: rule.start, newName: 'On a kill' });
  assert.equal(L.applyTextEdits(text, L.editsOf(rwe)[0].edits), text.replace('rule("Player died")', 'rule("On a kill")'));

  // Refusals.
  await expectCode(c.request(P.RenameRequest.type, { textDocument: { uri }, position: pos, newName: '2fast' }), -32803, /2fast.*not a Workshop name/);
  await expectCode(c.request(P.RenameRequest.type, { textDocument: { uri }, position: pos, newName: 'Two words' }), -32803);
  // Nothing to rename on a keyword: null, and rename says why.
  const kw = L.rangeOf(text, 'actions').start;
  assert.equal(await c.request(P.PrepareRenameRequest.type, { textDocument: { uri }, position: kw }), null);
  await expectCode(c.request(P.RenameRequest.type, { textDocument: { uri }, position: kw, newName: 'X' }), -32803);
  // A position outside the text is an error, never clamped.
  await expectCode(c.request(P.PrepareRenameRequest.type, { textDocument: { uri }, position: { line: 9999, character: 0 } }), P.ErrorCodes.InvalidParams);
});

test('4. a quick fix: codeAction, then wright.applyFix through a workspace/applyEdit round trip', async () => {
  const pub = await c.waitDiagnostics(uri, { pred: (p) => p.version === c.docs.get(uri).version });
  const banner = pub.diagnostics.find((d) => d.code === 'unused-variable' && L.slice(c.text(uri), d.range) === 'Banner');
  assert.ok(banner, JSON.stringify(pub.diagnostics));
  assert.equal(banner.data.fix, 'remove-declaration');
  const before = c.text(uri);
  const expected = before.replace('\t\t2: Banner\n', '');
  assert.notEqual(expected, before);

  const actions = await c.request(P.CodeActionRequest.type, { textDocument: { uri }, range: banner.range, context: { diagnostics: [banner] } });
  assert.ok(Array.isArray(actions));
  const quick = actions.find((a) => a.kind === 'quickfix');
  assert.ok(quick, JSON.stringify(actions));
  assert.equal(quick.isPreferred, true);
  assert.deepEqual(quick.diagnostics, [banner], 'the diagnostic is echoed back as sent');
  assert.equal(L.applyTextEdits(before, L.editsOf(quick.edit)[0].edits), expected);
  const fixAll = actions.find((a) => a.kind === 'source.fixAll.wright');
  assert.ok(fixAll, 'a fix-all action');
  const all = L.applyTextEdits(before, L.editsOf(fixAll.edit)[0].edits);
  assert.equal(all, expected.replace('\t1: Unused\n', ''));
  // Only: quickfix leaves fix-all out.
  const onlyQuick = await c.request(P.CodeActionRequest.type, { textDocument: { uri }, range: banner.range, context: { diagnostics: [banner], only: ['quickfix'] } });
  assert.deepEqual(onlyQuick.map((a) => a.kind), ['quickfix']);

  // The command: the server asks the client to apply the edit.
  const applied = c.appliedEdits.length;
  const res = await c.request(P.ExecuteCommandRequest.type, { command: 'wright.applyFix', arguments: [{ uri, ...banner.data }] });
  assert.deepEqual(res, { applied: true });
  assert.equal(c.appliedEdits.length, applied + 1, 'one workspace/applyEdit');
  const req = c.appliedEdits[applied];
  assert.ok(typeof req.label === 'string' && req.label.length > 0, 'the edit has a label');
  assert.equal(c.docs.get(uri).pendingText, expected);
  const mark = c.mark();
  await c.commitApplied(uri);
  assert.equal(c.text(uri), expected);
  const after = await c.waitDiagnostics(uri, { since: mark });
  assert.ok(!after.diagnostics.some((d) => d.code === 'unused-variable' && d.message.includes('Banner')), JSON.stringify(codes(after)));
  assert.ok(codes(after).includes('unused-subroutine'));
  L.checkDiagnosticSpans(c.text(uri), after.diagnostics);

  // The same fix again is stale: the document moved on.
  await expectCode(c.request(P.ExecuteCommandRequest.type, { command: 'wright.applyFix', arguments: [{ uri, ...banner.data }] }), -32801);
  assert.equal(c.appliedEdits.length, applied + 1, 'no second workspace/applyEdit');
  // Unknown commands and a wrong argument count are invalid params.
  await expectCode(c.request(P.ExecuteCommandRequest.type, { command: 'wright.nothing', arguments: [{}] }), P.ErrorCodes.InvalidParams);
  await expectCode(c.request(P.ExecuteCommandRequest.type, { command: 'wright.request', arguments: [] }), P.ErrorCodes.InvalidParams);
});

test('5. wright.request and wright/request see the unsaved text', async () => {
  const viaCommand = await c.request(P.ExecuteCommandRequest.type, { command: 'wright.request', arguments: [{ op: 'usage', symbol: 'Kills' }] });
  assert.ok(viaCommand.result, JSON.stringify(viaCommand));
  assert.equal(viaCommand.result.name, 'Kills');
  assert.equal(viaCommand.result.kind, 'playerVariable');
  assert.equal(viaCommand.result.declarations, 1);
  const viaRequest = await c.request('wright/request', { op: 'usage', symbol: 'Kills' });
  assert.deepEqual(viaRequest, viaCommand);

  // The editor adds a rule and does not save.
  const end = L.positionAt(c.text(uri), c.text(uri).length);
  const added = '\nrule("Added in the editor")\n{\n\tevent\n\t{\n\t\tOngoing - Global;\n\t}\n\n\tactions\n\t{\n\t\tWait(1, Ignore Condition);\n\t}\n}\n';
  const mark = c.mark();
  await c.change(uri, [{ range: { start: end, end }, text: added }]);
  const rules = await c.request('wright/request', { op: 'rules', all: true });
  assert.ok(rules.result, JSON.stringify(rules));
  const names = rules.result.rules.map((r) => r.name);
  assert.ok(names.includes('Added in the editor'), JSON.stringify(names));
  assert.ok(!fs.readFileSync(path.join(root, 'arena.ow'), 'utf8').includes('Added in the editor'), 'the file on disk is unchanged');
  const rulesCmd = await c.request(P.ExecuteCommandRequest.type, { command: 'wright.request', arguments: [{ op: 'rules', all: true, document: 'arena.ow' }] });
  assert.deepEqual(rulesCmd.result.rules.map((r) => r.name), names);
  await c.waitDiagnostics(uri, { since: mark });

  // A refusal is an answer, not a JSON-RPC error.
  const refused = await c.request('wright/request', { op: 'usage', symbol: 'NoSuchThing' });
  assert.ok(refused.error && typeof refused.error.code === 'string', JSON.stringify(refused));
  const unknownDoc = await c.request('wright/request', { op: 'rules', document: 'missing.ow' });
  assert.equal(unknownDoc.error?.code, 'unknown-document');
});

test('6. an OverPy document: its problems after an edit, hover, completion after . and @, rename, a lint quick fix, agent requests', async () => {
  // score is written and read: a lint-clean program.
  const text = 'globalvar score\n\nrule "OverPy":\n    @Event eachPlayer\n    score = 1\n    wait(score)\n';
  const opyPath = path.join(root, 'game.opy');
  fs.writeFileSync(opyPath, text);
  const opy = L.fileURI(opyPath);
  await c.open(opy, text);
  let pub = await c.waitDiagnostics(opy);
  assert.deepEqual(pub.diagnostics, [], 'a valid program has nothing to report');

  // A lint finding at its OverPy place, and its quick fix stated on the
  // OverPy text: the unused declaration's line goes.
  const beforeSpare = c.text(opy);
  let mark = c.mark();
  await c.change(opy, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: 'globalvar spare\n' }]);
  pub = await c.waitDiagnostics(opy, { since: mark, pred: (p) => p.diagnostics.some((d) => d.code === 'unused-variable') });
  const unused = pub.diagnostics.find((d) => d.code === 'unused-variable');
  assert.equal(L.slice(c.text(opy), unused.range), 'spare');
  const fixes = await c.request(P.CodeActionRequest.type, { textDocument: { uri: opy }, range: unused.range, context: { diagnostics: [unused], only: ['quickfix'] } });
  const removal = fixes.find((a) => a.isPreferred);
  assert.ok(removal, JSON.stringify(fixes));
  const fixed = L.applyTextEdits(c.text(opy), L.editsOf(removal.edit).flatMap((e) => e.edits));
  assert.equal(fixed, beforeSpare);
  mark = c.mark();
  await c.change(opy, [{ range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } }, text: '' }]);
  assert.equal(c.text(opy), beforeSpare);
  await c.waitDiagnostics(opy, { since: mark });

  // An edit that breaks it: the problem is published at its OverPy place.
  const end = L.positionAt(c.text(opy), c.text(opy).length);
  await c.change(opy, [{ range: { start: end, end }, text: '    fooBar(2)\n' }]);
  pub = await c.waitDiagnostics(opy);
  const bad = pub.diagnostics.find((d) => d.code === 'unknown-function');
  assert.ok(bad, JSON.stringify(pub.diagnostics));
  assert.equal(L.slice(c.text(opy), bad.range), 'fooBar');

  // Hover on a catalog function.
  const waitAt = L.rangeOf(c.text(opy), 'wait').start;
  const hover = await c.request(P.HoverRequest.type, { textDocument: { uri: opy }, position: waitAt });
  assert.match(hover.contents.value, /Workshop action \*\*Wait\*\*/);

  // Completion after '.' and after '@', typed at the end of new lines.
  const tail = L.positionAt(c.text(opy), c.text(opy).length);
  await c.change(opy, [{ range: { start: tail, end: tail }, text: '    eventPlayer.\n    @\n' }]);
  const lines = c.text(opy).split('\n');
  const dotLine = lines.findIndex((l) => l === '    eventPlayer.');
  const afterDot = await c.request(P.CompletionRequest.type, { textDocument: { uri: opy }, position: { line: dotLine, character: lines[dotLine].length } });
  assert.ok(afterDot.items.some((i) => i.label === 'teleport'), 'teleport after eventPlayer.');
  const atLine = lines.findIndex((l) => l === '    @');
  const afterAt = await c.request(P.CompletionRequest.type, { textDocument: { uri: opy }, position: { line: atLine, character: 5 } });
  assert.ok(afterAt.items.some((i) => i.label === 'Condition'), 'Condition after @');

  // Rename a variable: every occurrence, nothing else.
  const scoreAt = L.rangeOf(c.text(opy), 'score = 1').start;
  const we = await c.request(P.RenameRequest.type, { textDocument: { uri: opy }, position: scoreAt, newName: 'points' });
  const edits = L.editsOf(we).filter((e) => e.uri === opy).flatMap((e) => e.edits);
  const renamed = L.applyTextEdits(c.text(opy), edits);
  assert.equal(renamed, c.text(opy).replace(/\bscore\b/g, 'points'));

  // An agent request for the OverPy document reads its unsaved text.
  const checked = await c.request('wright/request', { op: 'check', document: 'game.opy' });
  assert.ok(checked.result, JSON.stringify(checked));
  assert.ok(checked.result.diagnostics.some((d) => d.code === 'unknown-function' && d.range.path.endsWith('game.opy')), JSON.stringify(checked.result.diagnostics));
  await c.close(opy);
});

test('7. positions on a line of emoji and CJK text (UTF-16)', async () => {
  let text = c.text(uri);
  const line = text.split('\n').findIndex((l) => l.includes('🎯'));
  assert.ok(line >= 0);
  // An incremental change after the emoji: "Small" → "Smal", by UTF-16
  // positions, as the editor counts them.
  const small = L.rangeOf(text, 'Small Message(Attacker');
  assert.equal(small.start.line, line);
  const lineText = text.split('\n')[line];
  assert.notEqual(small.start.character, Buffer.from(lineText.slice(0, lineText.indexOf('Small Message(Attacker')), 'utf8').length, 'UTF-16 and UTF-8 columns differ on this line');
  assert.notEqual(small.start.character, [...lineText.slice(0, lineText.indexOf('Small Message(Attacker'))].length, 'UTF-16 and code point columns differ on this line');
  const l = { start: { line, character: small.start.character + 3 }, end: { line, character: small.start.character + 4 } };
  let mark = c.mark();
  await c.change(uri, [{ range: l, text: '' }]);
  text = c.text(uri);
  assert.ok(text.split('\n')[line].includes('Smal Message(Attacker'));
  const pub = await c.waitDiagnostics(uri, { since: mark });
  const unknown = pub.diagnostics.filter((d) => d.code === 'unknown-action');
  assert.equal(unknown.length, 1, JSON.stringify(pub.diagnostics));
  assert.deepEqual(unknown[0].range, { start: small.start, end: { line, character: small.start.character + 'Smal Message'.length } });
  assert.equal(L.slice(text, unknown[0].range), 'Smal Message');
  L.checkDiagnosticSpans(text, pub.diagnostics);

  // Its quick fix lands on the same characters.
  const actions = await c.request(P.CodeActionRequest.type, { textDocument: { uri }, range: unknown[0].range, context: { diagnostics: [unknown[0]], only: ['quickfix'] } });
  const preferred = actions.find((a) => a.isPreferred);
  assert.ok(preferred, JSON.stringify(actions));
  assert.equal(preferred.title, 'Replace with Small Message');
  const repaired = L.applyTextEdits(text, L.editsOf(preferred.edit)[0].edits);
  assert.equal(repaired.split('\n')[line], lineText);

  // Rename Kills from a position after the emoji: both uses on the line.
  const lastKills = text.split('\n')[line].lastIndexOf('Kills');
  const pos = { line, character: lastKills + 1 };
  const prep = await c.request(P.PrepareRenameRequest.type, { textDocument: { uri }, position: pos });
  assert.deepEqual(prep.range, { start: { line, character: lastKills }, end: { line, character: lastKills + 5 } });
  const we = await c.request(P.RenameRequest.type, { textDocument: { uri }, position: pos, newName: 'Frags' });
  const edits = L.editsOf(we)[0].edits;
  assert.equal(edits.filter((e) => e.range.start.line === line).length, 2);
  const renamed = L.applyTextEdits(text, edits);
  assert.equal(renamed.split('\n')[line], text.split('\n')[line].replace(/\bKills\b/g, 'Frags'));
  assert.equal(renamed, text.replace(/\bKills\b/g, 'Frags'));

  // Put the line back.
  mark = c.mark();
  await c.change(uri, [{ range: { start: l.start, end: l.start }, text: 'l' }]);
  assert.equal(c.text(uri).split('\n')[line], lineText);
  const back = await c.waitDiagnostics(uri, { since: mark });
  assert.ok(!codes(back).includes('unknown-action'));
});

test('8. shutdown then exit: code 0, and the session was clean JSON-RPC', async () => {
  const { code, signal } = await c.shutdownAndExit();
  assert.equal(signal, null, c.describe());
  assert.equal(code, 0, c.describe());
  c.checkHygiene();
});
