#!/usr/bin/env bash
# node_modules for this checkout: `npm ci`, or, when this machine already installed the very same
# lock file with the same Node and npm, that tree again as hard links (a second; `npm ci` rewrites
# 81,000 files, 944 MB: 40–50 s and about 80 CPU s of a warm run). The tree is kept under
# ~/.cache/n8n-nodes-document-processing/node-modules/<key>, next to the cached n8n installs.
#
# A hard link shares the file with the cache, so a run that wrote into node_modules would change
# the cache too: nothing in a run does (docs/testing.md, "node_modules from the cache"), and a
# cached tree with any file newer than the moment it was saved is thrown away instead of used.
# CI_NODE_MODULES_CACHE=0 always runs `npm ci` and keeps nothing.
set -uo pipefail
cd "$(dirname "$0")/.."

install() { npm ci --no-audit --no-fund --prefer-offline; }

if [ "${CI_NODE_MODULES_CACHE:-1}" = "0" ]; then
  install
  exit $?
fi

cache_root="${N8N_CACHE_DIR:-$HOME/.cache/n8n-nodes-document-processing}/node-modules"
key=$(cat package-lock.json package.json .npmrc <(node --version) <(npm --version) <(uname -sm) | sha256sum | cut -c1-16)
cached="$cache_root/$key"
# Written after the tree was saved: every file in the tree is older.
marker="$cached/.saved"

if [ -f "$marker" ] && [ -d "$cached/node_modules" ]; then
  if [ -z "$(find "$cached/node_modules" -newer "$marker" -print -quit)" ]; then
    rm -rf node_modules
    if cp -al "$cached/node_modules" node_modules; then
      touch "$cached"
      echo "node_modules: linked from $cached (same package-lock.json, .npmrc, Node and npm)"
      exit 0
    fi
    echo "node_modules: linking from $cached failed; running npm ci"
  else
    echo "node_modules: $cached changed after it was saved; dropping it and running npm ci"
  fi
  rm -rf "$cached"
fi

install || exit $?

# Saved beside (a partial copy is never taken for a whole one), then renamed into place.
mkdir -p "$cache_root"
staging=$(mktemp -d "$cache_root/.staging-XXXXXX")
if cp -al node_modules "$staging/node_modules" && touch "$staging/.saved" && mv -T "$staging" "$cached" 2>/dev/null; then
  echo "node_modules: saved as $cached"
else
  rm -rf "$staging"
fi
# The two most recently used trees are kept.
ls -1dt "$cache_root"/*/ 2>/dev/null | tail -n +3 | xargs -r rm -rf
exit 0
