#!/usr/bin/env node
// Checks the file list of a packaged .vsix: the bundle, the manifest, the
// grammar and the language configuration are there; no node_modules, no
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
  'extension/language-configuration.json',
  'extension.vsixmanifest',
]) {
  assert.ok(files.includes(want), `${vsix} lacks ${want}:\n${listing}`);
}
for (const f of files) {
  assert.ok(!/(^|\/)node_modules\//.test(f), `${vsix} holds ${f}`);
  assert.ok(!/^extension\/(src|test|scripts)\//.test(f), `${vsix} holds ${f}`);
  assert.ok(!/\.(ts|map)$/.test(f), `${vsix} holds ${f}`);
}
const size = statSync(vsix).size;
assert.ok(size < maxBytes, `${vsix} is ${size} bytes, over ${maxBytes}`);
console.log(`${vsix}: ${files.length} files, ${size} bytes: ok`);
