<?php
/**
 * Settings → Kestrel Headless: the site's URL and secrets, the locales (without a
 * translation plugin), the footer's data per locale, form definitions per locale (without
 * Gravity Forms), and the outcome of the last revalidation call; with Polylang active, the
 * "Move to Polylang" button (includes/polylang-migration.php). Also the "Form entries"
 * screen's view of one entry.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class SettingsPage
{
    private const SLUG = 'kestrel-headless';

    public static function boot(): void
    {
        add_action('admin_menu', static function (): void {
            add_options_page(__('Kestrel Headless', 'kestrel-headless'), __('Kestrel Headless', 'kestrel-headless'), 'manage_options', self::SLUG, [self::class, 'render']);
        });
        add_action('admin_post_kestrel_headless_save', [self::class, 'save']);
        add_action('admin_post_kestrel_headless_polylang', [self::class, 'migrateToPolylang']);
        add_action('admin_post_kestrel_headless_entry_file', [self::class, 'downloadEntryFile']);
        add_action('add_meta_boxes_' . ContentTypes::ENTRY, static function (): void {
            add_meta_box('kestrel-entry', __('Entry', 'kestrel-headless'), [self::class, 'entryBox'], ContentTypes::ENTRY, 'normal');
        });
    }

    public static function save(): void
    {
        if (!current_user_can('manage_options')) {
            wp_die(esc_html__('You may not change these settings.', 'kestrel-headless'), 403);
        }
        check_admin_referer('kestrel_headless_save');
        $input = wp_unslash($_POST['kestrel'] ?? []);
        $input = is_array($input) ? $input : [];
        $input['mail_entries'] = !empty($input['mail_entries']);
        $problems = Settings::save($input);
        set_transient('kestrel_headless_notice_' . get_current_user_id(), $problems, 60);
        wp_safe_redirect(admin_url('options-general.php?page=' . self::SLUG));
        exit;
    }

    /** The "Move to Polylang" button: the migration, then the settings page with what it did. */
    public static function migrateToPolylang(): void
    {
        if (!current_user_can('manage_options')) {
            wp_die(esc_html__('You may not change these settings.', 'kestrel-headless'), 403);
        }
        check_admin_referer('kestrel_headless_polylang');
        $report = PolylangMigration::run();
        set_transient('kestrel_headless_polylang_' . get_current_user_id(), is_wp_error($report)
            ? ['error' => $report->get_error_message()]
            : ['done' => PolylangMigration::describe($report)], 60);
        wp_safe_redirect(admin_url('options-general.php?page=' . self::SLUG));
        exit;
    }

    private static function polylangSection(): void
    {
        if (!PolylangMigration::available()) {
            return;
        }
        $notice = get_transient('kestrel_headless_polylang_' . get_current_user_id());
        delete_transient('kestrel_headless_polylang_' . get_current_user_id());
        if (is_array($notice) && isset($notice['error'])) {
            echo '<div class="notice notice-error"><p>' . esc_html((string) $notice['error']) . '</p></div>';
        } elseif (is_array($notice) && isset($notice['done'])) {
            echo '<div class="notice notice-success"><p>' . esc_html((string) $notice['done']) . '</p></div>';
        }
        echo '<h2>' . esc_html__('Polylang', 'kestrel-headless') . '</h2>';
        echo '<p>' . esc_html(sprintf(
            /* translators: %s: the locales of the plugin's settings */
            __('Moves the content into Polylang\'s languages: a language for each of the locales %s, each page, post and popup in its language (its Language field), translations linked, categories and tags translated (names from their term fields, slugs kept), and each language\'s menus in Polylang\'s menu locations. What already has a language, a translation or a menu keeps it, so running it again changes nothing.', 'kestrel-headless'),
            implode(', ', Settings::builtinLocales())
        )) . '</p>';
        echo '<form method="post" action="' . esc_url(admin_url('admin-post.php')) . '">';
        wp_nonce_field('kestrel_headless_polylang');
        echo '<input type="hidden" name="action" value="kestrel_headless_polylang">';
        submit_button(__('Move to Polylang', 'kestrel-headless'), 'secondary', 'kestrel-polylang', false);
        echo '</form>';
    }

    public static function render(): void
    {
        $settings = Settings::all();
        $problems = get_transient('kestrel_headless_notice_' . get_current_user_id());
        delete_transient('kestrel_headless_notice_' . get_current_user_id());
        $last = get_option(Revalidate::LAST_OPTION);
        $locales = Languages::locales();
        $field = static fn (string $name, string $value, string $type = 'text', string $extra = '') => sprintf('<input class="regular-text" type="%s" name="kestrel[%s]" value="%s" %s>', esc_attr($type), esc_attr($name), esc_attr($value), $extra);
        echo '<div class="wrap"><h1>' . esc_html__('Kestrel Headless', 'kestrel-headless') . '</h1>';
        if (is_array($problems)) {
            echo $problems === []
                ? '<div class="notice notice-success"><p>' . esc_html__('Settings saved.', 'kestrel-headless') . '</p></div>'
                : '<div class="notice notice-error"><p>' . esc_html(implode(' ', $problems)) . '</p></div>';
        }
        echo '<p>' . esc_html__('This WordPress serves the site\'s content API at', 'kestrel-headless') . ' <code>' . esc_html(rest_url('v1/base/home')) . '</code>. ';
        echo esc_html__('Point the site\'s CONTENT_API_URL at', 'kestrel-headless') . ' <code>' . esc_html(home_url()) . '</code>.</p>';
        echo '<form method="post" action="' . esc_url(admin_url('admin-post.php')) . '">';
        wp_nonce_field('kestrel_headless_save');
        echo '<input type="hidden" name="action" value="kestrel_headless_save">';
        echo '<h2>' . esc_html__('The site', 'kestrel-headless') . '</h2><table class="form-table" role="presentation">';
        $row = static function (string $label, string $html, string $help = ''): void {
            echo '<tr><th scope="row">' . esc_html($label) . '</th><td>' . $html . ($help !== '' ? '<p class="description">' . esc_html($help) . '</p>' : '') . '</td></tr>';
        };
        $constant = static fn (string $name) => defined($name) ? sprintf(' ' . /* translators: %s: a constant's name */ __('(set by %s in wp-config.php)', 'kestrel-headless'), $name) : '';
        $row(__('Site URL', 'kestrel-headless'), $field('site_url', (string) ($settings['site_url'] ?? ''), 'url', defined('KESTREL_SITE_URL') ? 'disabled' : ''), __('The public site, e.g. https://www.example.com: host_url, preview links, password reset links and the revalidation call go there.', 'kestrel-headless') . $constant('KESTREL_SITE_URL'));
        $row(__('Preview secret', 'kestrel-headless'), $field('preview_secret', (string) ($settings['preview_secret'] ?? ''), 'password', 'autocomplete="off"' . (defined('KESTREL_PREVIEW_SECRET') ? ' disabled' : '')), __('The site\'s PREVIEW_SECRET (32+ characters). Without it the editor\'s Preview stays on WordPress and drafts never reach the site.', 'kestrel-headless') . $constant('KESTREL_PREVIEW_SECRET'));
        $row(__('Revalidation secret', 'kestrel-headless'), $field('revalidate_secret', (string) ($settings['revalidate_secret'] ?? ''), 'password', 'autocomplete="off"' . (defined('KESTREL_REVALIDATE_SECRET') ? ' disabled' : '')), __('The site\'s REVALIDATE_SECRET (32+ characters). Without it no revalidation call is made.', 'kestrel-headless') . $constant('KESTREL_REVALIDATE_SECRET'));
        $row(__('Logo URL', 'kestrel-headless'), $field('logo_url', (string) ($settings['logo_url'] ?? '')), __('Empty: the theme\'s custom logo, else the site icon.', 'kestrel-headless'));
        $row(__('Trusted proxies', 'kestrel-headless'), $field('trusted_proxies', (string) ($settings['trusted_proxies'] ?? '127.0.0.1, ::1')), __('Addresses of the site\'s servers: their X-Forwarded-For is taken as the visitor\'s address (comment flood checks, rate limits).', 'kestrel-headless'));
        if (Languages::mode() === 'builtin') {
            $row(__('Locales', 'kestrel-headless'), $field('locales', (string) ($settings['locales'] ?? 'en')), __('Without Polylang or WPML: the locales this WordPress answers, the default first (e.g. "en,de"). Each page, post and popup has a Language field in the editor.', 'kestrel-headless'));
        } else {
            $row(__('Locales', 'kestrel-headless'), '<code>' . esc_html(implode(', ', $locales)) . '</code>', sprintf(/* translators: %s: Polylang or WPML */ __('From %s.', 'kestrel-headless'), Languages::mode() === 'polylang' ? 'Polylang' : 'WPML'));
        }
        $provider = (string) ($settings['chat_provider'] ?? '');
        $options = '';
        foreach (['' => __('None', 'kestrel-headless'), 'builtin' => __('Built-in (tickets under Chat tickets)', 'kestrel-headless'), 'crisp' => 'Crisp'] as $value => $label) {
            $options .= '<option value="' . esc_attr($value) . '"' . selected($provider, $value, false) . '>' . esc_html($label) . '</option>';
        }
        $row(__('Live chat', 'kestrel-headless'), '<select name="kestrel[chat_provider]" id="kestrel-chat_provider">' . $options . '</select>', __('The chat every page offers (a page can turn it off in its Kestrel panel), after the visitor allows functional cookies. Built-in: the site\'s own chat panel; each conversation is stored here as a chat ticket and answered with an automatic reply. Crisp: the site loads it only where CHAT_PROVIDERS names it.', 'kestrel-headless'));
        $row(__('Chat widget ID', 'kestrel-headless'), $field('chat_widget_id', (string) ($settings['chat_widget_id'] ?? '')), __('Crisp: the website ID (a UUID). Not used by the built-in chat.', 'kestrel-headless'));
        $row(__('Mail form entries', 'kestrel-headless'), '<label><input type="checkbox" name="kestrel[mail_entries]" value="1"' . checked((bool) ($settings['mail_entries'] ?? true), true, false) . '> ' . esc_html__('Send each stored entry to the site admin\'s email address', 'kestrel-headless') . '</label>');
        echo '</table>';

        foreach ($locales as $locale) {
            $site = Settings::siteFields($locale);
            echo '<h2>' . esc_html(sprintf(/* translators: %s: a language's name */ __('Footer and contact (%s)', 'kestrel-headless'), Languages::name($locale))) . '</h2><table class="form-table" role="presentation">';
            foreach (Settings::SITE_FIELDS as $key) {
                $name = sprintf('site][%s][%s', $locale, $key);
                $html = $key === 'address'
                    ? sprintf('<textarea class="large-text" rows="4" name="kestrel[%s]">%s</textarea>', esc_attr($name), esc_textarea($site[$key]))
                    : $field($name, $site[$key]);
                $row(ucfirst(str_replace('_', ' ', $key)), $html);
            }
            echo '</table>';
        }

        echo '<h2>' . esc_html__('Forms', 'kestrel-headless') . '</h2>';
        if (FormDefinitions::gravityForms()) {
            echo '<p>' . esc_html__('Gravity Forms is active: forms are defined there, and its REST API v2 answers submissions (enable it under Forms → Settings → REST API).', 'kestrel-headless') . '</p>';
        } else {
            echo '<p>' . esc_html__('Without Gravity Forms, each form is a JSON definition in Gravity Forms\' shape (docs/content-api.md), keyed by form id, plus "confirmation_message". A locale without a form uses the default locale\'s. Entries are stored under Form entries.', 'kestrel-headless') . '</p><table class="form-table" role="presentation">';
            foreach ($locales as $locale) {
                $json = wp_json_encode(Settings::forms()[$locale] ?? new \stdClass(), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
                $row(sprintf(/* translators: %s: a locale */ __('Forms (%s)', 'kestrel-headless'), $locale), sprintf('<textarea class="large-text code" rows="14" name="kestrel[forms][%s]">%s</textarea>', esc_attr($locale), esc_textarea((string) $json)));
            }
            echo '</table>';
        }
        submit_button();
        echo '</form>';

        self::polylangSection();

        echo '<h2>' . esc_html__('Last revalidation call', 'kestrel-headless') . '</h2>';
        if (is_array($last)) {
            $status = (int) $last['status'];
            $meaning = match (true) {
                $status >= 200 && $status < 300 => __('the site purged its cache', 'kestrel-headless'),
                $status === 401 => __('the site refused the secret', 'kestrel-headless'),
                $status === 404 => __('the site has no /api/revalidate yet', 'kestrel-headless'),
                $status === 0 => (string) $last['error'],
                default => __('unexpected answer', 'kestrel-headless'),
            };
            echo '<p>' . esc_html(sprintf('%s: HTTP %d (%s) — %s', wp_date('Y-m-d H:i:s', (int) $last['time']), $status, $meaning, implode(', ', (array) $last['tags']))) . '</p>';
        } else {
            echo '<p>' . esc_html__('None yet.', 'kestrel-headless') . '</p>';
        }
        echo '</div>';
    }

    public static function entryBox(\WP_Post $post): void
    {
        $formId = (string) get_post_meta($post->ID, '_kestrel_form_id', true);
        $values = json_decode((string) get_post_meta($post->ID, '_kestrel_values', true), true);
        $files = json_decode((string) get_post_meta($post->ID, '_kestrel_files', true), true);
        $form = FormDefinitions::stored($formId, (string) get_post_meta($post->ID, '_kestrel_locale', true) ?: Languages::defaultLocale());
        $labels = [];
        foreach ((array) ($form['fields'] ?? []) as $field) {
            $labels[(string) $field['id']] = Util::text((string) ($field['label'] ?? ''));
        }
        echo '<table class="widefat striped"><tbody>';
        foreach (is_array($values) ? $values : [] as $fieldId => $value) {
            $text = is_array($value) ? (isset($value['file_name']) ? '' : implode(' ', array_map('strval', $value))) : (is_bool($value) ? ($value ? '✓' : '✗') : (string) $value);
            if (is_array($value) && isset($value['file_name'])) {
                foreach (is_array($files) ? $files : [] as $file) {
                    if ((string) $file['field_id'] === (string) $fieldId) {
                        $url = wp_nonce_url(admin_url('admin-post.php?action=kestrel_headless_entry_file&entry=' . $post->ID . '&field=' . rawurlencode((string) $fieldId)), 'kestrel_entry_file_' . $post->ID);
                        $text = '<a href="' . esc_url($url) . '">' . esc_html((string) $value['file_name']) . '</a> (' . (int) $value['size_bytes'] . ' bytes)';
                    }
                }
                echo '<tr><th>' . esc_html($labels[$fieldId] ?? (string) $fieldId) . '</th><td>' . wp_kses_post($text) . '</td></tr>';
                continue;
            }
            echo '<tr><th>' . esc_html($labels[$fieldId] ?? (string) $fieldId) . '</th><td>' . nl2br(esc_html($text)) . '</td></tr>';
        }
        echo '<tr><th>' . esc_html__('Visitor details', 'kestrel-headless') . '</th><td>' . esc_html((string) get_post_meta($post->ID, '_kestrel_hidden', true)) . '</td></tr>';
        echo '<tr><th>' . esc_html__('Sent from', 'kestrel-headless') . '</th><td>' . esc_html((string) get_post_meta($post->ID, '_kestrel_source_url', true)) . '</td></tr>';
        echo '</tbody></table>';
    }

    /** An entry's file, for users who may edit the entry. */
    public static function downloadEntryFile(): void
    {
        $entryId = (int) ($_GET['entry'] ?? 0);
        check_admin_referer('kestrel_entry_file_' . $entryId);
        if (!current_user_can('edit_post', $entryId) || get_post_type($entryId) !== ContentTypes::ENTRY) {
            wp_die(esc_html__('You may not read this file.', 'kestrel-headless'), 403);
        }
        $field = sanitize_text_field(wp_unslash((string) ($_GET['field'] ?? '')));
        foreach ((array) json_decode((string) get_post_meta($entryId, '_kestrel_files', true), true) as $file) {
            if ((string) ($file['field_id'] ?? '') === $field && preg_match('/^[0-9a-f]{32}\.(pdf|doc|docx)$/', (string) $file['stored_name']) === 1) {
                $path = Forms::uploadDir() . '/' . $file['stored_name'];
                header('Content-Type: ' . $file['mime_type']);
                header('Content-Disposition: attachment; filename="' . sanitize_file_name((string) $file['file_name']) . '"');
                header('X-Content-Type-Options: nosniff');
                readfile($path);
                exit;
            }
        }
        wp_die(esc_html__('No such file.', 'kestrel-headless'), 404);
    }
}
