# shellcheck shell=bash
# The steps of `npm test` (sourced by scripts/run.sh; tested by tests/unit/run-steps.test.ts).
#
# Every step runs even when another failed, so one failure hides no other, and prints its
# time. A step that needs a program the machine lacks (Java, PHP, xmllint, Chromium,
# Debian's packages for WordPress) is skipped with the reason and how to get the program,
# and the run ends by naming every skipped and every failed step. It exits 1 only when a
# step that ran failed: a skip is not a failure.
#
# In CI (CI set to anything but "", 0 or false; .ci/run sets CI=true) nothing may be skipped:
# a missing program fails the step instead.
#
# Kept to what bash 3.2 (macOS's /bin/bash) has: no associative arrays, and an array that
# may be empty is expanded only after its length is checked.

failed_steps=()
# Per failed step, the tests it failed, a line each (below), or "" when it named none.
failed_tests=()
# The steps that passed with a test that failed and then passed on a retry, and those tests'
# lines (tests/reporters/playwright-failures.ts): the run passes, and the flake is named.
retried_steps=()
retried_tests=()
skipped_steps=()
# A step's test runners write each failed test here (tests/reporters/failures-file.ts), so
# that the run's last lines name them: a log that keeps only the tail of a long run would
# otherwise say which step failed and not which test. Emptied before each step.
failures_file="${TMPDIR:-/tmp}/site-test-failures.$$"
# Lines of one step's failed tests printed at the end; the step's own output has them all.
FAILED_TESTS_SHOWN=20

in_ci() {
  case "${CI:-}" in '' | 0 | false) return 1 ;; *) return 0 ;; esac
}

# Root with apt-get (as CI runs): the missing Debian packages are installed.
can_install() {
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1
}

# apt_install WHY PACKAGE...
apt_install() {
  local why=$1
  shift
  echo "site: installing Debian's $* ($why)"
  apt-get -o DPkg::Lock::Timeout=300 update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq "$@" >/dev/null
}

# ── What a step may need. need_X prints nothing and succeeds when X is there; else it prints
# what is missing and how to get it, and fails. ensure_X installs X first when it can.

ensure_java() {
  # The Nu HTML Checker (vnu-jar, npm run check:html) runs on Java 17 or later.
  if ! need_java >/dev/null && can_install; then apt_install "Java, for the HTML check" default-jre-headless || true; fi
}
need_java() {
  local how="Debian: apt install default-jre-headless; macOS: brew install openjdk" output major=""
  local old='version "1\.([0-9]+)' new='version "([0-9]+)'
  # macOS's /usr/bin/java is a stub that fails when no Java is installed.
  if ! command -v java >/dev/null 2>&1 || ! output=$(java -version 2>&1); then
    echo "needs Java 17+ ($how)"
    return 1
  fi
  # openjdk version "17.0.9" …, java version "1.8.0_392" … (after any "Picked up …" line)
  if [[ $output =~ $old ]] || [[ $output =~ $new ]]; then major=${BASH_REMATCH[1]}; fi
  if [ -z "$major" ] || [ "$major" -lt 17 ]; then
    echo "needs Java 17+, found ${major:+Java }${major:-a java whose version cannot be read} ($how)"
    return 1
  fi
}

ensure_xmllint() {
  # The sitemap and RSS tests read the XML with libxml2's xmllint (and validate the sitemap against its schema).
  if ! need_xmllint >/dev/null && can_install; then apt_install "xmllint, for the sitemap and RSS tests" libxml2-utils || true; fi
}
need_xmllint() {
  command -v xmllint >/dev/null 2>&1 && return 0
  echo "needs xmllint (Debian: apt install libxml2-utils; macOS ships it)"
  return 1
}

