// The Wright extension: starts wright-lsp for Workshop and OverPy files
// and adds the element count, the cost view and agent requests on top of
// it.

import * as vscode from 'vscode';
import {
  LanguageClient,
  type LanguageClientOptions,
  type ServerOptions,
  TransportKind,
  DidChangeConfigurationNotification,
  State,
  type DocumentSelector,
} from 'vscode-languageclient/node';
import { agentRequest, isServed, overpyServed } from './agent';
import { affects, section, serverSettings, setting } from './config';
import { ElementCount, showElementCost } from './cost';
import { lexicalTypes, withoutTypes } from './semantic';
import { installCommand, resolveServer } from './server';
import { ServerStatus } from './status';
import { TraceDocuments, traceCapability, traceScheme } from './trace';

let client: LanguageClient | undefined;
let output: vscode.OutputChannel;
let starting: Promise<void> | undefined;
let status: ServerStatus;
const traces = new TraceDocuments(() => client);

/** Settings the server reads: a change is sent to it. */
const serverKeys = ['locale', 'lintConfig', 'ruleFiles', 'disabledRules', 'ruleSeverities', 'failOn', 'codeLens.simulate'];
/** Settings that shape the client: a change restarts it. */
const restartKeys = ['server.path', 'overpy.enable', 'codeLens.enabled', 'inlayHints.enabled'];

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel('Wright');
  status = new ServerStatus();
  const count = new ElementCount(() => client);
  context.subscriptions.push(
    output,
    status,
    count,
    vscode.commands.registerCommand('wright.showOutput', () => output.show(true)),
    vscode.commands.registerCommand('wright.restartServer', async () => {
      await stop();
      await start(count);
    }),
    vscode.commands.registerCommand('wright.showElementCost', () => showElementCost(client)),
    vscode.commands.registerCommand('wright.agentRequest', () => runAgentRequest()),
    vscode.workspace.registerTextDocumentContentProvider(answerScheme, answerProvider),
    traces,
    vscode.workspace.registerTextDocumentContentProvider(traceScheme, traces),
    vscode.workspace.onDidCloseTextDocument((d) => d.uri.scheme === answerScheme && answers.delete(d.uri.toString())),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (restartKeys.some((k) => affects(e, k))) {
        await stop();
        await start(count);
      } else if (serverKeys.some((k) => affects(e, k)) && client?.isRunning()) {
        await client.sendNotification(DidChangeConfigurationNotification.type, { settings: { [section]: serverSettings() } });
        count.refresh(0);
      } else if (affects(e, 'statusBar.elementCount')) {
        count.refresh(0);
      }
    }),
  );

  // VS Code activates the extension for OverPy files even when they are
  // not to be served (wright.overpy.enable off): start the server only once
  // there is something to serve.
  if (await wanted()) {
    await start(count);
  } else {
    const sub = vscode.workspace.onDidOpenTextDocument(async (doc) => {
      if (isServed(doc)) {
        sub.dispose();
        await start(count);
      }
    });
    context.subscriptions.push(sub);
  }
}

export function deactivate(): Thenable<void> | undefined {
  return stop();
}

async function wanted(): Promise<boolean> {
  if (vscode.workspace.textDocuments.some(isServed)) return true;
  const glob = overpyServed() ? '**/*.{ow,workshop,opy}' : '**/*.{ow,workshop}';
  const found = await vscode.workspace.findFiles(glob, '**/node_modules/**', 1);
  return found.length > 0;
}

function documentSelector(): DocumentSelector {
  const selector: DocumentSelector = [
    { scheme: 'file', language: 'workshop' },
    { scheme: 'untitled', language: 'workshop' },
  ];
  if (overpyServed()) {
    selector.push({ scheme: 'file', language: 'overpy' }, { scheme: 'untitled', language: 'overpy' });
  }
  return selector;
}

