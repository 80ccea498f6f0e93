#!/usr/bin/env bash
# The README's two commands land here (`npm run dev`, `npm test`), so they work on a
# fresh machine: Node 24 when the machine's Node is older, npm packages when missing
# or out of date, compiled message catalogs, then the task itself.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export npm_config_loglevel=error npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

# shellcheck source=node-env.sh
source scripts/node-env.sh

install_packages() {
  # npm install (not ci) honours the lockfile and tolerates the platform binaries the
  # registry mirror lacks. Skip it when node_modules already matches the lockfile.
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] || [ package.json -nt node_modules/.package-lock.json ]; then
    echo "site: installing npm packages with Node $(node -v)"
    npm install --no-audit --no-fund
  fi
}

find_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then return 0; fi
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
    if [ -x "$candidate" ]; then export CHROMIUM_PATH="$candidate"; return 0; fi
  done
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "site: installing Debian's chromium for the browser tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    export CHROMIUM_PATH=/usr/bin/chromium
    return 0
  fi
  echo "site: no Chromium found; set CHROMIUM_PATH, or Playwright's own browser will be used" >&2
}

ensure_xmllint() {
  # The sitemap test validates against the sitemaps.org schema with libxml2's xmllint.
  command -v xmllint >/dev/null 2>&1 && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "site: installing Debian's libxml2-utils (xmllint) for the sitemap test"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-utils >/dev/null
  fi
}

# The same contract suite and a Playwright pass against a real WordPress with the plugin
# (wordpress/kestrel-headless): start and seed it, test, and stop it again.
wordpress_pass() {
  local started=$SECONDS php_file
  export WORDPRESS_PORT="${WORDPRESS_PORT:-8088}"
  local url="http://127.0.0.1:$WORDPRESS_PORT"
  # Installs Debian's PHP, WordPress, MariaDB and Apache when missing (as root; else it says what is missing).
  bash scripts/wordpress/wordpress.sh start
  trap 'bash scripts/wordpress/wordpress.sh stop' EXIT
  for php_file in $(find wordpress scripts/wordpress -name '*.php'); do
    php -l "$php_file" >/dev/null 2>&1 || { php -l "$php_file"; exit 1; }
  done
  echo "site: php -l clean on every plugin file"
  CONTRACT_BACKEND_URL="$url" CONTRACT_BACKEND=wordpress npx vitest run tests/contract
  WORDPRESS_URL="$url" npx playwright test -c playwright.wordpress.config.ts
  bash scripts/wordpress/wordpress.sh stop
  trap - EXIT
  echo "site: the WordPress pass took $((SECONDS - started)) s"
}

task="${1:-}"
shift || true
case "$task" in
  dev)
    install_packages
    npx vite dev "$@"
    ;;
  test)
    install_packages
    find_chromium
    ensure_xmllint
    npx tsx scripts/compile-messages.ts
    # The build also generates app/routeTree.gen.ts, which the type check needs.
    npx vite build
    npx tsc --noEmit
    npx vitest run "$@"
    npx playwright test
    wordpress_pass
    ;;
  test-wordpress)
    # The WordPress part alone (needs a build: npm run build).
    install_packages
    find_chromium
    wordpress_pass
    ;;
  *)
    echo "usage: scripts/run.sh dev|test|test-wordpress" >&2
    exit 2
    ;;
esac
