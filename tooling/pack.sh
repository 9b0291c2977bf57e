#!/usr/bin/env bash
# Builds every published package and packs it as npm would publish it (workspace: versions
# replaced), into ./tarballs. Install them in any project before the packages are on npm:
#   npm i /path/to/agentscope-ts/tarballs/agentscope-ts-core-0.0.0.tgz /path/…/agentscope-ts-openai-0.0.0.tgz zod
set -euo pipefail
cd "$(dirname "$0")/.."
. tooling/node-env.sh
out="$PWD/tarballs"
mkdir -p "$out"
pnpm exec turbo run build --filter='./packages/*' >/dev/null
for dir in packages/*/; do
  if node -e 'process.exit(require("./'"$dir"'package.json").private ? 0 : 1)'; then continue; fi
  (cd "$dir" && pnpm pack --pack-destination "$out" >/dev/null)
done
ls -1 "$out"/*.tgz
