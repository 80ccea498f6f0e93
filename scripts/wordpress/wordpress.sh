#!/usr/bin/env bash
# `npm run wordpress`: a real WordPress, installed from a release archive, serving this
# repository's plugin, wordpress/kestrel-headless, on http://127.0.0.1:$WORDPRESS_PORT,
# seeded with the demo content of content/ (scripts/wordpress/seed.ts). Prints the
# CONTENT_API_URL.
#
#   npm run wordpress              start (install missing Debian packages when root), seed, print the URL
#   npm run wordpress -- stop      stop the apache2 and mariadbd this script started (by their pid files)
#   npm run wordpress -- fresh     stop, wipe .cache/wordpress, start and seed again
#   npm run wordpress -- status    say whether they run, and which WordPress and plugins
#   npm run wordpress -- uninstall-check   run the plugin's uninstall.php as WordPress would, and check
#                                  that its options are gone and every post is kept
#   npm run wordpress -- missing-packages  print the Debian packages start needs that are not installed
#
#   WORDPRESS_VERSION=7.1.0        the WordPress release (default 7.1.0)
#   WORDPRESS_PLUGINS=scf,polylang,rank-math,redirection
#                                  other plugins to install and activate (acf, scf, polylang,
#                                  rank-math, redirection), each with the setup it needs
#                                  (polylang: after seeding, the plugin's move to Polylang's
#                                  languages, wp-boot.php migrate-polylang)
#   WORDPRESS_ARCHIVES=dir         take the release and plugin archives from this folder
#                                  (wordpress-7.1.0.tar.gz, polylang-3.9-dev.tar.gz, …)
#                                  instead of downloading them from wordpress.org
#
# Everything lives under .cache/wordpress/ (WordPress itself in core/ with its own
# wp-config.php, wp-content/, the database, logs, pid files, the admin's application
# password in app-password); downloads are kept in .cache/wordpress-downloads/. Nothing is
# written outside the repository: root is needed only to install missing Debian packages
# (and, when it runs as root, mariadbd runs as mysql and apache2 as www-data).
# Another WORDPRESS_VERSION or WORDPRESS_PLUGINS than the installed one starts from an
# empty database. Processes: mariadbd on a unix socket only (no TCP), apache2 + mod_php on
# 127.0.0.1 only; their configuration and start are scripts/wordpress/mariadb.sh and
# scripts/wordpress/apache.sh, sourced here.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"

PORT=${WORDPRESS_PORT:-8088}
HOST=127.0.0.1
URL="http://$HOST:$PORT"
VERSION=${WORDPRESS_VERSION:-7.1.0}
PLUGINS=${WORDPRESS_PLUGINS:-}
ARCHIVES=${WORDPRESS_ARCHIVES:-}
D="$ROOT/.cache/wordpress"
DOWNLOADS="$ROOT/.cache/wordpress-downloads"
CONF=$D/conf RUN=$D/run LOGS=$D/logs STATE=$D/state TMP=$D/tmp
CORE=$D/core
CONTENT_DIR=$D/wp-content
DATADIR=$D/mysql
MY_CNF=$CONF/my.cnf
DB_SOCK=$RUN/mysqld.sock
DB_PID=$RUN/mysqld.pid
APACHE_CONF=$CONF/apache2.conf
APACHE_PID=$RUN/apache2.pid
APP_PASSWORD=$D/app-password
WP_CONFIG=$CORE/wp-config.php
DB_NAME=kestrel_wp DB_USER=kestrel_wp DB_PASS=kestrel-wp-db-pass
ADMIN_USER=admin ADMIN_PASS=${WORDPRESS_ADMIN_PASSWORD:-kestrel-admin-pass} ADMIN_EMAIL=admin@kestrel-it.example
PLUGIN_SRC="$ROOT/wordpress/kestrel-headless"

# shellcheck source=scripts/wordpress/mariadb.sh
source "$ROOT/scripts/wordpress/mariadb.sh"
# shellcheck source=scripts/wordpress/apache.sh
source "$ROOT/scripts/wordpress/apache.sh"

log() { printf '[wordpress] %s\n' "$*"; }
die() { printf '[wordpress] ERROR: %s\n' "$*" >&2; exit 1; }

