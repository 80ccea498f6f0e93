<?php
/**
 * The few steps of `npm run wordpress` that happen before the REST API can be used:
 * install WordPress, activate the plugins (with the setup each needs), make the admin's
 * application password (what WP-CLI's `core install`, `plugin activate` and
 * `user application-password create` would do, without needing WP-CLI). Everything else
 * goes through the REST API (scripts/wordpress/seed.ts). Runs as the web server's user,
 * on the WordPress in WP_BOOT_CORE (the harness's .cache/wordpress/core).
 *
 *   php wp-boot.php install URL USER PASSWORD EMAIL    install when not installed yet
 *   php wp-boot.php setup [PLUGIN_FILE…]               permalinks, theme, activate those plugins and ours
 *   php wp-boot.php configure                          what each active plugin needs before it works (setUpPlugins)
 *   php wp-boot.php app-password USER                  prints USER:PASSWORD (a new one)
 *   php wp-boot.php migrate-polylang                   the plugin's move to Polylang's languages
 *                                                      (includes/polylang-migration.php; idempotent)
 *   php wp-boot.php uninstall                          WordPress's uninstall of the plugin (its uninstall.php),
 *                                                      checked: its options gone, every post kept
 */
declare(strict_types=1);

$core = getenv('WP_BOOT_CORE');
if (!$core || !is_file($core . '/wp-load.php')) {
    fwrite(STDERR, "WP_BOOT_CORE must name a WordPress folder (the harness sets it)\n");
    exit(1);
}
$_SERVER['HTTP_HOST'] = '127.0.0.1';
$_SERVER['SERVER_NAME'] = $_SERVER['HTTP_HOST'];
// Polylang sets itself up (PLL()) only in a context: without languages yet, none on the
// front end. The migration runs as in a REST request, a context Polylang has with or
// without languages (it takes a path under the REST prefix, includes/rest.php, for one).
$_SERVER['REQUEST_URI'] = ($argv[1] ?? '') === 'migrate-polylang' ? '/api/migrate-polylang' : '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
define('WP_INSTALLING', ($argv[1] ?? '') === 'install');

require $core . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
// No mail leaves this machine (wp_install mails the admin; there is no sendmail).
add_filter('pre_wp_mail', '__return_false');
require_once ABSPATH . 'wp-admin/includes/plugin.php';

function fail(string $message): never
{
    fwrite(STDERR, $message . "\n");
    exit(1);
}

/** Sub-field definitions of the `sections` layouts: name => [type, extra settings]. */
function subFields(string $prefix, array $fields): array
{
    $list = [];
    foreach ($fields as $name => [$type, $extra]) {
        $list[] = ['key' => "field_{$prefix}_{$name}", 'label' => ucfirst(str_replace('_', ' ', $name)), 'name' => $name, 'type' => $type] + $extra;
    }
    return $list;
}

const SECTIONS_GROUP_KEY = 'group_kestrel_sections';

/** The flexible content field `sections` with the hero, cards and FAQ layouts of the site. */
function sectionsFieldGroup(): array
{
    return [
        'key' => SECTIONS_GROUP_KEY,
        'title' => 'Sections',
        'show_in_rest' => 1,
        'location' => [[['param' => 'post_type', 'operator' => '==', 'value' => 'page']]],
        'fields' => [[
            'key' => 'field_kestrel_sections',
            'label' => 'Sections',
            'name' => 'sections',
            'type' => 'flexible_content',
            'button_label' => 'Add section',
            'layouts' => [
                'layout_kestrel_hero' => ['key' => 'layout_kestrel_hero', 'name' => 'hero', 'label' => 'Hero', 'display' => 'block', 'sub_fields' => subFields('kestrel_hero', [
                    'eyebrow' => ['text', []],
                    'heading' => ['text', []],
                    'text' => ['textarea', ['new_lines' => '']],
                    'cta' => ['link', ['return_format' => 'array']],
                    'secondary_cta' => ['link', ['return_format' => 'array']],
                    'background_image' => ['image', ['return_format' => 'array']],
                ])],
                'layout_kestrel_cards' => ['key' => 'layout_kestrel_cards', 'name' => 'cards', 'label' => 'Cards', 'display' => 'block', 'sub_fields' => subFields('kestrel_cards', [
                    'heading' => ['text', []],
                    'intro' => ['textarea', ['new_lines' => '']],
                    'items' => ['repeater', ['layout' => 'block', 'sub_fields' => subFields('kestrel_card', [
                        'title' => ['text', []],
                        'text' => ['textarea', ['new_lines' => '']],
                        'link' => ['link', ['return_format' => 'array']],
                    ])]],
                ])],
                'layout_kestrel_faq' => ['key' => 'layout_kestrel_faq', 'name' => 'faq', 'label' => 'FAQ', 'display' => 'block', 'sub_fields' => subFields('kestrel_faq', [
                    'heading' => ['text', []],
                    'items' => ['repeater', ['layout' => 'block', 'sub_fields' => subFields('kestrel_faq_item', [
                        'question' => ['text', []],
                        'answer_html' => ['wysiwyg', ['tabs' => 'all', 'media_upload' => 0]],
                    ])]],
                ])],
            ],
        ]],
    ];
}

