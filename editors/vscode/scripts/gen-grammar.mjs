#!/usr/bin/env node
// Generates syntaxes/workshop.tmLanguage.json from the shared catalog
// (../../../shared/data/catalog.json, or $WRIGHT_CATALOG). The names of
// every client language go into the grammar, so a file exported in any of
// the 15 Workshop languages is coloured the same way.
//
//   node scripts/gen-grammar.mjs          write the grammar
//   node scripts/gen-grammar.mjs --check  exit 1 when the committed grammar is stale

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const grammarPath = join(here, '..', 'syntaxes', 'workshop.tmLanguage.json');
export const defaultCatalog = resolve(here, '..', '..', '..', '..', 'shared', 'data', 'catalog.json');

// Actions that steer the flow of a rule's actions get the control scope.
const controlActions = new Set([
  '__if__', '__elif__', '__else__', '__end__', '__while__', 'loop', '__loopIf__',
  '__loopIfConditionIsFalse__', '__loopIfConditionIsTrue__', '__abortIf__',
  '__abortIfConditionIsFalse__', '__abortIfConditionIsTrue__', '__skip__', '__skipIf__',
  'break', 'continue', 'return', '__forGlobalVariable__', '__forPlayerVariable__',
  '__callSubroutine__', 'startRule',
]);
const literalValues = new Set(['true', 'false', 'null']);

/** names lists every spelling of the elements, all locales, without duplicates. */
function names(elements) {
  const out = new Set();
  for (const e of elements) {
    for (const n of Object.values(e.names ?? {})) {
      // tr-TR marks some untranslated names with <en>…<en>; those are not text a file holds.
      // Names that are operators ("!=", "+") are coloured as operators instead.
      if (typeof n === "string" && /^[\p{L}\p{N}]/u.test(n) && !n.includes("<")) out.add(n);
    }
  }
  return [...out].sort();
}

function keyword(catalog, key) {
  const k = catalog.ruleKeywords.find((r) => r.key === key);
  if (!k) throw new Error(`catalog: no rule keyword ${key}`);
  return names([k]);
}

function escapeChar(ch) {
  if (ch === ' ') return ' ';
  if (/\s/u.test(ch)) return `\\x{${ch.codePointAt(0).toString(16)}}`;
  return /[\\^$.|?*+()[\]{}\/\-#]/.test(ch) ? '\\' + ch : ch;
}

/**
 * trie compiles words into one regular expression shaped as a prefix tree:
 * much faster for Oniguruma than a flat alternation of thousands of names,
 * and longest-first, since an optional ending is tried after the longer
 * branches. exclude(word) gives the continuations after which a word must
 * not end (a longer name of another category begins with it).
 */
function trie(words, exclude = () => []) {
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
    const stop = ex.length ? `(?!${ex.map((s) => [...s].map(escapeChar).join('')).join('|')})` : '';
    if (branches.length === 0) return stop;
    if (stop) return `(?:${branches.join('|')}|${stop})`;
    return branches.length === 1 && [...node.kids.keys()][0].length === 1 && branches[0].length === 1 ? `${branches[0]}?` : `(?:${branches.join('|')})?`;
  };
  return emit(root);
}

const B = '(?<![\\w.])'; // a name starts after no word character
const E = '(?!\\w)'; // and ends before none