ensure_php_tools() {
  # PHP's own syntax check and PHP_CodeSniffer for the plugin (wordpress/kestrel-headless/phpcs.xml.dist),
  # GNU gettext for its translation files (scripts/wordpress/make-pot.sh).
  if ! need_php_tools >/dev/null && can_install; then apt_install "PHP and gettext, for the plugin's checks" php-cli php-codesniffer gettext || true; fi
}
need_php() {
  command -v php >/dev/null 2>&1 && return 0
  echo "needs php (Debian: apt install php-cli; macOS: brew install php)"
  return 1
}
need_php_tools() {
  need_php || return 1
  if ! command -v phpcs >/dev/null 2>&1; then
    echo "needs phpcs (Debian: apt install php-codesniffer; elsewhere: composer global require squizlabs/php_codesniffer)"
    return 1
  fi
  command -v xgettext >/dev/null 2>&1 && command -v msgfmt >/dev/null 2>&1 && return 0
  echo "needs GNU gettext's xgettext and msgfmt (Debian: apt install gettext; macOS: brew install gettext)"
  return 1
}

ensure_postgres_nginx() {
  # Several servers on one database (tests/integration/shared-database.test.ts, several-servers.test.ts):
  # Debian's PostgreSQL, and nginx as their load balancer. Only the programs: the tests start their own.
  if ! need_postgres_nginx >/dev/null && can_install; then
    apt_install "PostgreSQL and nginx, for the several-servers tests" postgresql nginx-light || true
  fi
}
need_postgres_nginx() {
  local found="" version
  for version in /usr/lib/postgresql/*/bin/postgres; do [ -x "$version" ] && found=1; done
  if [ -z "$found" ]; then
    echo "needs PostgreSQL's server (Debian: apt install postgresql; the tests look in /usr/lib/postgresql/*/bin)"
    return 1
  fi
  [ -x /usr/sbin/nginx ] && return 0
  echo "needs nginx at /usr/sbin/nginx (Debian: apt install nginx-light)"
  return 1
}

# The Chromium the browser tests drive (tests/chromium.ts): CHROMIUM_PATH, else the first
# of these, else Playwright's own (npx playwright install chromium), else Debian's, installed.
CHROMIUM_CANDIDATES=(/usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome /usr/bin/google-chrome-stable
  "/Applications/Chromium.app/Contents/MacOS/Chromium" "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome")
find_chromium() {
  local candidate
  if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then return 0; fi
  for candidate in "${CHROMIUM_CANDIDATES[@]}"; do
    if [ -x "$candidate" ]; then
      export CHROMIUM_PATH="$candidate"
      return 0
    fi
  done
  playwright_chromium && return 0
  if can_install && apt_install "Chromium, for the browser tests" chromium && [ -x /usr/bin/chromium ]; then
    export CHROMIUM_PATH=/usr/bin/chromium
  fi
  return 0
}
# Whether Playwright's own Chromium is installed (tests/chromium.ts leaves Playwright to use it).
playwright_chromium() {
  command -v node >/dev/null 2>&1 &&
    node -e 'process.exit(require("node:fs").existsSync(require("@playwright/test").chromium.executablePath()) ? 0 : 1)' 2>/dev/null
}
need_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then return 0; fi
  playwright_chromium && return 0
  echo "needs Chromium or Chrome (npx playwright install chromium; or Debian: apt install chromium; or set CHROMIUM_PATH)"
  return 1
}

# The WordPress harness (scripts/wordpress/wordpress.sh) runs Debian's PHP, MariaDB and
# Apache; as root with apt-get it installs the missing ones itself.
need_wordpress() {
  local missing
  can_install && return 0
  missing=$(bash scripts/wordpress/wordpress.sh missing-packages) || missing="its Debian packages"
  [ -z "$missing" ] && return 0
  if command -v dpkg-query >/dev/null 2>&1; then
    echo "needs Debian's $missing (sudo apt-get install $missing; as root npm test installs them)"
  else
    echo "needs Debian or Ubuntu, whose $missing the harness runs (scripts/wordpress/wordpress.sh)"
  fi
  return 1
}

