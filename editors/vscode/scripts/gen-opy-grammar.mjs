// Generates syntaxes/overpy.tmLanguage.json, the grammar of OverPy (.opy),
// from the shared catalog: the catalog keys every action and value by its
// OverPy name (wait, createEffect, .teleport, random.randint, Vector.UP)
// and every enum member by the key OverPy spells in upper snake case
// (Hero.WRECKING_BALL, Wait.IGNORE_CONDITION). The rest is OverPy's
// syntax: keywords, annotations, directives, comments, strings with their
// prefixes and formatters, numbers and operators. scripts/gen-grammar.mjs
// writes it beside the Workshop grammar.

import { join } from 'node:path';
import { escapeWord, extensionRoot, trie } from './grammar-lib.mjs';

export const opyGrammarPath = join(extensionRoot, 'syntaxes', 'overpy.tmLanguage.json');
export const opyScopeName = 'source.opy.wright';

// OverPy's words (providers/opy/lower.go keywords, and do), by what they do.
const keywords = {
  'keyword.control.flow.opy': ['if', 'elif', 'else', 'while', 'for', 'do', 'switch', 'case', 'default', 'break', 'continue', 'return', 'pass', 'goto'],
  'keyword.operator.logical.opy': ['and', 'or', 'not', 'in'],
  'keyword.other.opy': ['del', 'loc'],
  'storage.type.opy': ['rule', 'def', 'globalvar', 'playervar', 'subroutine', 'enum', 'macro', 'settings', 'lambda'],
  'storage.type.primitive.opy': ['bool', 'int', 'float', 'signed', 'unsigned'],
  'variable.language.self.opy': ['self'],
};

// The catalog's enums under the names OverPy code gives them
// (providers/opy/names.go): the literal enums lose their suffix.
const enumRenames = {
  HeroLiteral: 'Hero',
  MapLiteral: 'Map',
  GamemodeLiteral: 'Gamemode',
  ButtonLiteral: 'Button',
  ColorLiteral: 'Color',
  TeamLiteral: 'Team',
};
// Other spellings OverPy accepts (providers/opy/names.go).
const enumAliases = { AsyncBehavior: 'StartRuleBehavior' };
const legacyHeroes = { MCCREE: 'cassidy', HAMMOND: 'wreckingBall' };
// Math is OverPy's own: compile-time numbers and texts
// (providers/opy/lower_builtin_math.go).
const mathMembers = [
  'PI', 'E', 'INFINITY', 'EPSILON', 'SPHERE_HORIZONTAL_RADIUS_MULT', 'SPHERE_VERTICAL_RADIUS_MULT',
  'INNER_RING_RADIUS_MULT', 'OUTER_RING_RADIUS_MULT', 'RING_EXPLOSION_RADIUS_MULT',
  'FUCKTON_OF_SPACES', 'LOTS_OF_SPACES', 'FUCKTON_OF_NEWLINES', 'LOTS_OF_NEWLINES',
];
// The values written without parentheses that are constants rather than
// event or player values.
const literalValues = new Set(['true', 'false', 'null']);

/** upperSnake spells a catalog key as OverPy spells enum members: wreckingBall → WRECKING_BALL. */
export function upperSnake(key) {
  if (key.toUpperCase() === key) return key;
  return key.replace(/(?<=.)(\p{Lu})/gu, '_$1').toUpperCase();
}

