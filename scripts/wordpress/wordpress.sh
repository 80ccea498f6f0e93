#!/usr/bin/env bash
# `npm run wordpress`: a real WordPress (Debian's package) serving this repository's
# plugin, wordpress/kestrel-headless, on http://127.0.0.1:$WORDPRESS_PORT, seeded with
# the demo content of content/ (scripts/wordpress/seed.ts). Prints the CONTENT_API_URL.
#
#   npm run wordpress              start (install missing Debian packages when root), seed, print the URL
#   npm run wordpress -- stop      stop the apache2 and mariadbd this script started (by their pid files)
#   npm run wordpress -- fresh     stop, wipe .cache/wordpress, start and seed again
#   npm run wordpress -- status    say whether they run
#
# State lives under .cache/wordpress/ (database, uploads, logs, pid files, the admin's
# application password). Debian's layout forces one file outside it:
# /etc/wordpress/config-127.0.0.1.php (and config-localhost.php, a symlink to it), which
# Debian's /usr/share/wordpress/wp-config.php loads by the request's Host.
# Processes: mariadbd on a unix socket only (no TCP), apache2 + mod_php on 127.0.0.1 only.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"

PORT=${WORDPRESS_PORT:-8088}
HOST=127.0.0.1
URL="http://$HOST:$PORT"
D="$ROOT/.cache/wordpress"
CONF=$D/conf RUN=$D/run LOGS=$D/logs STATE=$D/state
CONTENT_DIR=$D/wp-content
DATADIR=$D/mysql
MY_CNF=$CONF/my.cnf
DB_SOCK=$RUN/mysqld.sock
DB_PID=$RUN/mysqld.pid
APACHE_CONF=$CONF/apache2.conf
APACHE_PID=$RUN/apache2.pid
WP_CONFIG=/etc/wordpress/config-$HOST.php
DB_NAME=kestrel_wp DB_USER=kestrel_wp DB_PASS=kestrel-wp-db-pass
ADMIN_USER=admin ADMIN_PASS=${WORDPRESS_ADMIN_PASSWORD:-kestrel-admin-pass} ADMIN_EMAIL=admin@kestrel-it.example
PLUGIN_SRC="$ROOT/wordpress/kestrel-headless"

log() { printf '[wordpress] %s\n' "$*"; }
die() { printf '[wordpress] ERROR: %s\n' "$*" >&2; exit 1; }

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

case "${1:-start}" in
  stop) stop_all; exit 0 ;;
  status)
    pid_alive "$APACHE_PID" apache2 && log "apache2 runs (pid $(cat "$APACHE_PID")) on $URL" || log "apache2 is not running"
    pid_alive "$DB_PID" mariadbd && log "mariadbd runs (pid $(cat "$DB_PID"))" || log "mariadbd is not running"
    exit 0 ;;
  fresh) stop_all; log "wiping $D"; rm -rf "$D" ;;
  start) ;;
  *) echo "usage: npm run wordpress [-- start|stop|fresh|status]" >&2; exit 2 ;;
esac

START=$(date +%s)

# ------------------------------------------------------------------ Debian packages
PACKAGES=(wordpress wordpress-theme-twentytwentythree mariadb-server mariadb-client apache2 libapache2-mod-php
  php-cli php-mysql php-gd php-curl php-xml php-mbstring php-intl curl)
missing=()
for package in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    die "missing Debian packages: ${missing[*]}. Install them as root (apt-get install ${missing[*]}) or run this as root."
  fi
  log "installing Debian packages: ${missing[*]}"
  apt-get -o DPkg::Lock::Timeout=300 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ "$(id -u)" != 0 ]; then
  die "needs root: it writes $WP_CONFIG (Debian's WordPress reads its config there) and runs mariadbd as mysql and apache2 as www-data"
fi
PHP_MODULE=$(ls /usr/lib/apache2/modules/libphp8.*.so 2>/dev/null | sort -V | tail -1)
[ -n "$PHP_MODULE" ] || die "no mod_php in /usr/lib/apache2/modules (package libapache2-mod-php)"

mkdir -p "$CONF" "$RUN" "$LOGS/mysql" "$STATE" "$CONTENT_DIR/plugins" "$CONTENT_DIR/themes" "$CONTENT_DIR/uploads" "$CONTENT_DIR/mu-plugins"
chmod 700 "$STATE"
chown mysql:mysql "$RUN" "$LOGS/mysql"
chmod 755 "$RUN"

