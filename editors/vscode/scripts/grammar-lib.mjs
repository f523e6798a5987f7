// What the grammar generators share: reading the catalog, escaping
// characters for Oniguruma, compiling word lists into prefix-tree
// regular expressions, and writing or checking a generated file.

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const extensionRoot = join(here, '..');
export const defaultCatalog = resolve(here, '..', '..', '..', '..', 'shared', 'data', 'catalog.json');

export function loadCatalog(path = process.env.WRIGHT_CATALOG || defaultCatalog) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`cannot read the catalog at ${path} (set WRIGHT_CATALOG): ${err.message}`);
  }
}

export function escapeChar(ch) {
  if (ch === ' ') return ' ';
  if (/\s/u.test(ch)) return `\\x{${ch.codePointAt(0).toString(16)}}`;
  return /[\\^$.|?*+()[\]{}\/\-#]/.test(ch) ? '\\' + ch : ch;
}

/** escapeWord escapes every character of a word for a regular expression. */
export const escapeWord = (w) => [...w].map(escapeChar).join('');

/**
 * trie compiles words into one regular expression shaped as a prefix tree:
 * much faster for Oniguruma than a flat alternation of thousands of names,
 * and longest-first, since an optional ending is tried after the longer
 * branches. exclude(word) gives the continuations after which a word must
 * not end (a longer name of another category begins with it).
 */
export function trie(words, exclude = () => []) {
  const root = { kids: new Map(), end: false, word: '' };
  for (const w of words) {
    let node = root;
    for (const ch of w) {
      if (!node.kids.has(ch)) node.kids.set(ch, { kids: new Map(), end: false, word: node.word + ch });
      node = node.kids.get(ch);
    }
    node.end = true;
  }
  const emit = (node) => {
    const branches = [...node.kids.keys()].sort().map((ch) => escapeChar(ch) + emit(node.kids.get(ch)));
    if (!node.end) {
      return branches.length === 1 ? branches[0] : `(?:${branches.join('|')})`;
    }
    const ex = exclude(node.word);
    const stop = ex.length ? `(?!${ex.map(escapeWord).join('|')})` : '';
    if (branches.length === 0) return stop;
    if (stop) return `(?:${branches.join('|')}|${stop})`;
    return branches.length === 1 && [...node.kids.keys()][0].length === 1 && branches[0].length === 1 ? `${branches[0]}?` : `(?:${branches.join('|')})?`;
  };
  return emit(root);
}

/**
 * writeOrCheck writes text to path, or with check compares it with what
 * is committed there; it returns false when the committed file is stale.
 */
export function writeOrCheck(path, text, check) {
  const name = relative(extensionRoot, path);
  if (check) {
    let committed = '';
    try {
      committed = readFileSync(path, 'utf8');
    } catch {}
    if (committed !== text) {
      console.error(`${name} is stale: run node scripts/gen-grammar.mjs`);
      return false;
    }
    return true;
  }
  writeFileSync(path, text);
  console.log(`wrote ${name} (${text.length} bytes)`);
  return true;
}
