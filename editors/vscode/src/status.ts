// The server's state in the status bar: starting, ready (with its
// version) or failed, a click away from the Wright output where the
// reason is.

import * as vscode from 'vscode';

export class ServerStatus implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;

  constructor() {
    this.item = vscode.window.createStatusBarItem('wright.serverStatus', vscode.StatusBarAlignment.Right, 101);
    this.item.name = 'Wright Language Server';
    this.item.command = 'wright.showOutput';
  }

  starting(): void {
    this.show('$(loading~spin) Wright', 'wright-lsp is starting', undefined);
  }

  ready(version: string | undefined): void {
    this.show('$(check) Wright', `wright-lsp ${version ?? ''} is running. Click for its output.`.replace('  ', ' '), undefined);
  }

  failed(reason: string): void {
    this.show('$(error) Wright', `wright-lsp is not running: ${reason}\n\nClick for the Wright output.`,
      new vscode.ThemeColor('statusBarItem.errorBackground'));
  }

  stopped(): void {
    this.item.hide();
  }

  dispose(): void {
    this.item.dispose();
  }

  private show(text: string, tooltip: string, background: vscode.ThemeColor | undefined): void {
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.backgroundColor = background;
    this.item.show();
  }
}