export function generate(catalog) {
  const kw = (key) => keyword(catalog, key).map((w) => [...w].map(escapeChar).join('')).join('|');
  const RULE = kw('__rule__');
  const DISABLED = kw('__disabled__');
  const EVENT = kw('__event__');
  const CONDITIONS = kw('__conditions__');
  const ACTIONS = kw('__actions__');
  const SETTINGS = kw('__settings__');
  const VARIABLES = kw('__variables__');
  const SUBROUTINES = kw('__subroutines__');
  const GLOBAL = kw('__global__');
  const PLAYER = kw('__player__');

  const constants = Object.values(catalog.constants).flat();
  const cat = {
    control: names(catalog.actions.filter((a) => controlActions.has(a.key))),
    action: names(catalog.actions.filter((a) => !controlActions.has(a.key))),
    event: names(catalog.events),
    literal: names(catalog.values.filter((v) => literalValues.has(v.key))),
    value: names(catalog.values.filter((v) => !literalValues.has(v.key))),
    hero: names(catalog.heroes),
    map: names(catalog.maps),
    gamemode: names(catalog.gamemodes),
    enum: names([...constants, ...catalog.eventTeams, ...catalog.eventPlayers]),
    setting: names(catalog.customGameSettingsValueKeywords),
  };
  // Expressions: a name of one category must not stop short of a longer
  // name of another that starts with it ("All" before "All Players").
  const exprCats = ['event', 'literal', 'value', 'hero', 'map', 'gamemode', 'enum'];
  const all = [...new Set(exprCats.flatMap((c) => cat[c]))];
  const longer = new Map();
  for (const w of all) longer.set(w, []);
  const sorted = [...all].sort();
  for (let i = 0; i < sorted.length; i++) {
    const w = sorted[i];
    for (let j = i + 1; j < sorted.length && sorted[j].startsWith(w); j++) {
      const rest = sorted[j].slice(w.length);
      if (!/^\w/u.test(rest)) longer.get(w).push(rest);
    }
  }
  const exclude = (w) => longer.get(w) ?? [];
  const expr = (c) => B + '(' + trie(cat[c], exclude) + ')' + E;

  const ident = '[^\\W\\d]\\w*';
  const stmt = `(?:^|(?<=;))\\s*(?:(${DISABLED})\\s+)?`;

  const grammar = {
    $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
    name: 'Overwatch Workshop',
    scopeName: 'source.workshop.wright',
    comment: 'Generated by scripts/gen-grammar.mjs from the shared catalog; do not edit by hand.',
    patterns: [
      { include: '#comment' },
      { include: '#settings' },
      { include: '#variables' },
      { include: '#subroutines' },
      { include: '#rule-header' },
      { include: '#sections' },
      { include: '#expression' },
    ],
    repository: {
      comment: {
        comment: 'A string alone on its line, before a statement or a rule, is a comment.',
        match: '^\\s*("(?:[^"\\\\]|\\\\.)*")\\s*$',
        captures: { 1: { name: 'comment.block.quoted.workshop', patterns: [{ include: '#escape' }] } },
      },
      sections: {
        match: `(?i)^\\s*(${EVENT}|${CONDITIONS}|${ACTIONS})\\s*$`,
        captures: { 1: { name: 'keyword.other.section.workshop' } },
      },
      'rule-header': {
        begin: `(?i)^\\s*(?:(${DISABLED})\\s+)?(${RULE})\\s*(\\()`,
        beginCaptures: {
          1: { name: 'storage.modifier.disabled.workshop' },
          2: { name: 'storage.type.rule.workshop' },
          3: { name: 'punctuation.section.parens.begin.workshop' },
        },
        end: '\\)',
        endCaptures: { 0: { name: 'punctuation.section.parens.end.workshop' } },
        name: 'meta.rule.header.workshop',
        patterns: [{ include: '#string' }],
      },
      settings: {
        begin: `(?i)^\\s*(${SETTINGS})\\s*$`,
        beginCaptures: { 1: { name: 'keyword.other.section.workshop' } },
        end: '(?<=\\})',
        name: 'meta.settings.workshop',
        patterns: [{ include: '#settings-block' }],
      },
      'settings-block': {
        begin: '\\{',
        beginCaptures: { 0: { name: 'punctuation.section.block.begin.workshop' } },
        end: '\\}',
        endCaptures: { 0: { name: 'punctuation.section.block.end.workshop' } },
        patterns: [
          { include: '#settings-block' },
          { include: '#string' },
          {
            match: '^\\s*([^:{}"\\n]+?)\\s*(:)',
            captures: { 1: { name: 'support.type.property-name.setting.workshop' }, 2: { name: 'punctuation.separator.key-value.workshop' } },
          },
          { match: '^\\s*([^:{}"\\n]+?)\\s*$', captures: { 1: { name: 'entity.name.section.setting.workshop' } } },
          { include: '#number' },
          { match: B + '(' + trie(cat.setting) + ')' + E, name: 'constant.language.setting.workshop' },
          { include: '#names' },
        ],
      },
      variables: {
        begin: `(?i)^\\s*(${VARIABLES})\\s*$`,
        beginCaptures: { 1: { name: 'keyword.other.section.workshop' } },
        end: '(?<=\\})',
        name: 'meta.variables.workshop',
        patterns: [{ include: '#variables-block' }],
      },
      'variables-block': {
        begin: '\\{',
        beginCaptures: { 0: { name: 'punctuation.section.block.begin.workshop' } },
        end: '\\}',
        endCaptures: { 0: { name: 'punctuation.section.block.end.workshop' } },
        patterns: [
          {
            match: `(?i)^\\s*(${GLOBAL}|${PLAYER})\\s*(:)`,
            captures: { 1: { name: 'storage.modifier.scope.workshop' }, 2: { name: 'punctuation.separator.colon.workshop' } },
          },
          {
            match: `^\\s*(\\d+)\\s*(:)\\s*(${ident})`,
            captures: {
              1: { name: 'constant.numeric.integer.workshop' },
              2: { name: 'punctuation.separator.colon.workshop' },
              3: { name: 'variable.other.declaration.workshop' },
            },
          },
        ],
      },
      subroutines: {
        begin: `(?i)^\\s*(${SUBROUTINES})\\s*$`,
        beginCaptures: { 1: { name: 'keyword.other.section.workshop' } },
        end: '(?<=\\})',
        name: 'meta.subroutines.workshop',
        patterns: [{ include: '#subroutines-block' }],
      },
      'subroutines-block': {
        begin: '\\{',
        beginCaptures: { 0: { name: 'punctuation.section.block.begin.workshop' } },
        end: '\\}',
        endCaptures: { 0: { name: 'punctuation.section.block.end.workshop' } },
        patterns: [
          {
            match: `^\\s*(\\d+)\\s*(:)\\s*(${ident})`,
            captures: {
              1: { name: 'constant.numeric.integer.workshop' },
              2: { name: 'punctuation.separator.colon.workshop' },
              3: { name: 'entity.name.function.subroutine.workshop' },
            },
          },
        ],
      },
      expression: {
        patterns: [
          { include: '#statement' },
          {
            match: `(?i)(?:^|(?<=;))\\s*(${DISABLED})\\s+`,
            captures: { 1: { name: 'storage.modifier.disabled.workshop' } },
          },
          { include: '#string' },
          { include: '#number' },
          { include: '#global-variable' },
          { include: '#player-variable' },
          { include: '#names' },
          { include: '#operator' },
          { include: '#punctuation' },
        ],
      },
      statement: {
        comment: 'An action at the start of a statement, maybe disabled.',
        patterns: [
          {
            match: `${stmt}(${trie(cat.control)})(?=\\s*[(;])`,
            captures: { 1: { name: 'storage.modifier.disabled.workshop' }, 2: { name: 'keyword.control.flow.workshop' } },
          },
          {
            match: `${stmt}(${trie(cat.action)})(?=\\s*[(;])`,
            captures: { 1: { name: 'storage.modifier.disabled.workshop' }, 2: { name: 'support.function.action.workshop' } },
          },
        ],
      },
      names: {
        patterns: [
          { match: expr('event'), name: 'support.type.event.workshop' },
          { match: expr('literal'), name: 'constant.language.workshop' },
          { match: expr('value'), name: 'support.function.value.workshop' },
          { match: expr('hero'), name: 'constant.other.enum.hero.workshop' },
          { match: expr('map'), name: 'constant.other.enum.map.workshop' },
          { match: expr('gamemode'), name: 'constant.other.enum.gamemode.workshop' },
          { match: expr('enum'), name: 'constant.other.enum.workshop' },
        ],
      },
      'global-variable': {
        match: `${B}(${GLOBAL_VALUE(catalog)})\\s*(\\.)\\s*(${ident})`,
        captures: {
          1: { name: 'variable.language.global.workshop' },
          2: { name: 'punctuation.accessor.workshop' },
          3: { name: 'variable.other.global.workshop' },
        },
      },
      'player-variable': {
        match: `(\\.)\\s*(${ident})`,
        captures: { 1: { name: 'punctuation.accessor.workshop' }, 2: { name: 'variable.other.player.workshop' } },
      },
      string: {
        begin: '"',
        beginCaptures: { 0: { name: 'punctuation.definition.string.begin.workshop' } },
        end: '"',
        endCaptures: { 0: { name: 'punctuation.definition.string.end.workshop' } },
        name: 'string.quoted.double.workshop',
        patterns: [{ include: '#escape' }, { match: '\\{\\d+\\}', name: 'constant.other.placeholder.workshop' }],
      },
      escape: { match: '\\\\.', name: 'constant.character.escape.workshop' },
      number: { match: '(?<![\\w.])\\d+(?:\\.\\d+)?%?(?!\\w)', name: 'constant.numeric.workshop' },
      operator: {
        patterns: [
          { match: '==|!=|<=|>=|<|>', name: 'keyword.operator.comparison.workshop' },
          { match: '&&|\\|\\||!', name: 'keyword.operator.logical.workshop' },
          { match: '[-+*/%^]?=', name: 'keyword.operator.assignment.workshop' },
          { match: '[-+*/%^]', name: 'keyword.operator.arithmetic.workshop' },
          { match: '[?:]', name: 'keyword.operator.ternary.workshop' },
        ],
      },
      punctuation: {
        patterns: [
          { match: ';', name: 'punctuation.terminator.statement.workshop' },
          { match: ',', name: 'punctuation.separator.comma.workshop' },
          { match: '[()]', name: 'punctuation.section.parens.workshop' },
          { match: '[\\[\\]]', name: 'punctuation.section.brackets.workshop' },
          { match: '[{}]', name: 'punctuation.section.block.workshop' },
        ],
      },
    },
  };
  return JSON.stringify(grammar, null, 2) + '\n';
}

/** GLOBAL_VALUE spells the value Global (the head of Global.X) in every locale. */
function GLOBAL_VALUE(catalog) {
  const g = catalog.values.find((v) => v.key === '__global__');
  if (!g) throw new Error('catalog: no value __global__');
  return trie(names([g]));
}

export function loadCatalog(path = process.env.WRIGHT_CATALOG || defaultCatalog) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`cannot read the catalog at ${path} (set WRIGHT_CATALOG): ${err.message}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = generate(loadCatalog());
  if (process.argv.includes('--check')) {
    let committed = '';
    try {
      committed = readFileSync(grammarPath, 'utf8');
    } catch {}
    if (committed !== text) {
      console.error('syntaxes/workshop.tmLanguage.json is stale: run node scripts/gen-grammar.mjs');
      process.exit(1);
    }
  } else {
    writeFileSync(grammarPath, text);
    console.log(`wrote ${grammarPath} (${text.length} bytes)`);
  }
}