# The plugins WORDPRESS_PLUGINS may name: name → "wordpress.org slug|main file|version".
# The slug is also the folder under wp-content/plugins/ and the start of its archive's name.
plugin_info() {
  case "$1" in
    acf) echo "advanced-custom-fields|acf.php|6.8.1" ;;
    scf) echo "secure-custom-fields|secure-custom-fields.php|6.4.1" ;;
    polylang) echo "polylang|polylang.php|" ;;
    rank-math) echo "seo-by-rank-math|rank-math.php|1.0.273" ;;
    redirection) echo "redirection|redirection.php|5.4.2" ;;
    *) return 1 ;;
  esac
}

# A pid file counts only when its process still runs the expected program.
pid_alive() {
  local file=$1 comm=$2 pid
  [ -s "$file" ] || return 1
  pid=$(cat "$file" 2>/dev/null) || return 1
  [ -n "$pid" ] && [ -d "/proc/$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$comm" ]
}

stop_pidfile() {
  local name=$1 file=$2 comm=$3 pid
  if ! pid_alive "$file" "$comm"; then rm -f "$file"; log "$name: not running"; return 0; fi
  pid=$(cat "$file")
  kill -TERM "$pid"
  for _ in $(seq 1 150); do [ -d "/proc/$pid" ] || break; sleep 0.2; done
  if [ -d "/proc/$pid" ]; then log "$name: still running after 30 s, SIGKILL $pid"; kill -KILL "$pid" 2>/dev/null || true; fi
  rm -f "$file"
  log "$name: stopped (pid $pid)"
}

stop_all() {
  # apache2 first: its parent ends its own children.
  stop_pidfile apache2 "$APACHE_PID" apache2
  stop_pidfile mariadbd "$DB_PID" mariadbd
}

# The Debian packages it runs; missing_packages sets `missing` to those not installed (all of
# them where there is no dpkg-query, as on macOS).
PACKAGES=(mariadb-server mariadb-client apache2 libapache2-mod-php
  php-cli php-mysql php-gd php-curl php-xml php-mbstring php-intl curl)
[ -n "$ARCHIVES" ] || PACKAGES+=(unzip)
missing_packages() {
  local package
  missing=()
  for package in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
  done
}

# What is installed: the release and the plugins, as WORDPRESS_VERSION and WORDPRESS_PLUGINS name them.
WANTED="version=$VERSION plugins=$PLUGINS"

case "${1:-start}" in
  stop) stop_all; exit 0 ;;
  status)
    [ -s "$STATE/installed" ] && log "installed: $(cat "$STATE/installed")" || log "not installed"
    pid_alive "$APACHE_PID" apache2 && log "apache2 runs (pid $(cat "$APACHE_PID")) on $URL" || log "apache2 is not running"
    pid_alive "$DB_PID" mariadbd && log "mariadbd runs (pid $(cat "$DB_PID"))" || log "mariadbd is not running"
    exit 0 ;;
  fresh) stop_all; log "wiping $D"; rm -rf "$D" ;;
  # The packages start would install (as root) or asks for, on one line; nothing when all are there
  # (scripts/run-steps.sh skips the WordPress passes on a machine that lacks them).
  missing-packages) missing_packages; echo "${missing[*]}"; exit 0 ;;
  start) ;;
  # What deleting the plugin in wp-admin runs (its uninstall.php), checked; the pass's last step
  # (scripts/run.sh), as it removes the plugin's settings (the next start seeds them again).
  uninstall-check)
    pid_alive "$APACHE_PID" apache2 || die "WordPress is not running (npm run wordpress first)"
    web=()
    [ "$(id -u)" = 0 ] && web=(runuser -u www-data --)
    "${web[@]}" env WP_BOOT_CORE="$CORE" php -d sys_temp_dir="$TMP" "$ROOT/scripts/wordpress/wp-boot.php" uninstall
    exit $? ;;
  *) echo "usage: npm run wordpress [-- start|stop|fresh|status|uninstall-check|missing-packages]" >&2; exit 2 ;;
esac

START=$(date +%s)

# Check the names before anything is installed.
IFS=',' read -r -a PLUGIN_NAMES <<<"${PLUGINS// /}"
for name in "${PLUGIN_NAMES[@]}"; do
  plugin_info "$name" >/dev/null || die "WORDPRESS_PLUGINS: unknown plugin '$name' (known: acf, scf, polylang, rank-math, redirection)"
