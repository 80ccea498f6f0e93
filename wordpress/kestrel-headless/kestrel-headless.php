<?php
/**
 * Plugin Name:       Kestrel Headless
 * Description:       Serves the Kestrel site's content API (docs/content-api.md) from this WordPress: pages built from blocks, the blog, menus, popups, forms, accounts, the built-in chat, signed previews and revalidation calls.
 * Version:           1.0.0
 * Requires at least: 6.6
 * Requires PHP:      8.1
 * Author:            Kestrel IT Support
 * License:           GPL-2.0-or-later
 * Text Domain:       kestrel-headless
 * Domain Path:       /languages
 */
declare(strict_types=1);

namespace Kestrel\Headless;

if (!defined('ABSPATH')) {
    exit;
}

const VERSION = '1.0.0';
/** The content contract this plugin answers (the site's docs/content-api.md, "Versions"). */
const CONTRACT_VERSION = '1.3';
const PLUGIN_FILE = __FILE__;
const REST_PREFIX = 'api';

require_once __DIR__ . '/includes/util.php';
require_once __DIR__ . '/includes/messages.php';
require_once __DIR__ . '/includes/settings.php';
require_once __DIR__ . '/includes/languages.php';
require_once __DIR__ . '/includes/translated-slugs.php';
require_once __DIR__ . '/includes/polylang-migration.php';
require_once __DIR__ . '/includes/content-types.php';
require_once __DIR__ . '/includes/blocks.php';
require_once __DIR__ . '/includes/block-markup.php';
require_once __DIR__ . '/includes/sections.php';
require_once __DIR__ . '/includes/core-sections.php';
require_once __DIR__ . '/includes/seo.php';
require_once __DIR__ . '/includes/rank-math.php';
require_once __DIR__ . '/includes/documents.php';
require_once __DIR__ . '/includes/frame.php';
require_once __DIR__ . '/includes/widgets.php';
require_once __DIR__ . '/includes/search.php';
require_once __DIR__ . '/includes/items.php';
require_once __DIR__ . '/includes/idempotency.php';
require_once __DIR__ . '/includes/form-definitions.php';
require_once __DIR__ . '/includes/forms.php';
require_once __DIR__ . '/includes/bad-submission.php';
require_once __DIR__ . '/includes/form-validation.php';
require_once __DIR__ . '/includes/accounts.php';
require_once __DIR__ . '/includes/comments.php';
require_once __DIR__ . '/includes/chat.php';
require_once __DIR__ . '/includes/previews.php';
require_once __DIR__ . '/includes/revalidate.php';
require_once __DIR__ . '/includes/redirects.php';
require_once __DIR__ . '/includes/rest.php';
require_once __DIR__ . '/includes/settings-page.php';

Messages::boot();
Settings::boot();
Languages::boot();
TranslatedSlugs::boot();
ContentTypes::boot();
Items::boot();
Blocks::boot();
BlockMarkup::boot();
Rest::boot();
Idempotency::boot();
Forms::boot();
Accounts::boot();
Chat::boot();
Previews::boot();
Revalidate::boot();
Redirects::boot();
SettingsPage::boot();

register_activation_hook(__FILE__, static function (): void {
    // The REST prefix and the post types change the rewrite rules: rebuild them on the next
    // request, when every rule of this plugin is registered (not in this one).
    update_option('kestrel_headless_flush_rewrites', 1);
});
register_deactivation_hook(__FILE__, static function (): void {
    delete_option('kestrel_headless_flush_rewrites');
    // Scheduled again on the next request after the plugin is activated (includes/idempotency.php).
    wp_clear_scheduled_hook('kestrel_idempotency_cleanup');
    flush_rewrite_rules(false);
});