async function start(count: ElementCount): Promise<void> {
  if (starting) return starting;
  starting = (async () => {
    const found = resolveServer();
    if (!found.ok) {
      output.appendLine(found.message);
      status.failed(found.message);
      // Not awaited: until the user answers, a start (a changed setting,
      // or the settings arriving after activation, as code-server can
      // deliver them) would wait on this one and never run.
      void vscode.window.showErrorMessage(found.message, 'Open Settings', 'Copy Install Command').then(async (choice) => {
        if (choice === 'Open Settings') {
          await vscode.commands.executeCommand('workbench.action.openSettings', 'wright.server.path');
        } else if (choice === 'Copy Install Command') {
          await vscode.env.clipboard.writeText(installCommand);
        }
      });
      return;
    }
    output.appendLine(`Starting ${found.path}`);
    status.starting();
    // TransportKind.stdio makes the client append --stdio, which the server takes.
    const serverOptions: ServerOptions = {
      run: { command: found.path, args: [], transport: TransportKind.stdio },
      debug: { command: found.path, args: [], transport: TransportKind.stdio },
    };
    let c: LanguageClient | undefined = undefined;
    const clientOptions: LanguageClientOptions = {
      documentSelector: documentSelector(),
      outputChannel: output,
      initializationOptions: serverSettings(),
      middleware: {
        // The Simulate lenses' traces open beside the program (src/trace.ts).
        window: { showDocument: (params, next) => traces.showDocument(params, next) },
        // OverPy: the grammar colours keywords, strings, numbers, operators
        // and comments; keep the server's tokens of resolved names only
        // (src/semantic.ts).
        provideDocumentSemanticTokens: async (document, token, next) => {
          const tokens = await next(document, token);
          const types = c?.initializeResult?.capabilities.semanticTokensProvider?.legend.tokenTypes;
          if (!tokens || document.languageId !== 'overpy' || !types) return tokens;
          return new vscode.SemanticTokens(withoutTypes(tokens.data, types, lexicalTypes), tokens.resultId);
        },
        // A delta would bring the lexical tokens back: an OverPy document
        // takes its tokens whole, filtered, and never asks for a delta.
        provideDocumentSemanticTokensEdits: async (document, previousResultId, token, next) => {
          const types = c?.initializeResult?.capabilities.semanticTokensProvider?.legend.tokenTypes;
          if (document.languageId !== 'overpy' || !types || !c) return next(document, previousResultId, token);
          const full = await c.sendRequest<{ data: number[] } | null>('textDocument/semanticTokens/full',
            { textDocument: { uri: c.code2ProtocolConverter.asUri(document.uri) } }, token);
          if (!full) return null;
          return new vscode.SemanticTokens(withoutTypes(full.data, types, lexicalTypes));
        },
        // wright.codeLens.enabled and wright.inlayHints.enabled turn the
        // server's lenses and hints off in this editor.
        provideCodeLenses: (document, token, next) => (setting<boolean>('codeLens.enabled') === false ? [] : next(document, token)),
        provideInlayHints: (document, range, token, next) =>
          setting<boolean>('inlayHints.enabled') === false ? [] : next(document, range, token),
        workspace: {
          // The server asks for the "wright" section: answer with the keys
          // it reads, paths expanded, rather than the raw settings tree.
          configuration: async (params, token, next) => {
            const answers = await next(params, token);
            if (!Array.isArray(answers)) return answers;
            return params.items.map((item, i) => (item.section === section ? serverSettings() : answers[i]));
          },
        },
      },
    };
    // The trace setting is wright.trace.server, read by the client itself.
    c = new LanguageClient('wright', 'Wright', serverOptions, clientOptions);
    c.registerFeature(traceCapability);
    const started = c;
    started.onDidChangeState((e) => {
      // Stopped after running, not by stop(): the server died and the
      // client gave up restarting it.
      if (e.newState === State.Stopped && e.oldState === State.Running && client === started) {
        status.failed('the server stopped; see the Wright output');
      }
    });
    try {
      await c.start();
      client = c;
      status.ready(c.initializeResult?.serverInfo?.version);
      count.refresh(0);
    } catch (err) {
      status.failed(String(err));
      output.appendLine(`wright-lsp did not start: ${String(err)}`);
      void vscode.window.showErrorMessage(`Wright: wright-lsp (${found.path}) did not start: ${String(err)}`);
    }
  })();
  try {
    await starting;
  } finally {
    starting = undefined;
  }
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  status.stopped();
  if (c) {
    try {
      await c.stop();
    } catch (err) {
      output.appendLine(`stopping wright-lsp: ${String(err)}`);
    }
  }
}

let lastRequest = '{"op": "costEstimate"}';

/** runAgentRequest asks for a JSON request, sends it and opens the answer. */
async function runAgentRequest(): Promise<void> {
  if (!client?.isRunning()) {
    void vscode.window.showWarningMessage('Wright: the language server is not running (see the Wright output).');
    return;
  }
  const text = await vscode.window.showInputBox({
    title: 'Wright agent request (wright-agent/v1)',
    prompt: 'A JSON object with an "op", e.g. {"op": "lint"}. Without "document", the active Workshop or OverPy file is addressed.',
    value: lastRequest,
    ignoreFocusOut: true,
    validateInput: (v) => {
      try {
        const parsed: unknown = JSON.parse(v);
        return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? undefined : 'The request is a JSON object.';
      } catch (err) {
        return `Not JSON: ${(err as Error).message}`;
      }
    },
  });
  if (text === undefined) return;
  lastRequest = text;
  const request = JSON.parse(text) as Record<string, unknown>;
  const doc = vscode.window.activeTextEditor?.document;
  if (request.document === undefined && isServed(doc)) request.document = doc.uri.toString();
  let answer: unknown;
  try {
    answer = await agentRequest(client, request);
  } catch (err) {
    answer = { error: { code: 'transport', message: String(err) } };
  }
  // A read-only document: closing it asks nothing.
  const uri = vscode.Uri.from({ scheme: answerScheme, path: `/answer-${++answerCount}.json` });
  answers.set(uri.toString(), JSON.stringify(answer, null, 2) + '\n');
  const shown = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(shown, { viewColumn: vscode.ViewColumn.Beside, preview: true });
}

const answerScheme = 'wright-answer';
const answers = new Map<string, string>();
let answerCount = 0;

/** answerProvider serves the answers of agent requests as documents. */
const answerProvider: vscode.TextDocumentContentProvider = {
  provideTextDocumentContent: (uri) => answers.get(uri.toString()) ?? '',
};
