// The manifest agrees with the code: commands, configuration keys,
// languages, grammars and activation events.

import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const sources = readdirSync(join(root, 'src'))
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(join(root, 'src', f), 'utf8'))
  .join('\n');
const all = (re) => [...sources.matchAll(re)].map((m) => m[1]);

const contributed = pkg.contributes.commands.map((c) => c.command);
const registered = all(/registerCommand\(\s*'([^']+)'/g);
const declaredKeys = Object.keys(pkg.contributes.configuration.properties);
const languages = pkg.contributes.languages.map((l) => l.id);

// The commands the server advertises (executeCommandProvider): the
// language client registers them, so the extension must not.
function serverCommands() {
  const lsp = join(root, '..', '..', 'lsp');
  if (!existsSync(lsp)) return null;
  const go = readdirSync(lsp)
    .filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'))
    .map((f) => readFileSync(join(lsp, f), 'utf8'))
    .join('\n');
  return [...go.matchAll(/\b\w+Command\s*=\s*"(wright\.[^"]+)"/g)].map((m) => m[1]);
}

test('every contributed command is registered, and every registered command is contributed', () => {
  assert.deepEqual([...registered].sort(), [...contributed].sort());
  for (const c of pkg.contributes.commands) {
    assert.ok(c.title && c.category === 'Wright', `${c.command} has a title and the Wright category`);
  }
});

test('no command of the server is registered again by the extension', (t) => {
  const server = serverCommands();
  if (!server) return t.skip('lsp/ is not beside editors/');
  assert.ok(server.includes('wright.request'), `server commands: ${server}`);
  for (const c of server) assert.ok(!registered.includes(c) && !contributed.includes(c), `${c} belongs to the language client`);
  // The command the extension sends is one the server runs.
  const sent = all(/requestCommand\s*=\s*'([^']+)'/g);
  assert.deepEqual(sent, ['wright.request']);
  assert.ok(server.includes(sent[0]));
});

