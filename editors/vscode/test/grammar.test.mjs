// TextMate grammar tests: snippets of the shared corpus, tokenized by
// vscode-textmate with vscode-oniguruma (VS Code's own engine), with the
// scope expected of every token kind; and the check that the committed
// grammars are what scripts/gen-grammar.mjs makes of the catalog. The
// Workshop snippets are quoted here; the OverPy ones are read from
// ../shared/corpus/opy/tests by file and line.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import test from 'node:test';
import { generate, grammarPath, loadCatalog } from '../scripts/gen-grammar.mjs';
import { generateOverPy, opyEnums, opyGrammarPath, opyScopeName } from '../scripts/gen-opy-grammar.mjs';
import { tokenize } from './tokenize.mjs';

const shared = join(dirname(grammarPath), '..', '..', '..', '..', 'shared');

/**
 * expectScopes tokenizes snippet and checks, in order, that each [text,
 * scope] names a token whose innermost scope is scope; each search starts
 * after the previous match, so a repeated text is matched in turn.
 */
async function expectScopes(snippet, expected, scope = 'source.workshop.wright') {
  const tokens = (await tokenize(snippet, scope)).flatMap((line, i) => line.map((t) => ({ ...t, line: i + 1 })));
  let from = 0;
  for (const [text, scope] of expected) {
    const at = tokens.findIndex((t, i) => i >= from && t.text.trim() === text);
    assert.notEqual(at, -1, `no token ${JSON.stringify(text)} after token ${from}; tokens:\n${dump(tokens)}`);
    const got = tokens[at].scopes.at(-1) ?? null;
    assert.equal(got, scope, `${JSON.stringify(text)} (line ${tokens[at].line}) is ${got}, want ${scope}`);
    from = at + 1;
  }
}

const dump = (tokens) => tokens.map((t) => `${t.line}: ${JSON.stringify(t.text)} ${t.scopes.at(-1) ?? '-'}`).join('\n');

test('the committed grammars are the generator output for the catalog', () => {
  const catalog = loadCatalog();
  assert.ok(readFileSync(grammarPath, 'utf8') === generate(catalog), 'syntaxes/workshop.tmLanguage.json is stale: run `node scripts/gen-grammar.mjs`');
  assert.ok(readFileSync(opyGrammarPath, 'utf8') === generateOverPy(catalog), 'syntaxes/overpy.tmLanguage.json is stale: run `node scripts/gen-grammar.mjs`');
});

// From examples/king-of-the-hill.ow.
test('en-US: settings, variables and subroutines blocks', async () => {
  await expectScopes(
    `settings
{
	main
	{
		Description: "King of the Hill: hold the ring to score."
	}
	modes
	{
		Deathmatch
		{
			Score To Win: 50
		}
	}
}

variables
{
	global:
		0: HillCentre
	player:
		0: Points
}

subroutines
{
	0: CrownKing
}
`,
    [
      ['settings', 'keyword.other.section.workshop'],
      ['main', 'entity.name.section.setting.workshop'],
      ['Description', 'support.type.property-name.setting.workshop'],
      ['King of the Hill: hold the ring to score.', 'string.quoted.double.workshop'],
      ['Score To Win', 'support.type.property-name.setting.workshop'],
      ['50', 'constant.numeric.workshop'],
      ['variables', 'keyword.other.section.workshop'],
      ['global', 'storage.modifier.scope.workshop'],
      ['0', 'constant.numeric.integer.workshop'],
      ['HillCentre', 'variable.other.declaration.workshop'],
      ['player', 'storage.modifier.scope.workshop'],
      ['Points', 'variable.other.declaration.workshop'],
      ['subroutines', 'keyword.other.section.workshop'],
      ['CrownKing', 'entity.name.function.subroutine.workshop'],
    ],
  );
});