/** opyEnums returns OverPy's enums: name → member names, sorted by name. */
export function opyEnums(catalog) {
  const out = new Map();
  for (const [id, members] of Object.entries(catalog.constants)) {
    if (id.startsWith('__') || members.length === 0) continue;
    out.set(enumRenames[id] ?? id, members.map((m) => upperSnake(m.key)));
  }
  for (const [alias, id] of Object.entries(enumAliases)) out.set(alias, out.get(id));
  out.get('Hero').push(...Object.keys(legacyHeroes));
  out.set('Math', mathMembers);
  out.set(
    'Vector',
    catalog.values.filter((v) => v.key.startsWith('Vector.')).map((v) => v.key.slice('Vector.'.length)),
  );
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** elements splits the catalog's actions and values by how OverPy code writes them. */
export function opyElements(catalog) {
  const free = { action: [], value: [] };
  const member = { action: [], value: [] };
  const bare = { literal: [], value: [] };
  const modules = new Map();
  for (const e of [...catalog.actions, ...catalog.values]) {
    const key = e.key;
    const kind = catalog.actions.includes(e) ? 'action' : 'value';
    if (key.startsWith('__') || key.startsWith('Vector.')) continue;
    if (key.startsWith('.')) {
      member[kind].push(key.slice(1));
    } else if (key.includes('.')) {
      const [mod, fn] = key.split('.');
      if (!modules.has(mod)) modules.set(mod, []);
      modules.get(mod).push(fn);
    } else if (kind === 'value' && e.args === null) {
      (literalValues.has(key) ? bare.literal : bare.value).push(key);
    } else if (!Object.values(keywords).flat().includes(key)) {
      // break, continue and return are keywords in OverPy code.
      free[kind].push(key);
    }
  }
  return { free, member, bare, modules };
}

const W = '[\\w$@]'; // a character of an OverPy word
const NB = '(?<![\\w$@.])'; // a name starts after no word character and no dot
const NE = `(?!${W})`; // and ends before no word character
const ident = '[A-Za-z_$][\\w$@]*';
const alt = (words) => words.map(escapeWord).join('|');

export function generateOverPy(catalog) {
  const enums = opyEnums(catalog);
  const { free, member, bare, modules } = opyElements(catalog);
  const enumKinds = { Hero: '.hero', Map: '.map', Gamemode: '.gamemode' };
  const events = catalog.events.map((e) => e.key).filter((k) => !k.startsWith('__'));
  const heroes = [...catalog.heroes.map((h) => h.key), ...Object.keys(legacyHeroes).map((k) => k.toLowerCase())];

  const enumMembers = [...enums].map(([name, members]) => ({
    match: `${NB}(${escapeWord(name)})\\s*(\\.)\\s*(${trie(members)})${NE}`,
    captures: {
      1: { name: 'support.type.enum.opy' },
      2: { name: 'punctuation.accessor.opy' },
      3: { name: `constant.other.enum${enumKinds[name] ?? ''}.opy` },
    },
  }));

  const grammar = {
    $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
    name: 'OverPy',
    scopeName: opyScopeName,
    comment: 'Generated by scripts/gen-opy-grammar.mjs from the shared catalog; do not edit by hand.',
    patterns: [{ include: '#declaration' }, { include: '#label' }, { include: '#code' }],
    repository: {
      code: {
        patterns: [
          { include: '#comment' },
          { include: '#directive' },
          { include: '#string' },
          { include: '#annotation' },
          { include: '#expression' },
        ],
      },
      comment: {
        patterns: [
          {
            begin: '/\\*',
            beginCaptures: { 0: { name: 'punctuation.definition.comment.begin.opy' } },
            end: '\\*/',
            endCaptures: { 0: { name: 'punctuation.definition.comment.end.opy' } },
            name: 'comment.block.opy',
          },
          {
            comment: 'A # comment runs to the end of the line; #! starts a directive.',
            match: '(#)(?!!).*$',
            captures: { 1: { name: 'punctuation.definition.comment.opy' } },
            name: 'comment.line.number-sign.opy',
          },
        ],
      },
      directive: {
        comment: 'A directive runs to the end of the line, or on after a line ending in a backslash (the tokenizer sees each line with its newline).',
        patterns: [
          {
            begin: `(#!define(?:Member)?)\\s+([\\w$@]+)(?:(\\()([^)]*)(\\)))?`,
            beginCaptures: {
              1: { name: 'keyword.control.directive.opy' },
              2: { name: 'entity.name.function.preprocessor.opy' },
              3: { name: 'punctuation.section.parens.begin.opy' },
              4: { patterns: [{ match: ident, name: 'variable.parameter.opy' }, { match: ',', name: 'punctuation.separator.comma.opy' }] },
              5: { name: 'punctuation.section.parens.end.opy' },
            },
            end: '(?<![\\\\\\n])$',
            name: 'meta.preprocessor.define.opy',
            patterns: [{ include: '#comment' }, { include: '#string' }, { include: '#expression' }],
          },
          {
            begin: '#![A-Za-z_]\\w*',
            beginCaptures: { 0: { name: 'keyword.control.directive.opy' } },
            end: '(?<![\\\\\\n])$',
            name: 'meta.preprocessor.opy',
            patterns: [{ include: '#string' }, { include: '#expression' }],
          },
        ],
      },
      declaration: {
        patterns: [
          {
            match: `^\\s*(def)\\s+(${ident})`,
            captures: { 1: { name: 'storage.type.function.opy' }, 2: { name: 'entity.name.function.opy' } },
          },
          {
            match: `^\\s*(globalvar|playervar)\\s+(${ident})(?:\\s+(\\d+))?`,
            captures: {
              1: { name: 'storage.type.variable.opy' },
              2: { name: 'variable.other.declaration.opy' },
              3: { name: 'constant.numeric.integer.opy' },
            },
          },
          {
            match: `^\\s*(subroutine)\\s+(${ident})(?:\\s+(\\d+))?`,
            captures: {
              1: { name: 'storage.type.subroutine.opy' },
              2: { name: 'entity.name.function.subroutine.opy' },
              3: { name: 'constant.numeric.integer.opy' },
            },
          },
          {
            match: `^\\s*(enum)\\s+(${ident})`,
            captures: { 1: { name: 'storage.type.enum.opy' }, 2: { name: 'entity.name.type.enum.opy' } },
          },
          {
            match: `^\\s*(macro)\\s+(?:(${ident})\\s*(\\.)\\s*)?(${ident})`,
            captures: {
              1: { name: 'storage.type.macro.opy' },
              2: { name: 'entity.name.type.class.opy' },
              3: { name: 'punctuation.accessor.opy' },
              4: { name: 'entity.name.function.macro.opy' },
            },
          },
          {
            match: `^\\s*(rule)${NE}`,
            captures: { 1: { name: 'storage.type.rule.opy' } },
          },
        ],
      },
      label: {
        comment: 'A label: a name alone on its line, with a colon.',
        match: `^\\s*(?!(?:${alt(Object.values(keywords).flat())})${NE})(${ident})\\s*(:)(?=\\s*(?:#(?!!)|$))`,
        captures: { 1: { name: 'entity.name.label.opy' }, 2: { name: 'punctuation.separator.colon.opy' } },
      },
      annotation: {
        patterns: [
          {
            match: `(?<!${W})(@Event)\\s+(${trie(events)})${NE}`,
            captures: { 1: { name: 'storage.type.annotation.opy' }, 2: { name: 'support.type.event.opy' } },
          },
          {
            match: `(?<!${W})(@Hero)\\s+(${trie(heroes)})${NE}`,
            captures: { 1: { name: 'storage.type.annotation.opy' }, 2: { name: 'constant.other.enum.hero.opy' } },
          },
          {
            match: `(?<!${W})(@Team)\\s+(1|2|all)${NE}`,
            captures: { 1: { name: 'storage.type.annotation.opy' }, 2: { name: 'constant.other.enum.opy' } },
          },
          { match: `(?<!${W})@[A-Za-z_]\\w*`, name: 'storage.type.annotation.opy' },
        ],
      },
      string: {
        comment: 'Strings may span lines; a word of up to four of f b w c t l p right before the quote is a prefix.',
        patterns: [
          {
            begin: `(?<!${W})([bwctlpBWCTLP]{0,3}[fF][bwctlpBWCTLP]{0,3})(["'])`,
            beginCaptures: { 1: { name: 'storage.type.string.opy' }, 2: { name: 'punctuation.definition.string.begin.opy' } },
            end: '\\2',
            endCaptures: { 0: { name: 'punctuation.definition.string.end.opy' } },
            name: 'string.quoted.formatted.opy',
            patterns: [
              { include: '#escape' },
              { match: '\\{\\{|\\}\\}' },
              {
                begin: '\\{',
                beginCaptures: { 0: { name: 'punctuation.section.interpolation.begin.opy' } },
                end: '\\}',
                endCaptures: { 0: { name: 'punctuation.section.interpolation.end.opy' } },
                contentName: 'meta.interpolation.opy',
                patterns: [{ include: '#expression' }],
              },
            ],
          },
          {
            begin: `(?<!${W})([fbwctlpFBWCTLP]{1,4})?(["'])`,
            beginCaptures: { 1: { name: 'storage.type.string.opy' }, 2: { name: 'punctuation.definition.string.begin.opy' } },
            end: '\\2',
            endCaptures: { 0: { name: 'punctuation.definition.string.end.opy' } },
            name: 'string.quoted.opy',
            patterns: [
              { include: '#escape' },
              { match: '\\{\\{|\\}\\}' },
              { match: '\\{\\d*\\}', name: 'constant.other.placeholder.opy' },
            ],
          },
        ],
      },
      escape: {
        patterns: [
          { match: '\\\\(?:[\\\\"\'nrbftz]|x\\h{2}|u\\h{4}|&\\w+;)', name: 'constant.character.escape.opy' },
          { match: '\\\\.', name: 'invalid.illegal.unknown-escape.opy' },
        ],
      },
      expression: {
        patterns: [
          { include: '#comment' },
          { include: '#string' },
          ...enumMembers,
          {
            match: `${NB}(${alt([...modules.keys()])})\\s*(\\.)\\s*(${trie([...modules.values()].flat())})${NE}`,
            captures: {
              1: { name: 'support.type.module.opy' },
              2: { name: 'punctuation.accessor.opy' },
              3: { name: 'support.function.value.opy' },
            },
          },
          { match: `${NB}(${trie([...enums.keys()])})${NE}`, name: 'support.type.enum.opy' },
          {
            comment: 'Member functions of the catalog, after a dot.',
            match: `(\\.)\\s*(${trie(member.action)})(?=\\s*\\()`,
            captures: { 1: { name: 'punctuation.accessor.opy' }, 2: { name: 'support.function.action.opy' } },
          },
          {
            match: `(\\.)\\s*(${trie(member.value)})(?=\\s*\\()`,
            captures: { 1: { name: 'punctuation.accessor.opy' }, 2: { name: 'support.function.value.opy' } },
          },
          {
            comment: 'Other member calls: OverPy functions (format, append, map…) and member macros.',
            match: `(\\.)\\s*(${ident})(?=\\s*\\()`,
            captures: { 1: { name: 'punctuation.accessor.opy' }, 2: { name: 'entity.name.function.member.opy' } },
          },
          {
            comment: 'A player variable, or a component (.x).',
            match: `(\\.)\\s*(${ident})`,
            captures: { 1: { name: 'punctuation.accessor.opy' }, 2: { name: 'variable.other.member.opy' } },
          },
          {
            match: `${NB}(goto)\\s+(?!loc${NE})(${ident})`,
            captures: { 1: { name: 'keyword.control.flow.opy' }, 2: { name: 'entity.name.label.opy' } },
          },
          ...Object.entries(keywords).map(([scope, words]) => ({ match: `${NB}(?:${alt(words)})${NE}`, name: scope })),
          { match: `${NB}(?:${trie(bare.literal)})${NE}`, name: 'constant.language.opy' },
          { match: `${NB}(?:${trie(bare.value)})${NE}`, name: 'variable.language.opy' },
          {
            comment: 'Free functions of the catalog, called.',
            match: `${NB}(${trie(free.action)})(?=\\s*\\()`,
            captures: { 1: { name: 'support.function.action.opy' } },
          },
          {
            match: `${NB}(${trie(free.value)})(?=\\s*\\()`,
            captures: { 1: { name: 'support.function.value.opy' } },
          },
          {
            comment: 'Other calls: OverPy functions, subroutines and macros.',
            match: `${NB}(${ident})(?=\\s*\\()`,
            captures: { 1: { name: 'entity.name.function.call.opy' } },
          },
          { include: '#number' },
          { include: '#operator' },
          { include: '#punctuation' },
        ],
      },
      number: {
        match: `${NB}(?:0[xX]\\h+|\\d+(?:\\.\\d+)?(?:[eE]\\d+)?)${NE}`,
        name: 'constant.numeric.opy',
      },
      operator: {
        patterns: [
          { match: '\\*\\*=|[-+*/%]=|(?<![\\w$@])(?:min|max)=', name: 'keyword.operator.assignment.augmented.opy' },
          { match: '==|!=|<=|>=|<|>', name: 'keyword.operator.comparison.opy' },
          { match: '=', name: 'keyword.operator.assignment.opy' },
          { match: '\\+\\+|--', name: 'keyword.operator.increment.opy' },
          { match: '\\*\\*|[-+*/%]', name: 'keyword.operator.arithmetic.opy' },
        ],
      },
      punctuation: {
        patterns: [
          { match: '\\\\(?=[ \\t]*$)', name: 'punctuation.separator.continuation.line.opy' },
          { match: ':', name: 'punctuation.separator.colon.opy' },
          { match: ',', name: 'punctuation.separator.comma.opy' },
          { match: ';', name: 'punctuation.terminator.statement.opy' },
          { match: '\\.', name: 'punctuation.accessor.opy' },
          { match: '[()]', name: 'punctuation.section.parens.opy' },
          { match: '[\\[\\]]', name: 'punctuation.section.brackets.opy' },
          { match: '[{}]', name: 'punctuation.section.braces.opy' },
        ],
      },
    },
  };
  return JSON.stringify(grammar, null, 2) + '\n';
}
