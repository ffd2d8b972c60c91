#!/usr/bin/env bash
# firebase-tools (~350 MB) is only needed to test Firebase mode against the Auth emulator, so it
# stays out of the default install: this puts it under .tmp/firebase-tools. Without its optional
# packages: re2 (the Hosting emulator's, unused here) compiles from source for ≈2 min on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ ! -x .tmp/firebase-tools/node_modules/.bin/firebase ]; then
  mkdir -p .tmp/firebase-tools
  npm install --prefix .tmp/firebase-tools --no-audit --no-fund --no-save --omit=optional firebase-tools@14 >/dev/null
fi
echo ".tmp/firebase-tools/node_modules/.bin/firebase"