// From corpus/workshop/game-exports/mysteryUltimates.txt (lines 923-945, 295, 337).
test('en-US: a rule with events, conditions, actions, values, enums and operators', async () => {
  await expectScopes(
    `disabled rule("DEBUG: When player hits reload and crouch, toggle slow motion")
{
	event
	{
		Ongoing - Each Player;
		All;
		All;
	}

	conditions
	{
		Global.DEBUG_MODE == True;
		Is Button Held(Event Player, Button(Reload)) == True;
	}

	actions
	{
		"Prevent swapping to a different role"
		If(Global.IsInSlowMotion && !Global.Paused);
			Set Slow Motion(100);
		Else;
			Modify Player Variable(Event Player, eligibleHeroSwaps, Remove From Array By Value, Hero Of(Event Player));
			Event Player.hackAbilityLockout += 0.5 * (Count Of(All Players(All Teams)) - 1);
			Global.HeroList = Array(Hero(Ana), Map(Ilios), Game Mode(Control));
		End;
		disabled Wait(0.250, Ignore Condition);
		Small Message(Event Player, Custom String("Say \\"hi\\" to {0}", Null));
	}
}
`,
    [
      ['disabled', 'storage.modifier.disabled.workshop'],
      ['rule', 'storage.type.rule.workshop'],
      ['(', 'punctuation.section.parens.begin.workshop'],
      ['DEBUG: When player hits reload and crouch, toggle slow motion', 'string.quoted.double.workshop'],
      ['event', 'keyword.other.section.workshop'],
      ['Ongoing - Each Player', 'support.type.event.workshop'],
      ['All', 'constant.other.enum.workshop'],
      ['conditions', 'keyword.other.section.workshop'],
      ['Global', 'variable.language.global.workshop'],
      ['.', 'punctuation.accessor.workshop'],
      ['DEBUG_MODE', 'variable.other.global.workshop'],
      ['==', 'keyword.operator.comparison.workshop'],
      ['True', 'constant.language.workshop'],
      ['Is Button Held', 'support.function.value.workshop'],
      ['Event Player', 'support.function.value.workshop'],
      ['Button', 'support.function.value.workshop'],
      ['Reload', 'constant.other.enum.workshop'],
      ['actions', 'keyword.other.section.workshop'],
      ['"Prevent swapping to a different role"', 'comment.block.quoted.workshop'],
      ['If', 'keyword.control.flow.workshop'],
      ['&&', 'keyword.operator.logical.workshop'],
      ['!', 'keyword.operator.logical.workshop'],
      ['Set Slow Motion', 'support.function.action.workshop'],
      ['100', 'constant.numeric.workshop'],
      ['Else', 'keyword.control.flow.workshop'],
      ['Modify Player Variable', 'support.function.action.workshop'],
      ['Remove From Array By Value', 'constant.other.enum.workshop'],
      ['Hero Of', 'support.function.value.workshop'],
      ['Event Player', 'support.function.value.workshop'],
      ['hackAbilityLockout', 'variable.other.player.workshop'],
      ['+=', 'keyword.operator.assignment.workshop'],
      ['0.5', 'constant.numeric.workshop'],
      ['*', 'keyword.operator.arithmetic.workshop'],
      ['Count Of', 'support.function.value.workshop'],
      ['All Players', 'support.function.value.workshop'],
      ['All Teams', 'constant.other.enum.workshop'],
      ['-', 'keyword.operator.arithmetic.workshop'],
      ['Ana', 'constant.other.enum.hero.workshop'],
      ['Ilios', 'constant.other.enum.map.workshop'],
      ['Control', 'constant.other.enum.gamemode.workshop'],
      ['End', 'keyword.control.flow.workshop'],
      ['disabled', 'storage.modifier.disabled.workshop'],
      ['Wait', 'support.function.action.workshop'],
      ['Ignore Condition', 'constant.other.enum.workshop'],
      [';', 'punctuation.terminator.statement.workshop'],
      ['Small Message', 'support.function.action.workshop'],
      ['Custom String', 'support.function.value.workshop'],
      ['\\"', 'constant.character.escape.workshop'],
      ['{0}', 'constant.other.placeholder.workshop'],
      ['Null', 'constant.language.workshop'],
    ],
  );
});

