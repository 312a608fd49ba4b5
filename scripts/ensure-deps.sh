#!/usr/bin/env bash
# Installs the npm dependencies when they are missing or older than the lockfile.
# `npm install` rather than `npm ci`: ci fails here on optional platform binaries that the
# lockfile does not list for other platforms (STACK.md, Traps).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[deps] installing npm dependencies" >&2
  npm install --no-audit --no-fund >&2
fi
