// The Simulate code lenses' trace documents (lsp/simulate.go): the server
// runs wright.simulate, keeps the trace under a wright-trace: URI and asks
// the editor to show that URI (window/showDocument). The extension
// declares that it serves the scheme (the experimental client capability
// wrightTraceDocuments), reads the text with wright/traceDocument, and
// opens it read-only beside the program, refreshed on every run.

import * as vscode from 'vscode';
import { CancellationToken, ResponseError } from 'vscode-languageclient/node';
import type { LanguageClient, ShowDocumentParams, ShowDocumentRequest, ShowDocumentResult, StaticFeature } from 'vscode-languageclient/node';

export const traceScheme = 'wright-trace';

/** TraceDocuments serves wright-trace: documents from the running server. */
export class TraceDocuments implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly client: () => LanguageClient | undefined) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const c = this.client();
    if (!c?.isRunning()) return 'The Wright language server is not running: run the Simulate lens again once it is.\n';
    const res = await c.sendRequest<{ text: string }>('wright/traceDocument', { uri: uri.toString() });
    return res.text;
  }

  /**
   * showDocument is the language client's window/showDocument middleware:
   * a wright-trace: URI is refreshed (the server may hold a newer run) and
   * opened beside the program; anything else goes on to the client.
   */
  async showDocument(params: ShowDocumentParams, next: ShowDocumentRequest.HandlerSignature): Promise<ShowDocumentResult> {
    const uri = vscode.Uri.parse(params.uri);
    if (uri.scheme !== traceScheme) {
      const res = await next(params, CancellationToken.None);
      return res instanceof ResponseError ? { success: false } : res;
    }
    this.changed.fire(uri);
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: params.takeFocus !== true });
      return { success: true };
    } catch {
      return { success: false };
    }
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** traceCapability tells the server that this client opens wright-trace: URIs. */
export const traceCapability: StaticFeature = {
  fillClientCapabilities(capabilities) {
    capabilities.experimental = { ...(capabilities.experimental as object | undefined), wrightTraceDocuments: true };
  },
  initialize() {},
  getState: () => ({ kind: 'static' }),
  clear() {},
};
