#!/usr/bin/env node
// Bundles src/extension.ts and vscode-languageclient into dist/extension.js,
// so the .vsix needs no node_modules. --production minifies and drops the
// source map.

import { build } from 'esbuild';

const production = process.argv.includes('--production');
await build({
  entryPoints: ['src/extension.ts'],
  bundle: true,
  outfile: 'dist/extension.js',
  external: ['vscode'],
  format: 'cjs',
  platform: 'node',
  target: 'node18',
  minify: production,
  sourcemap: !production,
  legalComments: production ? 'linked' : 'inline',
  logLevel: 'warning',
});
