// Agent requests (wright-agent/v1) travel as workspace/executeCommand
// "wright.request" with the request object as the one argument
// (lsp/agent.go). The language client registers the server's commands
// itself, so the extension sends the request rather than registering
// wright.request again.

import * as vscode from 'vscode';
import { ExecuteCommandRequest, type LanguageClient } from 'vscode-languageclient/node';
import { setting } from './config';

export const requestCommand = 'wright.request';

export interface AgentError {
  code: string;
  message: string;
  candidates?: string[];
}

export interface AgentResponse<T = unknown> {
  result?: T;
  error?: AgentError;
}

export interface Point {
  line: number; // 1-based
  column: number; // 1-based, in code points
}

export interface SourceRange {
  path: string;
  start: Point;
  end: Point;
}

export interface RuleElements {
  index: number;
  address: string;
  count: number;
  span: SourceRange;
}

export interface CostEstimate {
  programRules: number;
  elementCount: { total: number; budget: number; rules: RuleElements[] };
}

/** agentRequest sends one request and returns the service's response object. */
export async function agentRequest<T = unknown>(client: LanguageClient, request: object): Promise<AgentResponse<T>> {
  return (await client.sendRequest(ExecuteCommandRequest.type, {
    command: requestCommand,
    arguments: [request],
  })) as AgentResponse<T>;
}

/** isWorkshop reports whether a document is served as Workshop text. */
export function isWorkshop(doc: vscode.TextDocument | undefined): doc is vscode.TextDocument {
  return doc !== undefined && doc.languageId === 'workshop' && (doc.uri.scheme === 'file' || doc.uri.scheme === 'untitled');
}

/** overpyServed reports whether OverPy files go to the server (wright.overpy.enable). */
export function overpyServed(): boolean {
  return setting<boolean>('overpy.enable') !== false;
}

/** isServed reports whether the server serves a document: Workshop text, or OverPy unless switched off. */
export function isServed(doc: vscode.TextDocument | undefined): doc is vscode.TextDocument {
  if (doc === undefined || (doc.uri.scheme !== 'file' && doc.uri.scheme !== 'untitled')) return false;
  return doc.languageId === 'workshop' || (doc.languageId === 'overpy' && overpyServed());
}

/** toPosition converts a 1-based code point position of doc to a VS Code position. */
export function toPosition(doc: vscode.TextDocument, p: Point): vscode.Position {
  const line = Math.min(Math.max(p.line - 1, 0), Math.max(doc.lineCount - 1, 0));
  const text = doc.lineAt(line).text;
  let units = 0;
  let points = 1;
  for (const ch of text) {
    if (points >= p.column) break;
    units += ch.length;
    points++;
  }
  return new vscode.Position(line, units);
}
