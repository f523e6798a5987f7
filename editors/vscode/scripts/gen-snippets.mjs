#!/usr/bin/env node
// Generates the snippets from the shared catalog: a rule skeleton per
// event, for Workshop (snippets/workshop.json) and OverPy
// (snippets/overpy.json). Workshop snippets are spelled in en-US, the
// language the game reads whatever its client's.
//
//   node scripts/gen-snippets.mjs          write the snippets
//   node scripts/gen-snippets.mjs --check  exit 1 when a committed file is stale

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extensionRoot, loadCatalog, writeOrCheck } from './grammar-lib.mjs';

export const workshopSnippetsPath = join(extensionRoot, 'snippets', 'workshop.json');
export const overpySnippetsPath = join(extensionRoot, 'snippets', 'overpy.json');

const en = (entry) => entry.names['en-US'];

/**
 * prefix is what one types for an event's snippet: one word, as VS Code
 * matches a snippet's prefix against the word before the cursor, so
 * "rule" lists them all and "ruleDied" finds one (ruleEachPlayer,
 * rulePlayerDied, ruleSubroutine).
 */
const prefix = (ev) => 'rule' + ev.key.replace(/_/g, '').replace(/^./, (c) => c.toUpperCase());

/** workshopSnippets: "Rule: EVENT" for each event, the event block filled. */
export function workshopSnippets(catalog) {
  // All first: the choice a rule for everyone takes.
  const allFirst = (list) => [...list.filter((e) => e.key === 'all'), ...list.filter((e) => e.key !== 'all')].map(en);
  const teams = allFirst(catalog.eventTeams);
  const players = allFirst(catalog.eventPlayers);
  const out = {};
  for (const ev of catalog.events) {
    const name = en(ev);
    let eventLines;
    if (ev.key === '__subroutine__') {
      eventLines = [`\t\t${name};`, '\t\t${2:Sub0};'];
    } else if (ev.lines === 3) {
      eventLines = [`\t\t${name};`, `\t\t\${2|${teams.join(',')}|};`, `\t\t\${3|${players.join(',')}|};`];
    } else {
      eventLines = [`\t\t${name};`];
    }
    const body = [
      'rule("${1:Rule Name}")',
      '{',
      '\tevent',
      '\t{',
      ...eventLines,
      '\t}',
    ];
    if (ev.key !== '__subroutine__') {
      body.push('', '\tconditions', '\t{', '\t\t${4}', '\t}');
    }
    body.push('', '\tactions', '\t{', '\t\t$0', '\t}', '}');
    out[`Rule: ${name}`] = {
      prefix: prefix(ev),
      description: ev.key === '__subroutine__'
        ? 'A rule that runs when a Call Subroutine or Start Rule names its subroutine'
        : `A rule on the event ${name}`,
      body,
    };
  }
  return out;
}

/** overpySnippets: "Rule: EVENT" for each event, as OverPy writes rules. */
export function overpySnippets(catalog) {
  const out = {};
  for (const ev of catalog.events) {
    const name = en(ev);
    if (ev.key === '__subroutine__') {
      out['Subroutine'] = {
        prefix: 'def',
        description: 'A subroutine: run by a call of its name or by async()',
        body: ['def ${1:name}():', '    $0'],
      };
      continue;
    }
    const body = ['rule "${1:Rule Name}":'];
    if (ev.key !== 'global') body.push(`    @Event ${ev.key}`);
    body.push('    ${0:pass}');
    out[`Rule: ${name}`] = {
      prefix: prefix(ev),
      description: ev.key === 'global' ? 'A rule that runs once for the game (@Event global is the default)' : `A rule on the event ${name} (@Event ${ev.key})`,
      body,
    };
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const catalog = loadCatalog();
  const check = process.argv.includes('--check');
  let ok = writeOrCheck(workshopSnippetsPath, JSON.stringify(workshopSnippets(catalog), null, 2) + '\n', check);
  ok = writeOrCheck(overpySnippetsPath, JSON.stringify(overpySnippets(catalog), null, 2) + '\n', check) && ok;
  if (!ok) process.exit(1);
}