// From corpus/workshop/game-exports/zhCN_lijiang_parkour_EXCERPT.txt.
test('zh-CN: keywords, events, actions and values in Chinese', async () => {
  await expectScopes(
    `变量
{
	全局:
		0: HeroRoster
	玩家:
		0: Victory
}

规则("界面文本")
{
	事件
	{
		持续 - 全局;
	}

	动作
	{
		禁用 全局.debug = 真;
		If(全局.debug != 真);
			禁用查看器录制;
		End;
		"Center HUD"
		创建HUD文本(已过滤的数组(所有玩家(所有队伍), 当前数组元素.Victory == 真), 自定义字符串("END"), 空, 空, 顶部,
			0, 颜色(紫色), 空, 空, 可见和字符串, 默认可见度);
		等待(1, 无视条件);
	}
}
`,
    [
      ['变量', 'keyword.other.section.workshop'],
      ['全局', 'storage.modifier.scope.workshop'],
      ['HeroRoster', 'variable.other.declaration.workshop'],
      ['玩家', 'storage.modifier.scope.workshop'],
      ['规则', 'storage.type.rule.workshop'],
      ['界面文本', 'string.quoted.double.workshop'],
      ['事件', 'keyword.other.section.workshop'],
      ['持续 - 全局', 'support.type.event.workshop'],
      ['动作', 'keyword.other.section.workshop'],
      ['禁用', 'storage.modifier.disabled.workshop'],
      ['全局', 'variable.language.global.workshop'],
      ['debug', 'variable.other.global.workshop'],
      ['真', 'constant.language.workshop'],
      ['!=', 'keyword.operator.comparison.workshop'],
      ['禁用查看器录制', 'support.function.action.workshop'],
      ['"Center HUD"', 'comment.block.quoted.workshop'],
      ['创建HUD文本', 'support.function.action.workshop'],
      ['已过滤的数组', 'support.function.value.workshop'],
      ['所有玩家', 'support.function.value.workshop'],
      ['所有队伍', 'constant.other.enum.workshop'],
      ['当前数组元素', 'support.function.value.workshop'],
      ['Victory', 'variable.other.player.workshop'],
      ['空', 'constant.language.workshop'],
      ['顶部', 'constant.other.enum.workshop'],
      ['紫色', 'constant.other.enum.workshop'],
      ['等待', 'support.function.action.workshop'],
      ['无视条件', 'constant.other.enum.workshop'],
    ],
  );
});

// From corpus/workshop/game-exports/ruRU_arena_duels_1v1.txt.
test('ru-RU: settings values and hero names in Russian', async () => {
  await expectScopes(
    `settings
{
	lobby
	{
		Возврат в лобби: Отключен
		Голосовой чат матча: Вкл.
		Открыть для игроков в очереди: Да
	}
	modes
	{
		Общие
		{
			Время возрождения: 10%
		}
	}
}

rule("initialize")
{
	actions
	{
		Global.HeroPool = Array(Hero(Ана), Hero(Кулак Смерти), Hero(Солдат-76));
	}
}
`,
    [
      ['Возврат в лобби', 'support.type.property-name.setting.workshop'],
      ['Голосовой чат матча', 'support.type.property-name.setting.workshop'],
      ['Вкл.', 'constant.language.setting.workshop'],
      ['Да', 'constant.language.setting.workshop'],
      ['Общие', 'entity.name.section.setting.workshop'],
      ['10%', 'constant.numeric.workshop'],
      ['HeroPool', 'variable.other.global.workshop'],
      ['Array', 'support.function.value.workshop'],
      ['Ана', 'constant.other.enum.hero.workshop'],
      ['Кулак Смерти', 'constant.other.enum.hero.workshop'],
      ['Солдат-76', 'constant.other.enum.hero.workshop'],
    ],
  );
});

test('a longer name of another kind wins over its prefix ("All" before "All Players")', async () => {
  await expectScopes('rule("x")\n{\n\tactions\n\t{\n\t\tKill(All Players(All Teams), Null);\n\t}\n}\n', [
    ['Kill', 'support.function.action.workshop'],
    ['All Players', 'support.function.value.workshop'],
    ['All Teams', 'constant.other.enum.workshop'],
  ]);
});

test('every corpus export tokenizes without stopping early', async () => {
  const dir = join(shared, 'corpus', 'workshop', 'game-exports');
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.txt')).slice(0, 6)) {
    const lines = await tokenize(readFileSync(join(dir, f), 'utf8'));
    assert.ok(lines.length > 0, f);
  }
});

// OverPy: lines from ../shared/corpus/opy/tests, tokenized with the OverPy grammar.
const opyTests = join(shared, 'corpus', 'opy', 'tests');

