#!/usr/bin/env bash
# Runs every test from a fresh clone: bootstraps Node 24 + pnpm when needed, installs the locked
# dependencies, then builds, typechecks, lints and tests every package. Ends with one summary line,
# "N passed, N failed", summed over all packages.
set -uo pipefail
cd "$(dirname "$0")/.."
. tooling/node-env.sh || exit 1
echo "[test-all] node $(node --version), pnpm $(pnpm --version)"
# Real redis-server and PostgreSQL for the storage packages' tests (each test starts its own on a
# loopback port). Installed from apt when missing and we may; otherwise those tests fail saying how.
missing=()
command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ] || missing+=(redis-server)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null 2>&1 || missing+=(postgresql)
# Headless Chromium for the pages' tests (playwright-core drives it); espeak-ng and sox make real
# speech WAVs at test time for the voice packages.
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
command -v sox >/dev/null 2>&1 || missing+=(sox)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "[test-all] installing ${missing[*]} from apt"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get install -y "${missing[@]}" || { apt-get update && apt-get install -y "${missing[@]}"; }; } >/dev/null 2>&1 ||
      echo "[test-all] could not install ${missing[*]}; the tests that need them will say how to"
  else
    echo "[test-all] ${missing[*]} not installed (needs root + apt); the tests that need them will say how to install"
  fi
fi
find . -name test-results.json -not -path "*/node_modules/*" -delete
pnpm install --frozen-lockfile || exit 1
pnpm run check
status=$?
node tooling/summarize-tests.mjs || status=1
exit $status
