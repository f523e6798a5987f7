// TextMate grammar tests: snippets of the shared corpus, tokenized by
// vscode-textmate with vscode-oniguruma (VS Code's own engine), with the
// scope expected of every token kind; and the check that the committed
// grammar is what scripts/gen-grammar.mjs makes of the catalog.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { generate, grammarPath, loadCatalog } from '../scripts/gen-grammar.mjs';
import { tokenize } from './tokenize.mjs';

/**
 * expectScopes tokenizes snippet and checks, in order, that each [text,
 * scope] names a token whose innermost scope is scope; each search starts
 * after the previous match, so a repeated text is matched in turn.
 */
async function expectScopes(snippet, expected) {
  const tokens = (await tokenize(snippet)).flatMap((line, i) => line.map((t) => ({ ...t, line: i + 1 })));
  let from = 0;
  for (const [text, scope] of expected) {
    const at = tokens.findIndex((t, i) => i >= from && t.text.trim() === text);
    assert.notEqual(at, -1, `no token ${JSON.stringify(text)} after token ${from}; tokens:\n${dump(tokens)}`);
    const got = tokens[at].scopes.at(-1);
    assert.equal(got, scope, `${JSON.stringify(text)} (line ${tokens[at].line}) is ${got}, want ${scope}`);
    from = at + 1;
  }
}

const dump = (tokens) => tokens.map((t) => `${t.line}: ${JSON.stringify(t.text)} ${t.scopes.at(-1) ?? '-'}`).join('\n');

test('the committed grammar is the generator output for the catalog', () => {
  const want = generate(loadCatalog());
  const got = readFileSync(grammarPath, 'utf8');
  assert.ok(got === want, 'syntaxes/workshop.tmLanguage.json is stale: run `node scripts/gen-grammar.mjs`');
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
  const { readdirSync } = await import('node:fs');
  const { dirname, join } = await import('node:path');
  const dir = join(dirname(dirname(grammarPath)), '..', '..', '..', 'shared', 'corpus', 'workshop', 'game-exports');
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.txt')).slice(0, 6)) {
    const lines = await tokenize(readFileSync(join(dir, f), 'utf8'));
    assert.ok(lines.length > 0, f);
  }
});
