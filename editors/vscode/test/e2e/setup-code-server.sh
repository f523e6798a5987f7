#!/usr/bin/env bash
# Installs code-server (VS Code 1.100.3 served to a browser) from npm into
# $1, the way ../shared/reference/lsp/clients.md describes: 4.100.3 is the
# newest release that runs on Node 20. Its own post-install would download
# ripgrep, so scripts are skipped and the native modules rebuilt here;
# ripgrep comes from Debian. Needs: apt-get install libkrb5-dev libx11-dev
# libxkbfile-dev libsecret-1-dev ripgrep (and chromium for the test).
# A marker file makes a second run a no-op.
set -euo pipefail
dir=${1:?usage: setup-code-server.sh DIR}
version=4.100.3
marker="$dir/.wright-code-server-$version"
[ -f "$marker" ] && exit 0
mkdir -p "$dir"
cd "$dir"
[ -f package.json ] || echo '{"private": true}' >package.json
npm install --no-audit --no-fund --ignore-scripts "code-server@$version"
(
	cd node_modules/code-server/lib/vscode
	npm install --no-audit --no-fund --omit=dev --ignore-scripts
	npm_config_yes=true npm rebuild kerberos node-pty @parcel/watcher @vscode/spdlog native-watchdog @vscode/deviceid
	mkdir -p node_modules/@vscode/ripgrep/bin
	cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
	ln -sfn node_modules node_modules.asar
	cd extensions
	npm install --no-audit --no-fund --omit=dev --ignore-scripts
)
npm_config_yes=true npm rebuild argon2
touch "$marker"
