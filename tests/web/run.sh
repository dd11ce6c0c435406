#!/usr/bin/env bash
# The web client's checks: its JavaScript type-checked by tsc, and the browser tests in
# Debian's Chromium driven by playwright-core. Installs what it needs (Chromium from the OS
# packages, the npm packages of tests/web) when it is missing. Expects the release binary
# (target/release/ponyccg), which `cargo test --workspace --release` builds.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v chromium >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
fi
npm ci --no-audit --no-fund --silent
npx tsc -p ../../crates/server/static/tsconfig.json
node browser.test.mjs
