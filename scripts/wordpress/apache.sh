# shellcheck shell=bash
# Sourced by scripts/wordpress/wordpress.sh: Apache with mod_php serving WordPress on
# 127.0.0.1:$WORDPRESS_PORT, its configuration written to .cache/wordpress/conf/apache2.conf
# (checked with apache2 -t), started or gracefully reloaded, then waited for. Uses
# wordpress.sh's settings (HOST, PORT, CORE, CONTENT_DIR, LOGS, RUN, TMP, PHP_MODULE…) and die.

start_apache() {
  M=/usr/lib/apache2/modules
  cat >"$APACHE_CONF" <<EOF
ServerRoot /etc/apache2
ServerName $HOST
Listen $HOST:$PORT
PidFile $APACHE_PID
DefaultRuntimeDir $RUN
Mutex file:$RUN default
$APACHE_USER
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
# PHP's temporary files (uploads) stay under .cache/wordpress too.
php_admin_value upload_tmp_dir $TMP
php_admin_value sys_temp_dir $TMP
# No mail leaves this machine: what WordPress mails is appended to logs/mail.log.
php_admin_value sendmail_path "cat >> $LOGS/mail.log; true"
DocumentRoot $CORE
DirectoryIndex index.php
Alias /wp-content $CONTENT_DIR
# The demo content points at the site's own images and media files (/images/…, /media/…,
# public/ of this repository): served here too, so the block editor and WordPress's own
# theme show them.
Alias /images $ROOT/public/images
Alias /media $ROOT/public/media
<Directory />
  Options None
  AllowOverride None
  Require all denied
</Directory>
<Directory $CORE>
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
<Directory $ROOT/public/media>
  Require all granted
</Directory>
<Directory $ROOT/wordpress>
  Options FollowSymLinks
  Require all granted
</Directory>
<Directory $CORE/wp-content/themes>
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
}
