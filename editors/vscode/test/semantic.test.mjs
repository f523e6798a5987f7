// Tests of how the extension keeps only the server's semantic tokens of
// resolved names in OverPy documents (src/semantic.ts): the dropped
// tokens go, and the kept ones stay where they were.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(mkdtempSync(join(tmpdir(), 'wright-semantic-test-')), 'semantic.cjs');
await build({ entryPoints: [join(here, '..', 'src', 'semantic.ts')], bundle: true, outfile: out, format: 'cjs', platform: 'node', logLevel: 'error' });
const { withoutTypes, lexicalTypes } = createRequire(import.meta.url)(out);

// The server's legend (lsp/semantic.go).
const legend = ['keyword', 'namespace', 'event', 'function', 'method', 'enumMember', 'variable', 'string', 'number', 'operator', 'comment', 'property'];
const type = (name) => legend.indexOf(name);

/** encode turns absolute tokens [line, char, length, type, mods] into LSP's relative data. */
function encode(tokens) {
  const data = [];
  let line = 0;
  let char = 0;
  for (const [l, c, len, t, m] of tokens) {
    data.push(l - line, l === line ? c - char : c, len, t, m);
    line = l;
    char = c;
  }
  return data;
}

/** decode turns relative data back into absolute tokens. */
function decode(data) {
  const tokens = [];
  let line = 0;
  let char = 0;
  for (let i = 0; i < data.length; i += 5) {
    line += data[i];
    char = data[i] === 0 ? char + data[i + 1] : data[i + 1];
    tokens.push([line, char, data[i + 2], data[i + 3], data[i + 4]]);
  }
  return tokens;
}

test('the legend the extension filters by is the server\'s', () => {
  const go = readFileSync(join(here, '..', '..', '..', 'lsp', 'semantic.go'), 'utf8');
  const names = [...go.match(/var semanticTokenTypes = \[\]string\{([\s\S]*?)\n\}/)[1].matchAll(/tok\w+: "(\w+)"/g)].map((m) => m[1]);
  assert.deepEqual(names, legend);
  for (const t of lexicalTypes) assert.ok(legend.includes(t), `${t} is a type of the server's legend`);
});

test('keywords, strings, numbers, operators and comments go; resolved names stay where they were', () => {
  // rule "r":                           line 0
  //     eventPlayer.hp += score # hit   line 1
  //     wait(1)                         line 2
  //     score = 2                       line 3
  //     A = "{}".format(score)          line 4
  const tokens = [
    [0, 0, 4, type('keyword'), 0],
    [0, 5, 3, type('string'), 0],
    [1, 4, 11, type('function'), 8],
    [1, 16, 2, type('property'), 32 | 4],
    [1, 19, 2, type('operator'), 0],
    [1, 22, 5, type('variable'), 16],
    [1, 28, 5, type('comment'), 0],
    [2, 4, 4, type('function'), 8],
    [2, 9, 1, type('number'), 0],
    [3, 4, 5, type('variable'), 16 | 4],
    [3, 12, 1, type('number'), 0],
    [4, 8, 4, type('string'), 0],
    [4, 13, 6, type('method'), 8],
    [4, 20, 5, type('variable'), 16],
  ];
  const kept = decode(withoutTypes(encode(tokens), legend, lexicalTypes));
  assert.deepEqual(kept, [
    [1, 4, 11, type('function'), 8],
    [1, 16, 2, type('property'), 36],
    [1, 22, 5, type('variable'), 16],
    [2, 4, 4, type('function'), 8],
    [3, 4, 5, type('variable'), 20],
    [4, 13, 6, type('method'), 8],
    [4, 20, 5, type('variable'), 16],
  ]);
});

test('nothing to drop keeps the data as it was; everything dropped leaves none', () => {
  const names = encode([
    [0, 2, 3, type('variable'), 0],
    [0, 7, 4, type('method'), 8],
    [5, 1, 2, type('namespace'), 0],
  ]);
  assert.deepEqual([...withoutTypes(names, legend, lexicalTypes)], names);
  const lexical = encode([
    [0, 0, 4, type('keyword'), 0],
    [2, 3, 5, type('string'), 0],
  ]);
  assert.deepEqual([...withoutTypes(lexical, legend, lexicalTypes)], []);
  assert.deepEqual([...withoutTypes([], legend, lexicalTypes)], []);
});