# ── Steps

# skip_step NAME REASON: outside CI the step is skipped and named at the end; in CI it fails.
skip_step() {
  local name=$1 reason=$2
  if in_ci; then
    echo "site: ── $name: FAILED: $reason (CI runs every step)" >&2
    failed_steps+=("$name: $reason")
    failed_tests+=("")
  else
    echo "site: ── $name: skipped: $reason"
    skipped_steps+=("$name: $reason")
  fi
}

# needs NAME CHECK...: succeeds when every need_CHECK does; else skips (or in CI fails) NAME
# with their reasons and fails. For part of a step: `needs "…" xmllint || exclude that part`.
needs() {
  local name=$1 check reason reasons=""
  shift
  for check in "$@"; do
    if ! reason=$("need_$check"); then reasons="${reasons:+$reasons; }$reason"; fi
  done
  [ -z "$reasons" ] && return 0
  skip_step "$name" "$reasons"
  return 1
}

# step [--needs CHECK]... NAME COMMAND...: runs COMMAND and prints its time; fails when it
# fails. With --needs, a missing program skips it (needs, above) and the step succeeds outside CI.
step() {
  local checks=() name started
  while [ "${1:-}" = --needs ]; do
    checks+=("$2")
    shift 2
  done
  name=$1
  shift
  if [ "${#checks[@]}" -gt 0 ] && ! needs "$name" "${checks[@]}"; then
    in_ci && return 1
    return 0
  fi
  started=$SECONDS
  echo "site: ── $name"
  : >"$failures_file"
  if TEST_FAILURES_FILE=$failures_file "$@"; then
    echo "site: ── $name: passed in $((SECONDS - started)) s"
    # A step that passed wrote only the lines of tests that passed on a retry.
    if [ -s "$failures_file" ]; then
      retried_steps+=("$name")
      retried_tests+=("$(<"$failures_file")")
    fi
  else
    echo "site: ── $name: FAILED after $((SECONDS - started)) s" >&2
    failed_steps+=("$name")
    failed_tests+=("$(<"$failures_file")")
    return 1
  fi
}

# The tests one step named (failed_tests, retried_tests), indented under it, at most FAILED_TESTS_SHOWN.
print_failed_tests() {
  local tests=$1 line shown=0 total=0
  [ -n "$tests" ] || return 0
  while IFS= read -r line; do
    total=$((total + 1))
    if [ "$shown" -lt "$FAILED_TESTS_SHOWN" ]; then
      echo "site:     $line" >&2
      shown=$((shown + 1))
    fi
  done <<<"$tests"
  if [ "$total" -gt "$shown" ]; then echo "site:     and $((total - shown)) more (in the step's output above)" >&2; fi
}

# Names every skipped and every failed step; exits 1 when one failed, else 0.
finish() {
  local line index
  rm -f "$failures_file" 2>/dev/null || true
  if [ "${#skipped_steps[@]}" -gt 0 ]; then
    echo "site: skipped ${#skipped_steps[@]} step(s) for want of a program (CI=1 fails them instead):"
    for line in "${skipped_steps[@]}"; do echo "site:   skipped: $line"; done
  fi
  for index in "${!retried_steps[@]}"; do
    echo "site:   passed with a retry: ${retried_steps[$index]}" >&2
    print_failed_tests "${retried_tests[$index]}"
  done
  if [ "${#failed_steps[@]}" -gt 0 ]; then
    for index in "${!failed_steps[@]}"; do
      echo "site:   failed: ${failed_steps[$index]}" >&2
      print_failed_tests "${failed_tests[$index]}"
    done
    echo "site: ${#failed_steps[@]} step(s) failed" >&2
    exit 1
  fi
  if [ "${#skipped_steps[@]}" -gt 0 ]; then
    echo "site: every step that ran passed"
  else
    echo "site: every step passed"
  fi
  exit 0
}
