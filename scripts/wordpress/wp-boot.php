<?php
/**
 * The few steps of `npm run wordpress` that happen before the REST API can be used:
 * install WordPress, activate the plugin, make the admin's application password (what
 * WP-CLI's `core install`, `plugin activate` and `user application-password create`
 * would do; Debian has no WP-CLI package). Everything else goes through the REST API
 * (scripts/wordpress/seed.ts). Runs as www-data, like the web server.
 *
 *   php wp-boot.php install URL USER PASSWORD EMAIL    install when not installed yet
 *   php wp-boot.php setup                              permalinks, theme, activate the plugin
 *   php wp-boot.php app-password USER                  prints USER:PASSWORD (a new one)
 */
declare(strict_types=1);

// Debian's wp-config.php picks /etc/wordpress/config-{Host}.php by the request's Host.
$_SERVER['HTTP_HOST'] = getenv('WP_BOOT_HOST') ?: '127.0.0.1';
$_SERVER['SERVER_NAME'] = $_SERVER['HTTP_HOST'];
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
define('WP_INSTALLING', ($argv[1] ?? '') === 'install');

require '/usr/share/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

function fail(string $message): never
{
    fwrite(STDERR, $message . "\n");
    exit(1);
}

$command = $argv[1] ?? '';
if ($command === 'install') {
    [, , $url, $user, $password, $email] = $argv + array_fill(0, 6, '');
    if (!is_blog_installed()) {
        $result = wp_install('Kestrel IT Support', $user, $email, false, '', wp_slash($password));
        if (empty($result['user_id'])) {
            fail('wp_install failed');
        }
        echo "installed WordPress " . get_bloginfo('version') . " at $url\n";
    }
    exit(0);
}

if ($command === 'setup') {
    update_option('permalink_structure', '/%postname%/');
    update_option('timezone_string', 'UTC');
    update_option('blog_public', '0');
    // Comments as the embedded CMS keeps them: open on posts, held for moderation.
    update_option('default_comment_status', 'open');
    update_option('comment_moderation', '1');
    update_option('comment_previously_approved', '0');
    update_option('require_name_email', '1');
    update_option('close_comments_for_old_posts', '0');
    update_option('show_avatars', '0');
    if (wp_get_theme()->get_stylesheet() !== 'twentytwentythree' && wp_get_theme('twentytwentythree')->exists()) {
        switch_theme('twentytwentythree');
    }
    if (!is_plugin_active('kestrel-headless/kestrel-headless.php')) {
        $activated = activate_plugin('kestrel-headless/kestrel-headless.php');
        if (is_wp_error($activated)) {
            fail('activating kestrel-headless failed: ' . $activated->get_error_message());
        }
        echo "activated kestrel-headless\n";
    }
    exit(0);
}

if ($command === 'app-password') {
    [, , $login] = $argv + array_fill(0, 3, '');
    $user = get_user_by('login', $login);
    if (!$user) {
        fail("no user $login");
    }
    $name = 'npm run wordpress';
    // One password of ours at a time: a new run replaces the last one.
    foreach (WP_Application_Passwords::get_user_application_passwords($user->ID) as $item) {
        if ($item['name'] === $name) {
            WP_Application_Passwords::delete_application_password($user->ID, $item['uuid']);
        }
    }
    $created = WP_Application_Passwords::create_new_application_password($user->ID, ['name' => $name]);
    if (is_wp_error($created)) {
        fail($created->get_error_message());
    }
    echo $login . ':' . $created[0];
    exit(0);
}

fail('usage: php wp-boot.php install URL USER PASSWORD EMAIL | setup | app-password USER');