test('settings are read only through config.ts', () => {
  for (const f of readdirSync(join(root, 'src')).filter((f) => f.endsWith('.ts') && f !== 'config.ts')) {
    const text = readFileSync(join(root, 'src', f), 'utf8');
    assert.ok(!/getConfiguration\(|affectsConfiguration\(/.test(text), `src/${f} reads settings directly: use setting() and affects()`);
  }
});

test('every configuration key read in src is declared, and every declared key is read', () => {
  const read = new Set([...all(/\bsetting(?:<[^>]*>)?\(\s*'([^']+)'/g), ...all(/affects\(\s*\w+\s*,\s*'([^']+)'/g)]);
  // Keys named in the restart/server lists are read through affects(e, k).
  for (const list of sources.matchAll(/(?:serverKeys|restartKeys)\s*=\s*\[([^\]]*)\]/g)) {
    for (const m of list[1].matchAll(/'([^']+)'/g)) read.add(m[1]);
  }
  for (const key of read) assert.ok(declaredKeys.includes(`wright.${key}`), `wright.${key} is read but not declared`);
  for (const key of declaredKeys) {
    assert.ok(key.startsWith('wright.'), key);
    // wright.trace.server is read by vscode-languageclient for the client id "wright".
    if (key === 'wright.trace.server') {
      assert.match(sources, /new LanguageClient\(\s*'wright'/);
      continue;
    }
    assert.ok(read.has(key.slice('wright.'.length)), `${key} is declared but never read`);
  }
});

test('the settings sent to the server are the keys lsp/config.go reads', (t) => {
  const configGo = join(root, '..', '..', 'lsp', 'config.go');
  if (!existsSync(configGo)) return t.skip('lsp/config.go is not beside editors/');
  const go = readFileSync(configGo, 'utf8');
  const struct = go.match(/type config struct \{([\s\S]*?)\n\}/)[1];
  const serverKeys = [...struct.matchAll(/json:"(\w+)"/g)].map((m) => m[1]);
  const body = sources.match(/export function serverSettings\(\)[^{]*\{([\s\S]*?)\n\}/)[1];
  const sent = [...body.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]);
  assert.ok(sent.length > 0);
  for (const k of sent) {
    assert.ok(serverKeys.includes(k), `the extension sends ${k}, which lsp/config.go does not read (${serverKeys})`);
    // An object the server reads (codeLens) is sent from its dotted keys (wright.codeLens.simulate).
    assert.ok(declaredKeys.some((d) => d === `wright.${k}` || d.startsWith(`wright.${k}.`)), `wright.${k} is sent but not declared`);
  }
  assert.match(go, /"section": "wright"/, 'the server pulls the "wright" section');
});

test('languages and grammars reference files that exist', () => {
  assert.deepEqual(languages, ['workshop', 'overpy']);
  const [workshop, overpy] = pkg.contributes.languages;
  assert.deepEqual(workshop.extensions, ['.ow', '.workshop']);
  // OverPy keeps the language id of OverPy's own extension, so that both
  // extensions serve the same documents (README, "Languages").
  assert.deepEqual(overpy.extensions, ['.opy']);
  const conf = JSON.parse(readFileSync(join(root, workshop.configuration), 'utf8'));
  assert.ok(conf.brackets.length >= 3 && conf.autoClosingPairs.some((p) => p.open === '"'));
  assert.ok(existsSync(join(root, overpy.configuration)), overpy.configuration);
  assert.deepEqual(pkg.contributes.grammars.map((g) => g.language), ['workshop', 'overpy']);
  for (const g of pkg.contributes.grammars) {
    assert.ok(languages.includes(g.language), g.language);
    const grammar = JSON.parse(readFileSync(join(root, g.path), 'utf8'));
    assert.equal(grammar.scopeName, g.scopeName);
  }
});

test('OverPy files are served unless wright.overpy.enable is off', () => {
  const enable = pkg.contributes.configuration.properties['wright.overpy.enable'];
  assert.equal(enable.type, 'boolean');
  assert.equal(enable.default, true);
  assert.ok(pkg.activationEvents.includes('onLanguage:overpy'));
  assert.ok(pkg.activationEvents.some((e) => /^workspaceContains:.*\bopy\b/.test(e)), pkg.activationEvents.join(', '));
  // The document selector takes OverPy through the setting, read as on unless false.
  assert.match(sources, /setting<boolean>\('overpy\.enable'\) !== false/);
  assert.match(sources, /if \(overpyServed\(\)\) \{\s*selector\.push\(\{ scheme: 'file', language: 'overpy' \}/);
  // Both READMEs say how to switch it off.
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  assert.match(readme, /\| `wright\.overpy\.enable` \| `true` \|/);
  assert.match(readFileSync(join(root, '..', '..', 'README.md'), 'utf8'), /`wright\.overpy\.enable`/);
});

// The OverPy language configuration: comments, brackets, pairs, and the
// indentation after a line ending in ':'.
test('the OverPy language configuration comments with # and /* */ and indents after a colon', () => {
  const overpy = pkg.contributes.languages.find((l) => l.id === 'overpy');
  const conf = JSON.parse(readFileSync(join(root, overpy.configuration), 'utf8'));
  assert.deepEqual(conf.comments, { lineComment: '#', blockComment: ['/*', '*/'] });
  assert.deepEqual(conf.brackets, [['{', '}'], ['[', ']'], ['(', ')']]);
  for (const open of ['{', '[', '(', '"', "'", '/*']) {
    assert.ok(conf.autoClosingPairs.some((p) => p.open === open), `auto-closing ${open}`);
  }
  assert.equal(conf.folding.offSide, true);
  const increase = new RegExp(conf.indentationRules.increaseIndentPattern);
  const decrease = new RegExp(conf.indentationRules.decreaseIndentPattern);
  // From corpus/opy/tests: conditions.opy, loops.opy, switches.opy, subroutines.opy.
  for (const line of ['rule "if/elif/else":', '    if A == B:', '    elif B == C:', '    else:', 'def foo():', '    while A == B: # forever',
    '    for I in range(1,3,2):', '    do:', '        case 1:', 'rule "#1: a colon:":', "macro f(a, b=3):", '    lbl_0:']) {
    assert.ok(increase.test(line), `indent after ${JSON.stringify(line)}`);
  }
  for (const line of ['    A++', '# a comment:', '    A = B # why:', '    A = {1: 2}[B]', '#!define X 1', 'rule "a": A++', '    print("a:")']) {
    assert.ok(!increase.test(line), `no indent after ${JSON.stringify(line)}`);
  }
  for (const line of ['    else:', '    elif B == C:', '        case 2:', '        default:']) {
    assert.ok(decrease.test(line), `dedent ${JSON.stringify(line)}`);
  }
  for (const line of ['    A++', '    if A:', '    elsewhere = 1']) {
    assert.ok(!decrease.test(line), `no dedent of ${JSON.stringify(line)}`);
  }
  const outdent = conf.onEnterRules.filter((r) => r.action.indent === 'outdent').map((r) => new RegExp(r.beforeText));
  for (const line of ['        return', '        break', '    continue # next', '    pass', '    goto lbl_0', '    loop()']) {
    assert.ok(outdent.some((re) => re.test(line)), `outdent after ${JSON.stringify(line)}`);
  }
  assert.ok(!outdent.some((re) => re.test('    returnValue = 1')));
});

test('activation events name declared languages and commands; main is the bundle', () => {
  for (const ev of pkg.activationEvents) {
    const [kind, arg] = ev.split(/:(.*)/s);
    if (kind === 'onLanguage') assert.ok(languages.includes(arg), ev);
    else if (kind === 'onCommand') assert.ok(contributed.includes(arg), ev);
    else assert.equal(kind, 'workspaceContains', ev);
  }
  assert.ok(pkg.activationEvents.includes('onLanguage:workshop'));
  assert.equal(pkg.main, './dist/extension.js');
  assert.match(readFileSync(join(root, 'scripts', 'build.mjs'), 'utf8'), /outfile: 'dist\/extension\.js'/);
  assert.match(sources, /export (async )?function activate/);
  assert.match(sources, /export function deactivate/);
});

test('engines.vscode is at least what @types/vscode and vscode-languageclient need', () => {
  const engine = pkg.engines.vscode.replace(/^\^/, '');
  const types = pkg.devDependencies['@types/vscode'];
  const cmp = (a, b) => {
    const [x, y] = [a, b].map((v) => v.split('.').map(Number));
    return x[0] - y[0] || x[1] - y[1];
  };
  assert.ok(cmp(engine, types) >= 0, `engines.vscode ${engine} < @types/vscode ${types}`);
  const lc = JSON.parse(readFileSync(join(root, 'node_modules', 'vscode-languageclient', 'package.json'), 'utf8'));
  assert.ok(cmp(engine, lc.engines.vscode.replace(/^\^/, '')) >= 0, `vscode-languageclient needs ${lc.engines.vscode}`);
});

test('the icon is a 128 by 128 PNG that the package names', () => {
  assert.equal(pkg.icon, 'images/icon.png');
  const png = readFileSync(join(root, pkg.icon));
  assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
  // IHDR: width and height, big-endian, at bytes 16 and 20.
  assert.equal(png.readUInt32BE(16), 128);
  assert.equal(png.readUInt32BE(20), 128);
});

test('the status item and the lens and hint switches are wired', () => {
  const ext = readFileSync(join(root, 'src', 'extension.ts'), 'utf8');
  for (const key of ['codeLens.enabled', 'inlayHints.enabled', 'failOn']) {
    assert.ok(declaredKeys.includes(`wright.${key}`), `wright.${key} is not declared`);
  }
  assert.match(ext, /'codeLens\.enabled'/);
  assert.match(ext, /'inlayHints\.enabled'/);
  assert.ok(contributed.includes('wright.showOutput'), 'the status item opens the output through wright.showOutput');
});