done
case ",${PLUGINS// /}," in *,acf,*,scf,* | *,scf,*,acf,*) die "WORDPRESS_PLUGINS: acf and scf are the same plugin (one of them)" ;; esac
[[ "$VERSION" =~ ^[0-9]+\.[0-9]+(\.[0-9]+)?$ ]] || die "WORDPRESS_VERSION must be a release number such as 7.1.0 (got '$VERSION')"
if [ -n "$ARCHIVES" ] && [ ! -d "$ARCHIVES" ]; then die "WORDPRESS_ARCHIVES=$ARCHIVES is not a folder"; fi

# Before anything is wiped: the release must be there to install.
if [ -n "$ARCHIVES" ] && ! compgen -G "$ARCHIVES/wordpress-$VERSION*.tar.gz" >/dev/null && ! compgen -G "$ARCHIVES/wordpress-$VERSION*.zip" >/dev/null; then
  die "no archive of WordPress $VERSION in WORDPRESS_ARCHIVES=$ARCHIVES ($(cd "$ARCHIVES" && ls wordpress-*.tar.gz wordpress-*.zip 2>/dev/null | tr '\n' ' '))"
fi
if [ -s "$STATE/installed" ] && [ "$(cat "$STATE/installed")" != "$WANTED" ]; then
  log "installed: $(cat "$STATE/installed"); wanted: $WANTED. Starting again from an empty database."
  stop_all
  rm -rf "$D"
fi

# ------------------------------------------------------------------ Debian packages
missing=()
missing_packages
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    die "missing Debian packages: ${missing[*]}. Install them as root (apt-get install ${missing[*]}) or run this as root."
  fi
  log "installing Debian packages: ${missing[*]}"
  apt-get -o DPkg::Lock::Timeout=300 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
PHP_MODULE=$(ls /usr/lib/apache2/modules/libphp8.*.so 2>/dev/null | sort -V | tail -1)
[ -n "$PHP_MODULE" ] || die "no mod_php in /usr/lib/apache2/modules (package libapache2-mod-php)"

# As root the daemons run as their Debian users; otherwise as whoever runs this.
if [ "$(id -u)" = 0 ]; then
  DB_OS_USER=mysql DB_CLIENT_USER=root APACHE_USER=$'User www-data\nGroup www-data'
  as_web() { runuser -u www-data -- "$@"; }
else
  DB_OS_USER=$(id -un) DB_CLIENT_USER=$(id -un) APACHE_USER=
  as_web() { "$@"; }
fi

mkdir -p "$CONF" "$RUN" "$LOGS/mysql" "$STATE" "$TMP" "$CONTENT_DIR/plugins" "$CONTENT_DIR/themes" "$CONTENT_DIR/uploads" "$CONTENT_DIR/mu-plugins"
chmod 700 "$STATE"
chmod 755 "$RUN"
touch "$LOGS/mail.log"
mkdir -p "$TMP/mysql"
if [ "$(id -u)" = 0 ]; then chown mysql:mysql "$RUN" "$LOGS/mysql" "$TMP/mysql" && chown www-data:www-data "$TMP" "$LOGS/mail.log"; fi

# ------------------------------------------------------------------ release archives
# The archive of NAME-VERSION: from WORDPRESS_ARCHIVES (any of NAME-VERSION*.tar.gz or .zip,
# the newest when VERSION is empty), else downloaded once from URL into .cache/wordpress-downloads/.
find_archive() {
  local name=$1 version=$2 url=$3 found file
  if [ -n "$ARCHIVES" ]; then
    found=$(ls -1 "$ARCHIVES"/"$name"-"$version"*.tar.gz "$ARCHIVES"/"$name"-"$version"*.zip "$ARCHIVES"/"$name"."$version"*.zip 2>/dev/null | sort -V | tail -1 || true)
    [ -n "$found" ] || die "no archive of $name ${version:-(any version)} in WORDPRESS_ARCHIVES=$ARCHIVES"
    echo "$found"
    return
  fi
  mkdir -p "$DOWNLOADS"
  file="$DOWNLOADS/$(basename "$url")"
  if [ ! -s "$file" ]; then
    log "downloading $url" >&2
    curl -fsSL --retry 2 -o "$file.part" "$url" || die "could not download $url (no internet? set WORDPRESS_ARCHIVES to a folder of archives)"
    mv -f "$file.part" "$file"
  fi
  echo "$file"
}