/** opyLines returns lines from..to (1-based, inclusive) of an OverPy test file. */
function opyLines(file, from, to) {
  const lines = readFileSync(join(opyTests, file), 'utf8').split('\n');
  assert.ok(to <= lines.length, `${file} has ${lines.length} lines`);
  return lines.slice(from - 1, to).join('\n') + '\n';
}

const expectOpy = (snippet, expected) => expectScopes(snippet, expected, opyScopeName);

test('OverPy: rules, annotations with their events, teams, heroes and slots, event values', async () => {
  await expectOpy(opyLines('rules.opy', 1, 30), [
    ['#!optimizeForSize', 'keyword.control.directive.opy'],
    ['rule', 'storage.type.rule.opy'],
    ['normal', 'string.quoted.opy'],
    [':', 'punctuation.separator.colon.opy'],
    ['A', null],
    ['++', 'keyword.operator.increment.opy'],
    ['@Event', 'storage.type.annotation.opy'],
    ['eachPlayer', 'support.type.event.opy'],
    ['eventPlayer', 'variable.language.opy'],
    ['.', 'punctuation.accessor.opy'],
    ['A', 'variable.other.member.opy'],
    ['playerTookDamage', 'support.type.event.opy'],
    ['@Team', 'storage.type.annotation.opy'],
    ['1', 'constant.other.enum.opy'],
    ['@Hero', 'storage.type.annotation.opy'],
    ['ana', 'constant.other.enum.hero.opy'],
    ['victim', 'variable.language.opy'],
    ['playerReceivedHealing', 'support.type.event.opy'],
    ['all', 'constant.other.enum.opy'],
    ['@Slot', 'storage.type.annotation.opy'],
    ['3', 'constant.numeric.opy'],
    ['healer', 'variable.language.opy'],
    ['playerDied', 'support.type.event.opy'],
    ['@Disabled', 'storage.type.annotation.opy'],
    ['@SuppressWarnings', 'storage.type.annotation.opy'],
    ['@Delimiter', 'storage.type.annotation.opy'],
  ]);
});

test('OverPy: enum members, catalog functions free and after a dot, random, Vector and Math', async () => {
  await expectOpy(opyLines('builtinenums.opy', 3, 23), [
    ['@Condition', 'storage.type.annotation.opy'],
    ['eventPlayer', 'variable.language.opy'],
    ['isHoldingButton', 'support.function.value.opy'],
    ['Button', 'support.type.enum.opy'],
    ['INTERACT', 'constant.other.enum.opy'],
    ['Team', 'support.type.enum.opy'],
    ['ALL', 'constant.other.enum.opy'],
    ['Hero', 'support.type.enum.opy'],
    ['BRIGITTE', 'constant.other.enum.hero.opy'],
    ['BLACK_FOREST_WINTER', 'constant.other.enum.map.opy'],
    ['getCurrentGamemode', 'support.function.value.opy'],
    ['==', 'keyword.operator.comparison.opy'],
    ['ASSAULT', 'constant.other.enum.gamemode.opy'],
    ['startForcingButton', 'support.function.action.opy'],
    ['MELEE', 'constant.other.enum.opy'],
    ['startForcingHero', 'support.function.action.opy'],
    ['ANA', 'constant.other.enum.hero.opy'],
    ['wait', 'support.function.action.opy'],
    ['0.016', 'constant.numeric.opy'],
    ['Wait', 'support.type.enum.opy'],
    ['ABORT_WHEN_FALSE', 'constant.other.enum.opy'],
    ['Vector', 'support.type.enum.opy'],
    ['BACKWARD', 'constant.other.enum.opy'],
    ['random', 'support.type.module.opy'],
    ['randint', 'support.function.value.opy'],
    ['+', 'keyword.operator.arithmetic.opy'],
    ['choice', 'support.function.value.opy'],
    ['uniform', 'support.function.value.opy'],
    ['1.2', 'constant.numeric.opy'],
    ['shuffle', 'support.function.value.opy'],
    ['Math', 'support.type.enum.opy'],
    ['E', 'constant.other.enum.opy'],
    ['PI', 'constant.other.enum.opy'],
    ['BLUE', 'constant.other.enum.opy'],
    ['FUCKTON_OF_SPACES', 'constant.other.enum.opy'],
  ]);
});

