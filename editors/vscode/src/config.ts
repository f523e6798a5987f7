// Settings of the extension. Every key is read through setting(), so the
// manifest test can find them all.

import * as vscode from 'vscode';

export const section = 'wright';

/** setting reads wright.<key>. */
export function setting<T>(key: string, scope?: vscode.ConfigurationScope): T | undefined {
  return vscode.workspace.getConfiguration(section, scope).get<T>(key);
}

/** affects reports whether a configuration change touches wright.<key>. */
export function affects(e: vscode.ConfigurationChangeEvent, key: string): boolean {
  return e.affectsConfiguration(`${section}.${key}`);
}

/**
 * serverSettings is the "wright" section as the server reads it
 * (lsp/config.go): sent as initializationOptions, and answered again to
 * the server's workspace/configuration requests by the language client.
 */
export function serverSettings(): Record<string, unknown> {
  return {
    locale: setting<string>('locale') ?? '',
    lintConfig: expandPath(setting<string>('lintConfig') ?? ''),
    ruleFiles: (setting<string[]>('ruleFiles') ?? []).map(expandPath),
    disabledRules: setting<string[]>('disabledRules') ?? [],
    ruleSeverities: setting<Record<string, string>>('ruleSeverities') ?? {},
    failOn: setting<string>('failOn') ?? '',
    codeLens: { simulate: setting<boolean>('codeLens.simulate') !== false },
  };
}

/** expandPath resolves ~ and ${workspaceFolder} in a path setting. */
export function expandPath(p: string): string {
  if (!p) return p;
  const home = process.env.HOME ?? process.env.USERPROFILE ?? '';
  let out = p.replace(/^~(?=$|[\\/])/, home);
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (folder) out = out.replace(/\$\{workspaceFolder\}/g, folder);
  return out;
}