# Unpacks ARCHIVE, whose one top-level folder is FOLDER, to DEST (which must not exist yet).
unpack() {
  local archive=$1 folder=$2 dest=$3 into
  into=$(mktemp -d "$D/unpack.XXXXXX")
  case "$archive" in
    *.zip) unzip -q "$archive" -d "$into" ;;
    *) tar -xzf "$archive" -C "$into" ;;
  esac || die "could not unpack $archive"
  [ -d "$into/$folder" ] || die "$archive has no folder $folder/"
  mv "$into/$folder" "$dest"
  rm -rf "$into"
}

if [ ! -f "$CORE/wp-settings.php" ]; then
  # wordpress.org names x.y.0 releases wordpress-x.y.
  rm -rf "$CORE"
  archive=$(find_archive wordpress "$VERSION" "https://wordpress.org/wordpress-${VERSION%.0}.tar.gz")
  log "installing WordPress $VERSION from $(basename "$archive")"
  unpack "$archive" wordpress "$CORE"
fi
core_version=$(php -r 'include $argv[1]; echo $wp_version;' "$CORE/wp-includes/version.php")
[ "${core_version%.0}" = "${VERSION%.0}" ] || die "$CORE holds WordPress $core_version, not $VERSION (npm run wordpress -- fresh)"

PLUGIN_FILES=()
for name in "${PLUGIN_NAMES[@]}"; do
  IFS='|' read -r slug main version <<<"$(plugin_info "$name")"
  if [ ! -f "$CONTENT_DIR/plugins/$slug/$main" ]; then
    rm -rf "${CONTENT_DIR:?}/plugins/$slug"
    archive=$(find_archive "$slug" "$version" "https://downloads.wordpress.org/plugin/$slug${version:+.$version}.zip")
    log "installing the plugin $name from $(basename "$archive")"
    unpack "$archive" "$slug" "$CONTENT_DIR/plugins/$slug"
  fi
  PLUGIN_FILES+=("$slug/$main")
done

# ------------------------------------------------------------------ MariaDB (unix socket only, scripts/wordpress/mariadb.sh)
start_mariadb

# ------------------------------------------------------------------ wp-content and wp-config.php
ln -sfn "$PLUGIN_SRC" "$CONTENT_DIR/plugins/kestrel-headless"
ln -sfn "$CORE/wp-content/themes/twentytwentythree" "$CONTENT_DIR/themes/twentytwentythree"
# WordPress's own block theme of the release, not activated: the side-by-side test renders the
# demo page of every block in it through the Site Editor's theme preview (docs/wordpress.md).
[ ! -d "$CORE/wp-content/themes/twentytwentyfive" ] || ln -sfn "$CORE/wp-content/themes/twentytwentyfive" "$CONTENT_DIR/themes/twentytwentyfive"
[ "$(id -u)" != 0 ] || chown www-data:www-data "$CONTENT_DIR" "$CONTENT_DIR/uploads" "$CONTENT_DIR/plugins" "$CONTENT_DIR/themes"
if [ ! -s "$STATE/salts.php" ]; then
  php -r 'foreach (["AUTH_KEY","SECURE_AUTH_KEY","LOGGED_IN_KEY","NONCE_KEY","AUTH_SALT","SECURE_AUTH_SALT","LOGGED_IN_SALT","NONCE_SALT"] as $k) printf("define(%s, %s);\n", var_export($k, true), var_export(bin2hex(random_bytes(32)), true));' >"$STATE/salts.php"
