#!/usr/bin/env bash
# Starts the demo from a fresh clone: the `agentscope` CLI chatting with a ReAct agent in this
# terminal. Bootstraps Node 24 + pnpm when needed, installs the locked dependencies, builds the
# CLI and what it depends on, then runs `agentscope chat` with any arguments given
# (e.g. `bash tooling/demo.sh --model openai:gpt-4.1-mini`).
set -euo pipefail
cd "$(dirname "$0")/.."
. tooling/node-env.sh
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! { pnpm install --frozen-lockfile && pnpm exec turbo run build --filter=@agentscope-ts/cli...; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "demo: installing or building failed (log above)" >&2
  exit 1
fi
node apps/cli/dist/bin.js "$@"