# ------------------------------------------------------------------ MariaDB (unix socket only)
cat > "$MY_CNF" <<EOF
[mysqld]
user=mysql
datadir=$DATADIR
socket=$DB_SOCK
pid-file=$DB_PID
log-error=$LOGS/mysql/mysqld.err
skip-networking
skip-log-bin
innodb_buffer_pool_size=64M
character-set-server=utf8mb4
collation-server=utf8mb4_unicode_ci
[client]
socket=$DB_SOCK
user=root
EOF
sql() { mariadb --defaults-file="$MY_CNF" "$@"; }
if [ ! -d "$DATADIR/mysql" ]; then
  log "initialising the database in $DATADIR"
  mkdir -p "$DATADIR" && chown mysql:mysql "$DATADIR"
  mariadb-install-db --defaults-file="$MY_CNF" --user=mysql --auth-root-authentication-method=socket --skip-test-db \
    >"$LOGS/mysql/install-db.log" 2>&1 || { tail -20 "$LOGS/mysql/install-db.log"; die "mariadb-install-db failed"; }
fi
if pid_alive "$DB_PID" mariadbd; then
  log "mariadbd already runs (pid $(cat "$DB_PID"))"
else
  rm -f "$DB_PID" "$DB_SOCK"
  setsid /usr/sbin/mariadbd --defaults-file="$MY_CNF" </dev/null >>"$LOGS/mysql/mariadbd.out" 2>&1 &
fi
for i in $(seq 1 150); do
  mariadb-admin --defaults-file="$MY_CNF" ping >/dev/null 2>&1 && break
  [ "$i" = 150 ] && { tail -20 "$LOGS/mysql/mysqld.err"; die "mariadbd did not start"; }
  sleep 0.2