fi
{
  echo "<?php"
  echo "/* Written by $ROOT/scripts/wordpress/wordpress.sh for $URL (npm run wordpress). */"
  echo "define('DB_NAME', '$DB_NAME'); define('DB_USER', '$DB_USER'); define('DB_PASSWORD', '$DB_PASS');"
  echo "define('DB_HOST', 'localhost:$DB_SOCK'); define('DB_CHARSET', 'utf8mb4'); define('DB_COLLATE', '');"
  echo "\$table_prefix = 'wp_';"
  cat "$STATE/salts.php"
  echo "define('WP_HOME', '$URL'); define('WP_SITEURL', '$URL');"
  echo "define('WP_CONTENT_DIR', '$CONTENT_DIR'); define('WP_CONTENT_URL', '$URL/wp-content');"
  echo "define('WP_ENVIRONMENT_TYPE', 'local');"
  echo "/* No internet here: never wait on wordpress.org. Loopback (the site) stays reachable. */"
  echo "define('WP_HTTP_BLOCK_EXTERNAL', true); define('AUTOMATIC_UPDATER_DISABLED', true); define('DISALLOW_FILE_EDIT', true);"
  echo "/* The web server writes only wp-content (WordPress's own files are another user's): file work such as"
  echo "   Rank Math's sitemap cache on a settings save is done directly there, not through FTP (none here). */"
  echo "define('FS_METHOD', 'direct');"
  echo "/* Every notice and deprecation goes to the Apache error log (CI reads it), none to a page. */"
  echo "define('WP_DEBUG', true); define('WP_DEBUG_DISPLAY', false); define('WP_DEBUG_LOG', false);"
  echo "if (!defined('ABSPATH')) { define('ABSPATH', __DIR__ . '/'); }"
  echo "require_once ABSPATH . 'wp-settings.php';"
} >"$WP_CONFIG.tmp"
if [ "$(id -u)" = 0 ]; then chown root:www-data "$WP_CONFIG.tmp"; fi
chmod 640 "$WP_CONFIG.tmp" && mv -f "$WP_CONFIG.tmp" "$WP_CONFIG"

# ------------------------------------------------------------------ Apache + mod_php on 127.0.0.1:PORT (scripts/wordpress/apache.sh)
start_apache

# ------------------------------------------------------------------ WordPress: install, plugins, admin credentials
boot() { as_web env WP_BOOT_CORE="$CORE" php -d sys_temp_dir="$TMP" "$ROOT/scripts/wordpress/wp-boot.php" "$@"; }
boot install "$URL" "$ADMIN_USER" "$ADMIN_PASS" "$ADMIN_EMAIL" >"$STATE/install.log" 2>&1 || { cat "$STATE/install.log"; die "installing WordPress failed"; }
boot setup "${PLUGIN_FILES[@]}" >>"$STATE/install.log" 2>&1 || { cat "$STATE/install.log"; die "activating the plugins failed"; }
boot configure >>"$STATE/install.log" 2>&1 || { cat "$STATE/install.log"; die "setting up the plugins failed"; }
grep -v '^$' "$STATE/install.log" | sed 's/^/[wordpress] /' || true
echo "$WANTED" >"$STATE/installed"
if [ ! -s "$APP_PASSWORD" ] || [ "$(curl -s -o /dev/null -w '%{http_code}' -u "$(cat "$APP_PASSWORD")" "$URL/wp-json/wp/v2/users/me")" != 200 ]; then
  (umask 077 && boot app-password "$ADMIN_USER" >"$APP_PASSWORD.tmp" && mv -f "$APP_PASSWORD.tmp" "$APP_PASSWORD") || die "could not make the admin's application password"
fi
code=$(curl -s -o /dev/null -w '%{http_code}' "$URL/api/v1/base/home")
case "$code" in 200|404) ;; *) tail -5 "$LOGS/apache-error.log"; die "$URL/api/v1/base/home answers HTTP $code" ;; esac

# ------------------------------------------------------------------ content
WORDPRESS_URL=$URL WORDPRESS_STATE=$STATE WORDPRESS_APP_PASSWORD_FILE=$APP_PASSWORD npx tsx scripts/wordpress/seed.ts || die "seeding failed"
# With Polylang, the seeded content moves into its languages, as an administrator's
# "Move to Polylang" button would move it (docs/wordpress.md); a second run changes nothing.
case ",${PLUGINS// /}," in
  *,polylang,*)
    boot migrate-polylang >"$STATE/migrate-polylang.log" 2>&1 || { cat "$STATE/migrate-polylang.log"; die "moving the content to Polylang failed"; }
    grep -v '^$' "$STATE/migrate-polylang.log" | sed 's/^/[wordpress] /' || true ;;
esac

log "ready in $(( $(date +%s) - START )) s: WordPress $core_version${PLUGINS:+ with $PLUGINS}. admin: $URL/wp-admin ($ADMIN_USER / $ADMIN_PASS)"
log "pids: apache2 $(cat "$APACHE_PID"), mariadbd $(cat "$DB_PID"); stop with: npm run wordpress -- stop"
echo "CONTENT_API_URL=$URL"