test('OverPy: strings with prefixes, escapes, formatters, f-string expressions and lines', async () => {
  await expectOpy(opyLines('strings.opy', 1, 54), [
    ['#!setupTx', 'keyword.control.directive.opy'],
    ['globalvar', 'storage.type.variable.opy'],
    ['owo', 'variable.other.declaration.opy'],
    ['print', 'entity.name.function.call.opy'],
    ["custom 'string'", 'string.quoted.opy'],
    ['\\n', 'constant.character.escape.opy'],
    ['\\"', 'constant.character.escape.opy'],
    ['\\z', 'constant.character.escape.opy'],
    ['l', 'storage.type.string.opy'],
    ["'", 'punctuation.definition.string.begin.opy'],
    ["\\'", 'constant.character.escape.opy'],
    ['"quotes"', 'string.quoted.opy'],
    ['w', 'storage.type.string.opy'],
    ['fullwidth string', 'string.quoted.opy'],
    ['b', 'storage.type.string.opy'],
    ['{0}', 'constant.other.placeholder.opy'],
    ['{1}', 'constant.other.placeholder.opy'],
    ['format', 'entity.name.function.member.opy'],
    // Doubled braces are text, not formatters.
    ['{{', 'string.quoted.opy'],
    ['0', 'string.quoted.opy'],
    ['}}', 'string.quoted.opy'],
    ['f', 'storage.type.string.opy'],
    ['owo', 'string.quoted.formatted.opy'],
    ['{', 'punctuation.section.interpolation.begin.opy'],
    ['1', 'constant.numeric.opy'],
    ['+', 'keyword.operator.arithmetic.opy'],
    ['}', 'punctuation.section.interpolation.end.opy'],
    ['fb', 'storage.type.string.opy'],
    ['123145', 'string.quoted.formatted.opy'],
    ['C', 'meta.interpolation.opy'],
    ['wf', 'storage.type.string.opy'],
    ['cf', 'storage.type.string.opy'],
    ['\\&black_square;', 'constant.character.escape.opy'],
    ['\\x01', 'constant.character.escape.opy'],
    ['\\u2000', 'constant.character.escape.opy'],
    ['c', 'storage.type.string.opy'],
    // A string spans lines.
    ['multiline', 'string.quoted.opy'],
    ['string', 'string.quoted.opy'],
    [')', 'punctuation.section.parens.opy'],
  ]);
});

test('OverPy: an unknown escape is marked', async () => {
  await expectOpy('A = "a\\qb"\n', [['\\q', 'invalid.illegal.unknown-escape.opy']]);
});

test('OverPy: # and /* */ comments, inside brackets too', async () => {
  await expectOpy(opyLines('comments.opy', 1, 19), [
    ['/*', 'punctuation.definition.comment.begin.opy'],
    ['multi', 'comment.block.opy'],
    ['*/', 'punctuation.definition.comment.end.opy'],
    ['rule', 'storage.type.rule.opy'],
    ['@Condition', 'storage.type.annotation.opy'],
    ['#', 'punctuation.definition.comment.opy'],
    ['A', 'comment.line.number-sign.opy'],
    ['#', 'punctuation.definition.comment.opy'],
    ['B', 'comment.line.number-sign.opy'],
    ['C', null],
    ['++', 'keyword.operator.increment.opy'],
    ['=', 'keyword.operator.assignment.opy'],
    ['[', 'punctuation.section.brackets.opy'],
    ['/*', 'punctuation.definition.comment.begin.opy'],
    [',2.5', 'comment.block.opy'],
    ['*/', 'punctuation.definition.comment.end.opy'],
    ['/*', 'punctuation.definition.comment.begin.opy'],
    ['*/', 'punctuation.definition.comment.end.opy'],
    [',', 'punctuation.separator.comma.opy'],
    ['3', 'constant.numeric.opy'],
  ]);
});

