<?php
/**
 * Runs when an administrator deletes the plugin (Plugins → Delete), not when it is only
 * deactivated. It removes what the plugin keeps for itself: its settings, the record of
 * the last revalidation call, idempotency answers, rate-limit and notice transients and its
 * scheduled clean-up. Content stays: pages, posts, popups, form entries (and their files in
 * uploads/kestrel-entries/), chat tickets and the fields on them are the site owner's, and
 * deleting the plugin must not take them (readme.txt says how to remove them first).
 */
declare(strict_types=1);

if (!defined('WP_UNINSTALL_PLUGIN')) {
    exit;
}

foreach (['kestrel_headless', 'kestrel_headless_last_revalidation', 'kestrel_headless_flush_rewrites'] as $option) {
    delete_option($option);
}

global $wpdb;
// Idempotency answers (includes/idempotency.php) and the plugin's transients, by their prefixes.
$patterns = ['kestrel\\_idem\\_%', '\\_transient\\_kestrel\\_%', '\\_transient\\_timeout\\_kestrel\\_%'];
foreach ($patterns as $pattern) {
    $wpdb->query($wpdb->prepare("DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $pattern));
}

wp_clear_scheduled_hook('kestrel_idempotency_cleanup');
