#!/usr/bin/env bash
# Runs every test from a fresh clone: bootstraps Node 24 + pnpm when needed, installs the locked
# dependencies, then builds, typechecks, lints and tests every package. Ends with one summary line,
# "N passed, N failed", summed over all packages.
set -uo pipefail
cd "$(dirname "$0")/.."
. tooling/node-env.sh || exit 1
echo "[test-all] node $(node --version), pnpm $(pnpm --version)"
find . -name test-results.json -not -path "*/node_modules/*" -delete
pnpm install --frozen-lockfile || exit 1
pnpm run check
status=$?
node tooling/summarize-tests.mjs || status=1
exit $status
