// Tests of the snippets: contributed for both languages, one rule skeleton
// per event of the catalog, and the committed files what the generator
// writes. cmd/wright-lsp's TestEditorSnippetsCheck checks that each, filled
// with its defaults, is a program with no problem.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extensionRoot, loadCatalog } from '../scripts/grammar-lib.mjs';
import { overpySnippets, workshopSnippets } from '../scripts/gen-snippets.mjs';

const pkg = JSON.parse(readFileSync(join(extensionRoot, 'package.json'), 'utf8'));
const catalog = loadCatalog();
const read = (lang) => {
  const entry = pkg.contributes.snippets.find((s) => s.language === lang);
  assert.ok(entry, `no snippets contributed for ${lang}`);
  return JSON.parse(readFileSync(join(extensionRoot, entry.path), 'utf8'));
};

test('the manifest contributes the committed, current snippets of both languages', () => {
  assert.deepEqual(read('workshop'), workshopSnippets(catalog));
  assert.deepEqual(read('overpy'), overpySnippets(catalog));
});

test('a rule skeleton for every event, its event spelled as the catalog does', () => {
  const ws = read('workshop');
  const opy = read('overpy');
  for (const ev of catalog.events) {
    const name = ev.names['en-US'];
    const w = ws[`Rule: ${name}`];
    assert.ok(w, `no Workshop snippet for ${name}`);
    assert.ok(w.body.includes(`\t\t${name};`), `the Workshop snippet for ${name} does not write its event line`);
    if (ev.key === '__subroutine__') {
      assert.ok(opy.Subroutine.body[0].startsWith('def '), 'the OverPy subroutine snippet is not a def');
      continue;
    }
    const o = opy[`Rule: ${name}`];
    assert.ok(o, `no OverPy snippet for ${name}`);
    assert.ok(ev.key === 'global' || o.body.includes(`    @Event ${ev.key}`), `the OverPy snippet for ${name} has no @Event ${ev.key}`);
    // One word each: VS Code matches a prefix against the word before the cursor.
    assert.match(w.prefix, /^rule[A-Z]\w+$/, `the Workshop prefix of ${name}`);
    assert.equal(o.prefix, w.prefix, `the OverPy prefix of ${name}`);
  }
});
