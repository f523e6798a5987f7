// Tests of how the extension finds wright-lsp (src/server.ts) and what it
// says when it cannot: the setting, then PATH, then Go's install
// directories. src/server.ts is bundled with esbuild, its 'vscode' import
// answered by a stub holding the settings of each case.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'wright-server-test-'));

// settings is what the stub's getConfiguration('wright') answers.
globalThis.__wrightSettings = {};
const stub = `module.exports = { workspace: {
  getConfiguration: () => ({ get: (key) => globalThis.__wrightSettings[key] }),
  workspaceFolders: undefined,
} };`;

const out = join(scratch, 'server.cjs');
await build({
  entryPoints: [join(here, '..', 'src', 'server.ts')],
  bundle: true,
  outfile: out,
  format: 'cjs',
  platform: 'node',
  logLevel: 'error',
  plugins: [{
    name: 'vscode-stub',
    setup(b) {
      b.onResolve({ filter: /^vscode$/ }, () => ({ path: 'vscode', namespace: 'stub' }));
      b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: stub, loader: 'js' }));
    },
  }],
});
const { resolveServer, installCommand } = createRequire(import.meta.url)(out);

// fakeBinary makes an executable wright-lsp in a new directory.
function fakeBinary(name) {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  const p = join(dir, 'wright-lsp');
  writeFileSync(p, '#!/bin/sh\n');
  chmodSync(p, 0o755);
  return { dir, path: p };
}

const empty = join(scratch, 'empty');
mkdirSync(empty);
const home = join(scratch, 'home');
mkdirSync(home);
process.env.HOME = home; // os.homedir() follows HOME on Linux

test('wright.server.path wins over PATH', () => {
  const onPath = fakeBinary('on-path');
  const configured = fakeBinary('configured');
  globalThis.__wrightSettings = { 'server.path': configured.path };
  assert.deepEqual(resolveServer({ PATH: onPath.dir }), { ok: true, path: configured.path });
});

test('a wright.server.path with no executable there is an error naming it, not a fallback', () => {
  const onPath = fakeBinary('on-path');
  const missing = join(scratch, 'nowhere', 'wright-lsp');
  globalThis.__wrightSettings = { 'server.path': missing };
  const r = resolveServer({ PATH: onPath.dir });
  assert.equal(r.ok, false);
  assert.match(r.message, /wright\.server\.path/);
  assert.ok(r.message.includes(missing), r.message);
  assert.ok(r.message.includes(installCommand), r.message);
});

test('a non-executable file on PATH is skipped for the next directory', () => {
  const plain = join(scratch, 'plain');
  mkdirSync(plain, { recursive: true });
  writeFileSync(join(plain, 'wright-lsp'), 'not a program');
  const good = fakeBinary('good');
  globalThis.__wrightSettings = {};
  assert.deepEqual(resolveServer({ PATH: [plain, good.dir].join(':') }), { ok: true, path: good.path });
});

test('without the setting or PATH, GOBIN, then GOPATH/bin, then ~/go/bin', () => {
  globalThis.__wrightSettings = {};
  const gobin = fakeBinary('gobin');
  const gopath = fakeBinary('gopath/bin');
  assert.deepEqual(resolveServer({ PATH: empty, GOBIN: gobin.dir, GOPATH: join(scratch, 'gopath') }), { ok: true, path: gobin.path });
  assert.deepEqual(resolveServer({ PATH: empty, GOPATH: join(scratch, 'gopath') }), { ok: true, path: gopath.path });
  const homeBin = join(home, 'go', 'bin');
  mkdirSync(homeBin, { recursive: true });
  writeFileSync(join(homeBin, 'wright-lsp'), '#!/bin/sh\n');
  chmodSync(join(homeBin, 'wright-lsp'), 0o755);
  assert.deepEqual(resolveServer({ PATH: empty }), { ok: true, path: join(homeBin, 'wright-lsp') });
});

test('nothing found: the message says how to install the server and where to point the setting', () => {
  globalThis.__wrightSettings = {};
  process.env.HOME = join(scratch, 'home-without-go');
  mkdirSync(process.env.HOME, { recursive: true });
  const r = resolveServer({ PATH: empty });
  assert.equal(r.ok, false);
  assert.ok(r.message.includes(installCommand), r.message);
  assert.match(r.message, /wright\.server\.path/);
  assert.match(installCommand, /^go install github\.com\/wright-lsp\/wright-lsp\/cmd\/wright-lsp@latest$/);
});