done
sql <<EOF
CREATE DATABASE IF NOT EXISTS \`$DB_NAME\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS '$DB_USER'@'localhost' IDENTIFIED BY '$DB_PASS';
GRANT ALL PRIVILEGES ON \`$DB_NAME\`.* TO '$DB_USER'@'localhost';
EOF

# ------------------------------------------------------------------ wp-content and config
ln -sfn "$PLUGIN_SRC" "$CONTENT_DIR/plugins/kestrel-headless"
ln -sfn /usr/share/wordpress/wp-content/themes/twentytwentythree "$CONTENT_DIR/themes/twentytwentythree"
chown www-data:www-data "$CONTENT_DIR" "$CONTENT_DIR/uploads" "$CONTENT_DIR/plugins" "$CONTENT_DIR/themes"
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
  echo "define('WP_HTTP_BLOCK_EXTERNAL', true); define('AUTOMATIC_UPDATER_DISABLED', true); define('WP_DEBUG', false);"
  echo "define('DISALLOW_FILE_EDIT', true);"
} >"$WP_CONFIG.tmp"
chown root:www-data "$WP_CONFIG.tmp" && chmod 640 "$WP_CONFIG.tmp" && mv -f "$WP_CONFIG.tmp" "$WP_CONFIG"
ln -sfn "$WP_CONFIG" /etc/wordpress/config-localhost.php

# ------------------------------------------------------------------ Apache + mod_php on 127.0.0.1:PORT
M=/usr/lib/apache2/modules
cat >"$APACHE_CONF" <<EOF
ServerRoot /etc/apache2
ServerName $HOST
Listen $HOST:$PORT
PidFile $APACHE_PID
DefaultRuntimeDir $RUN
Mutex file:$RUN default
User www-data
Group www-data
ErrorLog $LOGS/apache-error.log
LogLevel warn
LoadModule mpm_prefork_module $M/mod_mpm_prefork.so
LoadModule authz_core_module $M/mod_authz_core.so
LoadModule dir_module $M/mod_dir.so
LoadModule mime_module $M/mod_mime.so
LoadModule alias_module $M/mod_alias.so
LoadModule rewrite_module $M/mod_rewrite.so
LoadModule setenvif_module $M/mod_setenvif.so
LoadModule php_module $PHP_MODULE
StartServers 2
MinSpareServers 2
MaxSpareServers 4
MaxRequestWorkers 12
Timeout 60
KeepAlive On
TypesConfig /etc/mime.types
LogFormat "%h %t \"%r\" %>s %O %D" short
CustomLog $LOGS/apache-access.log short
ServerTokens Prod
AddDefaultCharset UTF-8
<FilesMatch "\.php\$">
  SetHandler application/x-httpd-php
</FilesMatch>
SetEnvIf Authorization "(.+)" HTTP_AUTHORIZATION=\$1
# Form uploads of 5000 KB (the site's limit) in a 12 MB submission.
php_admin_value upload_max_filesize 6M
php_admin_value post_max_size 13M
DocumentRoot /usr/share/wordpress
DirectoryIndex index.php
Alias /wp-content $CONTENT_DIR
# The demo content points at the site's own images (/images/…, public/ of this repository):
# served here too, so the block editor shows them.
Alias /images $ROOT/public/images
<Directory />
  Options None
  AllowOverride None
  Require all denied
</Directory>
<Directory /usr/share/wordpress>
  Options FollowSymLinks
  Require all granted
  RewriteEngine On
  RewriteBase /
  RewriteRule ^index\.php\$ - [L]
  RewriteCond %{REQUEST_FILENAME} !-f
  RewriteCond %{REQUEST_FILENAME} !-d
  RewriteRule . /index.php [L]
</Directory>
<Directory $CONTENT_DIR>
  Options FollowSymLinks
  Require all granted
</Directory>
<Directory $ROOT/public/images>
  Require all granted
</Directory>
<Directory $ROOT/wordpress>
  Options FollowSymLinks
  Require all granted
</Directory>
<Directory /usr/share/wordpress/wp-content>
  Options FollowSymLinks
  Require all granted
</Directory>
# Form entries' files are private (the plugin also writes a deny-all .htaccess there).
<Directory $CONTENT_DIR/uploads/kestrel-entries>
  Require all denied
</Directory>
<Directory $CONTENT_DIR/uploads>
  <FilesMatch "\.ph(p[0-9]?|tml|ar)\$">
    Require all denied
  </FilesMatch>
</Directory>
EOF
/usr/sbin/apache2 -f "$APACHE_CONF" -t >/dev/null 2>"$LOGS/apache-configtest.log" || { cat "$LOGS/apache-configtest.log"; die "the apache2 configuration does not pass apache2 -t"; }
if pid_alive "$APACHE_PID" apache2; then
  /usr/sbin/apache2 -f "$APACHE_CONF" -k graceful
else
  rm -f "$APACHE_PID"
  if command -v ss >/dev/null && ss -ltn "( sport = :$PORT )" | grep -q LISTEN; then die "port $PORT is taken by another process (set WORDPRESS_PORT)"; fi
  /usr/sbin/apache2 -f "$APACHE_CONF" -k start
fi
for i in $(seq 1 100); do
  code=$(curl -s -o /dev/null -w '%{http_code}' "$URL/wp-login.php" || true)
  [ "$code" != 000 ] && break
  [ "$i" = 100 ] && { tail -20 "$LOGS/apache-error.log"; die "apache2 does not answer on $URL"; }
  sleep 0.2
done

# ------------------------------------------------------------------ WordPress: install, plugin, admin credentials
boot() { runuser -u www-data -- env WP_BOOT_HOST=$HOST php "$ROOT/scripts/wordpress/wp-boot.php" "$@"; }
boot install "$URL" "$ADMIN_USER" "$ADMIN_PASS" "$ADMIN_EMAIL" >"$STATE/install.log" 2>&1 || { cat "$STATE/install.log"; die "installing WordPress failed"; }
boot setup >>"$STATE/install.log" 2>&1 || { cat "$STATE/install.log"; die "activating the plugin failed"; }
grep -v '^$' "$STATE/install.log" | sed 's/^/[wordpress] /' || true
if [ ! -s "$STATE/app-password" ] || [ "$(curl -s -o /dev/null -w '%{http_code}' -u "$(cat "$STATE/app-password")" "$URL/wp-json/wp/v2/users/me")" != 200 ]; then
  (umask 077 && boot app-password "$ADMIN_USER" >"$STATE/app-password") || die "could not make the admin's application password"
fi
code=$(curl -s -o /dev/null -w '%{http_code}' "$URL/api/v1/base/home")
case "$code" in 200|404) ;; *) tail -5 "$LOGS/apache-error.log"; die "$URL/api/v1/base/home answers HTTP $code" ;; esac

# ------------------------------------------------------------------ content
WORDPRESS_URL=$URL WORDPRESS_STATE=$STATE npx tsx scripts/wordpress/seed.ts || die "seeding failed"

log "ready in $(( $(date +%s) - START )) s. admin: $URL/wp-admin ($ADMIN_USER / $ADMIN_PASS)"
log "pids: apache2 $(cat "$APACHE_PID"), mariadbd $(cat "$DB_PID"); stop with: npm run wordpress -- stop"
echo "CONTENT_API_URL=$URL"
