#!/usr/bin/env node
// Checks the file list of a packaged .vsix: the bundle, the manifest, the
// grammars and the language configurations (Workshop and OverPy, and every
// file the packaged manifest names) are there; no node_modules, no
// sources, no tests; the size stays bounded.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';

const vsix = process.argv[2] ?? 'wright.vsix';
const listing = execFileSync('unzip', ['-Z1', vsix], { encoding: 'utf8' });
const files = listing.split('\n').filter(Boolean);
const maxBytes = 2 * 1024 * 1024;

for (const want of [
  'extension/package.json',
  'extension/readme.md',
  'extension/dist/extension.js',
  'extension/syntaxes/workshop.tmLanguage.json',
  'extension/syntaxes/overpy.tmLanguage.json',
  'extension/language-configuration.json',
  'extension/overpy.language-configuration.json',
  'extension/images/icon.png',
  'extension/snippets/workshop.json',
  'extension/snippets/overpy.json',
  'extension.vsixmanifest',
]) {
  assert.ok(files.includes(want), `${vsix} lacks ${want}:\n${listing}`);
}
// Every grammar, language configuration and snippet file the packaged
// manifest names.
const manifest = JSON.parse(execFileSync('unzip', ['-p', vsix, 'extension/package.json'], { encoding: 'utf8' }));
const named = [
  ...manifest.contributes.grammars.map((g) => g.path),
  ...manifest.contributes.languages.map((l) => l.configuration),
  ...manifest.contributes.snippets.map((s) => s.path),
];
assert.equal(named.length, 6, `grammars and configurations named: ${named}`);
for (const p of named) {
  const want = 'extension/' + p.replace(/^\.\//, '');
  assert.ok(files.includes(want), `${vsix} lacks ${want}, named in its package.json`);
}
for (const f of files) {
  assert.ok(!/(^|\/)node_modules\//.test(f), `${vsix} holds ${f}`);
  assert.ok(!/^extension\/(src|test|scripts)\//.test(f), `${vsix} holds ${f}`);
  assert.ok(!/\.(ts|map)$/.test(f), `${vsix} holds ${f}`);
}
const size = statSync(vsix).size;
assert.ok(size < maxBytes, `${vsix} is ${size} bytes, over ${maxBytes}`);
console.log(`${vsix}: ${files.length} files, ${size} bytes: ok`);
