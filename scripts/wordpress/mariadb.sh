# shellcheck shell=bash
# Sourced by scripts/wordpress/wordpress.sh: MariaDB for the WordPress of `npm run wordpress`,
# on a unix socket only (no TCP), its data in .cache/wordpress/mysql; the database and its
# user made when missing. Uses wordpress.sh's settings (MY_CNF, DB_*, LOGS, TMP) and die.

start_mariadb() {
  cat > "$MY_CNF" <<EOF
[mysqld]
user=$DB_OS_USER
datadir=$DATADIR
socket=$DB_SOCK
pid-file=$DB_PID
tmpdir=$TMP/mysql
log-error=$LOGS/mysql/mysqld.err
skip-networking
skip-log-bin
innodb_buffer_pool_size=64M
character-set-server=utf8mb4
collation-server=utf8mb4_unicode_ci
[client]
socket=$DB_SOCK
user=$DB_CLIENT_USER
EOF
  sql() { mariadb --defaults-file="$MY_CNF" "$@"; }
  if [ ! -d "$DATADIR/mysql" ]; then
    log "initialising the database in $DATADIR"
    mkdir -p "$DATADIR"
    [ "$(id -u)" != 0 ] || chown mysql:mysql "$DATADIR"
    mariadb-install-db --defaults-file="$MY_CNF" --user="$DB_OS_USER" --auth-root-authentication-method=socket --skip-test-db \
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
}