test('OverPy: #!define with parameters, continued over lines ending in a backslash', async () => {
  const snippet = opyLines('macros.opy', 8, 30);
  await expectOpy(snippet, [
    ['#!allowMacroRedeclaration', 'keyword.control.directive.opy'],
    ['#!define', 'keyword.control.directive.opy'],
    ['GAME_FINISHED', 'entity.name.function.preprocessor.opy'],
    ['3', 'constant.numeric.opy'],
    ['participatingPlayers', 'entity.name.function.preprocessor.opy'],
    ['for', 'keyword.control.flow.opy'],
    ['in', 'keyword.operator.logical.opy'],
    ['getAllPlayers', 'entity.name.function.call.opy'],
    ['if', 'keyword.control.flow.opy'],
    ['currentCheckpoint', 'variable.other.member.opy'],
    ['>', 'keyword.operator.comparison.opy'],
    ['sortedPlayersByScore', 'entity.name.function.preprocessor.opy'],
    ['sorted', 'entity.name.function.call.opy'],
    ['lambda', 'storage.type.opy'],
    ['-', 'keyword.operator.arithmetic.opy'],
    ['playerInSpot', 'entity.name.function.preprocessor.opy'],
    ['nb', 'variable.parameter.opy'],
    ['playersInSpot', 'entity.name.function.preprocessor.opy'],
    ['min', 'variable.parameter.opy'],
    [',', 'punctuation.separator.comma.opy'],
    ['max', 'variable.parameter.opy'],
    ['slice', 'support.function.value.opy'],
    ['spotHud', 'entity.name.function.preprocessor.opy'],
    ['func', 'variable.parameter.opy'],
    ['\\', 'punctuation.separator.continuation.line.opy'],
    ['_spotHud', 'entity.name.function.call.opy'],
    ['exclude', 'support.function.value.opy'],
    ['else', 'keyword.control.flow.opy'],
    ['ORANGE', 'constant.other.enum.opy'],
  ]);
  // The continued lines belong to the directive; the rule after it does not.
  const lines = await tokenize(snippet, opyScopeName);
  const texts = snippet.split('\n');
  const scopesOf = (i) => new Set(lines[i].flatMap((t) => t.scopes));
  const head = texts.findIndex((l) => l.startsWith('#!define spotHud'));
  assert.ok(head >= 0 && texts[head].endsWith('\\'));
  for (const i of [head + 1, head + 2]) {
    assert.ok(scopesOf(i).has('meta.preprocessor.define.opy'), `line ${JSON.stringify(texts[i])} is part of the #!define`);
  }
  const rule = texts.findIndex((l) => l.startsWith('rule'));
  assert.ok(rule > head + 2, 'the snippet holds a rule after the defines');
  assert.ok(!scopesOf(rule).has('meta.preprocessor.define.opy'), 'the rule after the defines is no part of them');
  assert.ok(!scopesOf(rule - 1).has('meta.preprocessor.define.opy'), 'the blank line before the rule is no part of the defines');
});

test('OverPy: declarations of variables, subroutines, enums and macros', async () => {
  await expectOpy(opyLines('variables.opy', 3, 20), [
    ['globalvar', 'storage.type.variable.opy'],
    ['foo', 'variable.other.declaration.opy'],
    ['bar', 'variable.other.declaration.opy'],
    ['2', 'constant.numeric.integer.opy'],
    ['playervar', 'storage.type.variable.opy'],
    ['foo', 'variable.other.declaration.opy'],
    ['comment', 'comment.line.number-sign.opy'],
    ['0x124BC', 'constant.numeric.opy'],
    ['1e10', 'constant.numeric.opy'],
  ]);
  await expectOpy(opyLines('subroutines.opy', 3, 17), [
    ['subroutine', 'storage.type.subroutine.opy'],
    ['foo', 'entity.name.function.subroutine.opy'],
    ['bar', 'entity.name.function.subroutine.opy'],
    ['1', 'constant.numeric.integer.opy'],
    ['def', 'storage.type.function.opy'],
    ['foo', 'entity.name.function.opy'],
    ['@Name', 'storage.type.annotation.opy'],
    ['my subroutine', 'string.quoted.opy'],
    ['bar', 'entity.name.function.call.opy'],
    ['async', 'entity.name.function.call.opy'],
    ['AsyncBehavior', 'support.type.enum.opy'],
    ['NOOP', 'constant.other.enum.opy'],
    ['pass', 'keyword.control.flow.opy'],
  ]);
  await expectOpy(opyLines('enums.opy', 3, 30), [
    ['enum', 'storage.type.enum.opy'],
    ['GameStatus', 'entity.name.type.enum.opy'],
    ['AA', null],
    ['Team', 'entity.name.type.enum.opy'],
    ['Team', 'support.type.enum.opy'],
    ['1', 'constant.other.enum.opy'],
    ['rgb', 'support.function.value.opy'],
    ['BAD_AURA', 'constant.other.enum.opy'],
    ['rule', 'storage.type.rule.opy'],
    ['len', 'support.function.value.opy'],
    ['toArray', 'entity.name.function.member.opy'],
    ['LIGHT_RED', 'constant.other.enum.opy'],
  ]);
  await expectOpy(opyLines('astMacros.opy', 2, 10), [
    ['macro', 'storage.type.macro.opy'],
    ['testconst', 'entity.name.function.macro.opy'],
    ['Player', 'entity.name.type.class.opy'],
    ['testconst', 'entity.name.function.macro.opy'],
    ['self', 'variable.language.self.opy'],
    ['x', 'variable.other.member.opy'],
    ['annotations', 'entity.name.function.macro.opy'],
  ]);
});

