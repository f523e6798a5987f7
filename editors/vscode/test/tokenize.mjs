// Tokenizes text with a committed grammar (Workshop or OverPy) through
// vscode-textmate and vscode-oniguruma, the engine VS Code itself uses.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The grammars by scope name. */
export const grammars = {
  'source.workshop.wright': 'workshop.tmLanguage.json',
  'source.opy.wright': 'overpy.tmLanguage.json',
};
let registryPromise;

async function registry() {
  const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  return new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) => {
      if (!grammars[scopeName]) return null;
      const path = join(root, 'syntaxes', grammars[scopeName]);
      return vsctm.parseRawGrammar(readFileSync(path, 'utf8'), path);
    },
  });
}

/**
 * tokenize returns, line by line, the tokens of text as {text, scopes},
 * with the grammar of scope (default the Workshop's).
 */
export async function tokenize(text, scope = 'source.workshop.wright') {
  registryPromise ??= registry();
  const grammar = await (await registryPromise).loadGrammar(scope);
  let stack = vsctm.INITIAL;
  const lines = [];
  for (const line of text.split('\n')) {
    const r = grammar.tokenizeLine(line, stack, 5000);
    if (r.stoppedEarly) throw new Error(`tokenizing stopped early on: ${line}`);
    lines.push(r.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes.slice(1) })));
    stack = r.ruleStack;
  }
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  const text = readFileSync(file, 'utf8');
  const t0 = performance.now();
  const lines = await tokenize(text, /\.opy$/i.test(file) ? 'source.opy.wright' : 'source.workshop.wright');
  const ms = performance.now() - t0;
  if (!process.argv.includes('--quiet')) {
    for (const l of lines) {
      for (const t of l) if (t.text.trim()) console.log(JSON.stringify(t.text), t.scopes.at(-1) ?? '-');
    }
  }
  console.error(`${lines.length} lines in ${ms.toFixed(0)} ms`);
}
