// The element count: a status bar item for the active Workshop document,
// and the command that lists the program's largest rules.

import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { agentRequest, type CostEstimate, isWorkshop, toPosition } from './agent';
import { setting } from './config';

const debounceMs = 600;

export class ElementCount implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  private generation = 0;

  constructor(private readonly client: () => LanguageClient | undefined) {
    this.item = vscode.window.createStatusBarItem('wright.elementCount', vscode.StatusBarAlignment.Right, 100);
    this.item.name = 'Wright Element Count';
    this.item.command = 'wright.showElementCost';
    this.disposables.push(
      this.item,
      vscode.window.onDidChangeActiveTextEditor(() => this.refresh(0)),
      vscode.workspace.onDidSaveTextDocument((d) => d === vscode.window.activeTextEditor?.document && this.refresh(0)),
      vscode.workspace.onDidChangeTextDocument((e) => e.document === vscode.window.activeTextEditor?.document && this.refresh(debounceMs)),
    );
  }

  /** refresh recounts after delay milliseconds; later calls win. */
  refresh(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.update(), delay);
  }

  private async update(): Promise<void> {
    const gen = ++this.generation;
    const doc = vscode.window.activeTextEditor?.document;
    const client = this.client();
    if (!isWorkshop(doc) || !client?.isRunning() || setting<boolean>('statusBar.elementCount') === false) {
      this.item.hide();
      return;
    }
    try {
      const res = await agentRequest<CostEstimate>(client, { op: 'costEstimate', document: doc.uri.toString() });
      if (gen !== this.generation) return;
      if (!res.result) {
        this.show('$(symbol-numeric) — elements', `Element count unavailable: ${res.error?.message ?? 'no answer'}`);
        return;
      }
      const { total, budget, rules } = res.result.elementCount;
      const share = budget > 0 ? total / budget : 0;
      const tip = new vscode.MarkdownString(
        `**${fmt(total)}** of **${fmt(budget)}** elements (${(share * 100).toFixed(1)}%)\n\n` +
          rules.map((r) => `- ${r.address}: ${fmt(r.count)}`).join('\n') +
          '\n\nClick to list the largest rules.',
      );
      this.show(`$(symbol-numeric) ${fmt(total)} / ${fmt(budget)}`, tip);
      this.item.backgroundColor =
        total > budget
          ? new vscode.ThemeColor('statusBarItem.errorBackground')
          : share >= 0.9
            ? new vscode.ThemeColor('statusBarItem.warningBackground')
            : undefined;
    } catch (err) {
      if (gen !== this.generation) return;
      this.show('$(symbol-numeric) — elements', `Element count unavailable: ${String(err)}`);
    }
  }

  private show(text: string, tooltip: string | vscode.MarkdownString): void {
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: typeof tooltip === 'string' ? tooltip : text.replace(/\$\([^)]*\)\s*/, '') + ' elements' };
    this.item.show();
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const d of this.disposables) d.dispose();
  }
}

const fmt = (n: number) => n.toLocaleString('en-US');

interface RulePick extends vscode.QuickPickItem {
  range?: vscode.Range;
}

/** showElementCost lists the program's count and its largest rules; picking one reveals it. */
export async function showElementCost(client: LanguageClient | undefined): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const doc = editor?.document;
  if (!isWorkshop(doc)) {
    void vscode.window.showWarningMessage('Wright: open a Workshop file (.ow, .workshop) to see its element cost.');
    return;
  }
  if (!client?.isRunning()) {
    void vscode.window.showWarningMessage('Wright: the language server is not running (see the Wright output).');
    return;
  }
  const res = await agentRequest<CostEstimate>(client, { op: 'costEstimate', document: doc.uri.toString(), all: true });
  if (!res.result) {
    void vscode.window.showErrorMessage(`Wright: costEstimate failed: ${res.error?.code ?? ''} ${res.error?.message ?? ''}`);
    return;
  }
  const { total, budget, rules } = res.result.elementCount;
  const items: RulePick[] = rules.map((r) => ({
    label: `$(symbol-event) ${r.address}`,
    description: `${fmt(r.count)} elements`,
    detail: `${((r.count / Math.max(total, 1)) * 100).toFixed(1)}% of the program`,
    range: new vscode.Range(toPosition(doc, r.span.start), toPosition(doc, r.span.end)),
  }));
  const pick = await vscode.window.showQuickPick(items, {
    title: `Element cost: ${fmt(total)} of ${fmt(budget)} (${((total / Math.max(budget, 1)) * 100).toFixed(1)}%), ${res.result.programRules} rules`,
    placeHolder: 'Rules by element count, largest first: pick one to go to it',
    matchOnDescription: true,
  });
  if (pick?.range) {
    const shown = await vscode.window.showTextDocument(doc, editor?.viewColumn);
    shown.selection = new vscode.Selection(pick.range.start, pick.range.start);
    shown.revealRange(pick.range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }
}
