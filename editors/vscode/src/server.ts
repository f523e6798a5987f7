// Finding the wright-lsp binary: the setting wright.server.path, else
// PATH, else Go's install directories (a desktop VS Code often starts
// without ~/go/bin on its PATH).

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { expandPath, setting } from './config';

export const installCommand = 'go install github.com/wright-lsp/wright-lsp/cmd/wright-lsp@latest';

export type Resolution = { ok: true; path: string } | { ok: false; message: string };

const exe = process.platform === 'win32' ? 'wright-lsp.exe' : 'wright-lsp';

function executable(p: string): boolean {
  try {
    const st = fs.statSync(p);
    if (!st.isFile()) return false;
    if (process.platform !== 'win32') fs.accessSync(p, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** resolveServer finds the binary or says how to install it. */
export function resolveServer(env: NodeJS.ProcessEnv = process.env): Resolution {
  const configured = expandPath((setting<string>('server.path') ?? '').trim());
  if (configured) {
    if (executable(configured)) return { ok: true, path: configured };
    return {
      ok: false,
      message: `Wright: wright.server.path is set to "${configured}", but no executable file is there. Fix the setting, or install the server with \`${installCommand}\`.`,
    };
  }
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const goDirs = [env.GOBIN, env.GOPATH && path.join(env.GOPATH, 'bin'), path.join(os.homedir(), 'go', 'bin')];
  for (const dir of [...dirs, ...goDirs]) {
    if (!dir) continue;
    const candidate = path.join(dir, exe);
    if (executable(candidate)) return { ok: true, path: candidate };
  }
  return {
    ok: false,
    message: `Wright: the language server wright-lsp was not found on PATH. Install it with \`${installCommand}\` (Go 1.26 or newer), or set wright.server.path to the binary.`,
  };
}
