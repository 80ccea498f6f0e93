#!/usr/bin/env bash
# The README's two commands land here (`npm run dev`, `npm test`), so they work on a
# fresh machine: Node 24 when the machine's Node is older, npm packages when missing
# or out of date, compiled message catalogs, then the task itself.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export npm_config_loglevel=error npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

# shellcheck source=node-env.sh
source scripts/node-env.sh
# step, finish, and what each step needs (ensure_*, need_*).
# shellcheck source=run-steps.sh
source scripts/run-steps.sh

# What node_modules was installed from: package.json and the lockfile, by content. Not by
# modification time: git gives every file of a new clone the clone's time, so a
# node_modules copied or linked into it would look older than its lockfile.
install_fingerprint() {
  cat package.json package-lock.json | node -e 'let d="";process.stdin.on("data",c=>d+=c).on("end",()=>console.log(require("node:crypto").createHash("sha256").update(d).digest("hex")))'
}

install_packages() {
  # npm install (not ci) honours the lockfile and tolerates the platform binaries the
  # registry mirror lacks. Skip it when node_modules was installed from these files.
  local stamp=node_modules/.kestrel-install
  if [ -f node_modules/.package-lock.json ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$(install_fingerprint)" ]; then
    return 0
  fi
  echo "site: installing npm packages with Node $(node -v)"
  npm install --no-audit --no-fund
  install_fingerprint >"$stamp"
}

# The same contract suite and a Playwright pass against a real WordPress with the plugin
# (wordpress/kestrel-headless), once per release and set of plugins (docs/wordpress.md,
# "Tested"): start and seed it (the harness starts from an empty database when the
# release or the plugins differ from the last run), test, read the PHP log, stop it.
# A subshell: its EXIT trap stops WordPress however the pass ends, without replacing the caller's trap.
wordpress_pass() (
  set -e
  export WORDPRESS_PORT="${WORDPRESS_PORT:-8088}" WORDPRESS_VERSION="$1" WORDPRESS_PLUGINS="$2"
  url="http://127.0.0.1:$WORDPRESS_PORT"
  php_log=.cache/wordpress/logs/apache-error.log
  before=$(wc -l <"$php_log" 2>/dev/null || echo 0)
  # Installs Debian's PHP, MariaDB and Apache when missing (as root; else it says what is missing).
  bash scripts/wordpress/wordpress.sh start
  trap 'bash scripts/wordpress/wordpress.sh stop' EXIT
  status=0
  CONTRACT_BACKEND_URL="$url" CONTRACT_BACKEND=wordpress npx vitest run tests/contract || status=1
  WORDPRESS_URL="$url" npx playwright test -c playwright.wordpress.config.ts || status=1
  # The harness wiped the log when it started from an empty database.
  [ "$(wc -l <"$php_log")" -ge "$before" ] || before=0
  # Last, as it removes the plugin's settings: deleting the plugin keeps every post.
  bash scripts/wordpress/wordpress.sh uninstall-check || status=1
  check_php_log "$php_log" "$before" || status=1
  exit "$status"
)

# Fails on any PHP warning, notice or deprecation (fatal errors too) logged after line FROM
# that comes from the plugin's files or names it (WordPress's _doing_it_wrong notices name
# the plugin, not its file); other plugins' and core's lines are counted, not failed.
# Apache's `, referer: …` suffix is dropped first: another plugin's notice during a request
# from the plugin's settings page (…?page=kestrel-headless) is not the plugin's.
check_php_log() {
  local log=$1 from=$2 lines ours
  lines=$(tail -n +"$((from + 1))" "$log" | grep -E 'PHP (Warning|Notice|Deprecated|Fatal error|Parse error)' | sed 's/, referer: [^ ]*$//' || true)
  ours=$(printf '%s\n' "$lines" | grep -E 'kestrel-headless|Kestrel\\Headless' || true)
  if [ -n "$ours" ]; then
    echo "site: the plugin's PHP logged (in $log):" >&2
    printf '%s\n' "$ours" | sed 's/^\[[^]]*\] //' | sort | uniq -c >&2
    return 1
  fi
  echo "site: PHP log clean of the plugin ($(printf '%s' "$lines" | grep -c . || true) lines from WordPress or other plugins)"
}

# The oldest WordPress to test: the plugin's "Requires at least", or the oldest release at
# or after it among WORDPRESS_ARCHIVES (a machine without internet has only those).
oldest_wordpress() {
  local required version
  required=$(sed -n 's/^ \* Requires at least: *//p' wordpress/kestrel-headless/kestrel-headless.php)
  if [ -z "${WORDPRESS_ARCHIVES:-}" ]; then echo "$required"; return; fi
  for version in $(ls "$WORDPRESS_ARCHIVES" | sed -n 's/^wordpress-\([0-9.]*\)\.\(tar\.gz\|zip\)$/\1/p' | sort -V); do
    if [ "$(printf '%s\n%s\n' "$required" "$version" | sort -V | head -1)" = "$required" ]; then echo "$version"; return; fi
  done
  echo "$required"
}

php_lint() {
  for php_file in $(find wordpress scripts/wordpress -name '*.php'); do
    php -l "$php_file" >/dev/null 2>&1 || { php -l "$php_file"; return 1; }
  done
  echo "site: php -l clean on every plugin file"
  (cd wordpress/kestrel-headless && phpcs -q --no-colors) || return 1
  echo "site: phpcs clean on the plugin (PSR-12, phpcs.xml.dist)"
  # The committed .pot, German .po and .mo match the source; no German string missing or fuzzy.
  bash scripts/wordpress/make-pot.sh --check || return 1
}

wordpress_passes() {
  local oldest
  oldest=$(oldest_wordpress)
  step --needs php_tools "WordPress: php -l and phpcs on the plugin" php_lint || true
  step --needs wordpress --needs chromium \
    "WordPress 7.1.0 with Secure Custom Fields, Polylang, Rank Math and Redirection: the contract suite and e2e" \
    wordpress_pass 7.1.0 scf,polylang,rank-math,redirection || true
  step --needs wordpress --needs chromium \
    "WordPress $oldest (the oldest supported here), no other plugin: the contract suite and e2e" wordpress_pass "$oldest" "" || true
}

task="${1:-}"
shift || true
case "$task" in
  dev)
    install_packages
    # The dev server compiles the messages before it starts when they are missing (scripts/vite-dev-first-run-plugin.ts).
    npx vite dev "$@"
    ;;
  test)
    install_packages
    # As root with apt-get, Debian's packages for the steps below; elsewhere a step whose
    # program is missing is skipped and named at the end (in CI it fails: scripts/run-steps.sh).
    ensure_java
    ensure_xmllint
    ensure_php_tools
    ensure_postgres_nginx
    find_chromium
    # Every process the suite starts inherits this id; when the suite ends (passing or
    # not), check-leftover-processes.sh fails on any process still carrying it.
    TEST_RUN_ID="$(date +%s)-$$-$RANDOM"
    export TEST_RUN_ID
    trap 'status=$?; bash scripts/check-leftover-processes.sh || status=1; exit $status' EXIT
    npx tsx scripts/compile-messages.ts
    npx tsx scripts/write-fonts.ts
    # Cheap checks first; then the build and what needs it (types and lint need the route
    # tree it generates, the HTML check and e2e its output). A failed build ends the run.
    step "import rules (npm run check:imports)" npm run --silent check:imports || true
    step "unused files, exports and dependencies (npm run check:unused: knip)" npm run --silent check:unused || true
    step "formatting (npm run format:check)" npm run --silent format:check || true
    step "native bindings for macOS, Linux and Windows (npm run check:native)" npm run --silent check:native || true
    step "the README's first command on a fresh clone (npm run check:first-run)" npm run --silent check:first-run || true
    step "build (npm run build: vite build, then prerendering)" npm run --silent build || finish
    step "types (tsc --noEmit)" npx tsc --noEmit || true
    step "lint (npm run lint)" npm run --silent lint || true
    # The test files that run xmllint or php are left out where those are missing, and named.
    vitest_without=()
    needs "unit: the sitemap's schema and the RSS feed (app/server/content/sitemap-xml.test.ts, app/server/content/rss.test.ts)" xmllint ||
      vitest_without+=(--exclude app/server/content/sitemap-xml.test.ts --exclude app/server/content/rss.test.ts)
    needs "unit: the plugin's block markup rule, run by PHP (tests/unit/block-markup.test.ts)" php ||
      vitest_without+=(--exclude tests/unit/block-markup.test.ts)
    needs "unit: the Chromium version the bench names (tests/unit/bench-chromium-version.test.ts)" chromium ||
      vitest_without+=(--exclude tests/unit/bench-chromium-version.test.ts)
    needs "integration: several servers on one PostgreSQL behind nginx (tests/integration/shared-database.test.ts, several-servers.test.ts)" postgres_nginx ||
      vitest_without+=(--exclude tests/integration/shared-database.test.ts --exclude tests/integration/several-servers.test.ts)
    step "unit and integration (vitest)" npx vitest run ${vitest_without[@]+"${vitest_without[@]}"} "$@" || true
    step --needs java "HTML (npm run check:html)" npm run --silent check:html || true
    step "first-load JavaScript budget (npm run size)" npm run --silent size || true
    step "what each browser chunk holds (npm run check:chunks)" npm run --silent check:chunks || true
    e2e_without=()
    needs "e2e: the RSS feed read by xmllint (tests/e2e/xss.spec.ts, tagged @xmllint)" xmllint || e2e_without+=(--grep-invert @xmllint)
    step --needs chromium "e2e (playwright)" npx playwright test ${e2e_without[@]+"${e2e_without[@]}"} || true
    step --needs chromium "deploy targets: Netlify and Vercel builds, their output and a smoke e2e (npm run check:deploy)" \
      npm run --silent check:deploy || true
    wordpress_passes
    finish
    ;;
  test-wordpress)
    # The WordPress part alone (needs a build: npm run build).
    install_packages
    ensure_php_tools
    find_chromium
    wordpress_passes
    finish
    ;;
  *)
    echo "usage: scripts/run.sh dev|test|test-wordpress" >&2
    exit 2
    ;;
esac