test('OverPy: control flow, labels and goto, switch', async () => {
  await expectOpy(opyLines('conditions.opy', 114, 137), [
    ['if', 'keyword.control.flow.opy'],
    ['elif', 'keyword.control.flow.opy'],
    ['true', 'constant.language.opy'],
    ['goto', 'keyword.control.flow.opy'],
    ['lbl_1', 'entity.name.label.opy'],
    ['false', 'constant.language.opy'],
    ['lbl_1', 'entity.name.label.opy'],
    [':', 'punctuation.separator.colon.opy'],
  ]);
  await expectOpy(opyLines('switches.opy', 3, 20), [
    ['switch', 'keyword.control.flow.opy'],
    ['case', 'keyword.control.flow.opy'],
    ['break', 'keyword.control.flow.opy'],
    ['default', 'keyword.control.flow.opy'],
    ['case', 'keyword.control.flow.opy'],
    ['BRIGITTE', 'constant.other.enum.hero.opy'],
  ]);
  await expectOpy(opyLines('operators.opy', 128, 129), [
    ['**', 'keyword.operator.arithmetic.opy'],
    ['**', 'keyword.operator.arithmetic.opy'],
  ]);
  await expectOpy('rule "r":\n    A **= 2\n    A min= B\n    B -= 1\n    goto loc+A\n', [
    ['**=', 'keyword.operator.assignment.augmented.opy'],
    ['min=', 'keyword.operator.assignment.augmented.opy'],
    ['-=', 'keyword.operator.assignment.augmented.opy'],
    ['goto', 'keyword.control.flow.opy'],
    ['loc', 'keyword.other.opy'],
  ]);
});

test('OverPy: the enums are the ones the OverPy frontend names (providers/opy/names.go)', () => {
  const go = readFileSync(join(dirname(grammarPath), '..', '..', '..', 'providers', 'opy', 'names.go'), 'utf8');
  const renames = [...go.matchAll(/case "(\w+)":\s*name(?:, wrap)? = "(\w+)"/g)].map((m) => [m[1], m[2]]);
  assert.ok(renames.length >= 6, 'names.go renames the literal enums');
  const enums = opyEnums(loadCatalog());
  for (const [id, name] of renames) {
    assert.ok(enums.has(name), `names.go calls ${id} ${name}; the grammar has no enum ${name}`);
    assert.ok(!enums.has(id), `the grammar still calls ${id} by its catalog id`);
  }
  for (const m of go.matchAll(/h\.members\["(\w+)"\]/g)) assert.ok(enums.get('Hero').includes(m[1]), `Hero.${m[1]}`);
  for (const m of go.matchAll(/t\.enums\["(\w+)"\] = /g)) assert.ok(enums.has(m[1]), m[1]);
  assert.ok(enums.get('Hero').includes('WRECKING_BALL') && enums.get('Map').includes('KINGS_ROW'));
});

test('every OverPy test program tokenizes without stopping early', async () => {
  const files = readdirSync(opyTests).filter((f) => f.endsWith('.opy'));
  assert.ok(files.length >= 30, `${files.length} OverPy tests`);
  for (const f of files) {
    const lines = await tokenize(readFileSync(join(opyTests, f), 'utf8'), opyScopeName);
    assert.ok(lines.length > 0, f);
  }
});