/**
 * What an administrator's first visit to each plugin's screens would do, so the plugin
 * works without anyone opening wp-admin.
 */
function setUpPlugins(): void
{
    // Redirection keeps its redirects in its own tables, made by its "database setup" screen
    // (or `wp redirection database install`): the same installer here.
    if (is_plugin_active('redirection/redirection.php')) {
        // What its admin screens load (redirection-admin.php) before they install.
        require_once WP_PLUGIN_DIR . '/redirection/models/group.php';
        require_once WP_PLUGIN_DIR . '/redirection/database/database.php';
        $status = new Red_Database_Status();
        if ($status->needs_installing()) {
            $installed = Red_Database::get_latest_database()->install();
            if (is_wp_error($installed)) {
                fail('installing the Redirection tables failed: ' . $installed->get_error_message());
            }
            echo "installed the Redirection tables\n";
        }
    }
    // Rank Math's setup wizard and registration, skipped as its "Skip" buttons skip them;
    // its activation redirect to the wizard is dropped.
    if (is_plugin_active('seo-by-rank-math/rank-math.php')) {
        add_option('rank_math_registration_skip', true);
        update_option('rank_math_wizard_completed', true);
        delete_transient('_rank_math_activation_redirect');
    }
    // Secure Custom Fields or ACF PRO (the plugins with flexible content): the field group
    // an editor would make under Custom Fields → Field Groups for the plugin's `sections`
    // (docs/wordpress.md), imported as that screen's Import does; shown in REST, so pages
    // get their rows through wp/v2 as the editor's form saves them.
    if (function_exists('acf_import_field_group') && function_exists('acf_get_field_type') && acf_get_field_type('flexible_content')) {
        if (!acf_get_field_group(SECTIONS_GROUP_KEY)) {
            acf_import_field_group(sectionsFieldGroup());
            echo "imported the ACF field group Sections (flexible content)\n";
        }
    }
    // Polylang's wizard likewise; its languages come from the migration (not here).
    if (is_plugin_active('polylang/polylang.php')) {
        delete_transient('pll_activation_redirect');
    }
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
    foreach ([...array_slice($argv, 2), 'kestrel-headless/kestrel-headless.php'] as $file) {
        if (is_plugin_active($file)) {
            continue;
        }
        $activated = activate_plugin($file);
        if (is_wp_error($activated)) {
            fail("activating $file failed: " . $activated->get_error_message());
        }
        echo "activated $file\n";
    }
    exit(0);
}

// A process of its own after `setup`: plugins activated there load their hooks only now
// (Secure Custom Fields registers its field types on init).
if ($command === 'configure') {
    setUpPlugins();
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

// What the plugin's settings page's "Move to Polylang" button does (docs/wordpress.md),
// as an administrator: the harness runs it after seeding when Polylang is active.
if ($command === 'migrate-polylang') {
    $admin = get_users(['role' => 'administrator', 'number' => 1, 'orderby' => 'ID']);
    if ($admin) {
        wp_set_current_user($admin[0]->ID);
    }
    $report = \Kestrel\Headless\PolylangMigration::run();
    if (is_wp_error($report)) {
        fail('moving to Polylang failed: ' . $report->get_error_message());
    }
    echo \Kestrel\Headless\PolylangMigration::describe($report) . "\n";
    exit(0);
}

// What deleting the plugin in wp-admin runs before it removes the files: WordPress's own
// uninstall_plugin(), which runs the plugin's uninstall.php (the files stay: they are the
// repository's). The plugin's options, records and schedule must be gone, and no document.
if ($command === 'uninstall') {
    global $wpdb;
    $documents = static fn (): int => (int) $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->posts}");
    $before = $documents();
    uninstall_plugin('kestrel-headless/kestrel-headless.php');
    wp_cache_flush();
    $left = $wpdb->get_col(
        "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE 'kestrel\\_%' OR option_name LIKE '\\_transient\\_kestrel\\_%' OR option_name LIKE '\\_transient\\_timeout\\_kestrel\\_%'",
    );
    if ($left !== []) {
        fail('uninstall.php left options: ' . implode(', ', array_slice($left, 0, 10)));
    }
    if (wp_next_scheduled('kestrel_idempotency_cleanup')) {
        fail('uninstall.php left the scheduled clean-up');
    }
    if ($documents() !== $before) {
        fail("uninstall.php removed documents ({$before} before, {$documents()} after)");
    }
    echo "uninstall.php: the plugin's options, records and schedule removed; all {$before} posts kept\n";
    exit(0);
}

fail('usage: php wp-boot.php install URL USER PASSWORD EMAIL | setup [PLUGIN_FILE…] | configure | app-password USER | migrate-polylang | uninstall');
