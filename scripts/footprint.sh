#!/usr/bin/env bash
# Installed size of the package the way n8n installs a community package (n8n 2.40's
# CommunityPackagesService.downloadPackage): unpack the `npm pack` tarball, drop dev, peer and
# optional dependencies from its package.json, then a shallow `npm install` without scripts.
# Prints the total and the largest entries. Needs the npm registry; run after `npm run build`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tarball="$(cd "$root" && npm pack --silent --pack-destination "$work" | tail -1)"
mkdir "$work/pkg"
tar -xzf "$work/$tarball" -C "$work/pkg" --strip-components=1
node -e '
const fs = require("fs");
const file = process.argv[1];
const { devDependencies, peerDependencies, optionalDependencies, ...pkg } = JSON.parse(fs.readFileSync(file, "utf8"));
fs.writeFileSync(file, JSON.stringify(pkg, null, 2));
' "$work/pkg/package.json"
(cd "$work/pkg" && npm install --audit=false --fund=false --bin-links=false --install-strategy=shallow \
	--ignore-scripts=true --package-lock=false --loglevel=error >/dev/null)
cd "$work/pkg"
echo "installed footprint: $(du -sk . | cut -f1) kB (package $(du -sk --exclude=node_modules . | cut -f1) kB)"
du -sk node_modules/* node_modules/@*/* 2>/dev/null | grep -v '/@[^/]*$' | sort -rn | head -8
