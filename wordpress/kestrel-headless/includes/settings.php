<?php
/**
 * The plugin's settings (Settings → Kestrel Headless): what WordPress itself has no
 * place for. One option, `kestrel_headless`. The secrets and the site URL may instead be
 * constants in wp-config.php (KESTREL_SITE_URL, KESTREL_PREVIEW_SECRET,
 * KESTREL_REVALIDATE_SECRET), which win over the stored values.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Settings
{
    public const OPTION = 'kestrel_headless';

    /** Per locale: the footer's data besides the organization (docs/content-api.md, Options). */
    public const SITE_FIELDS = ['address', 'phone', 'shop_url', 'review_badge_label', 'review_badge_url', 'status_badge_label', 'status_badge_url'];

    private const LANGUAGE_NAMES = [
        'en' => 'English', 'de' => 'Deutsch', 'es' => 'Español', 'fr' => 'Français', 'hr' => 'Hrvatski', 'hu' => 'Magyar',
        'it' => 'Italiano', 'ja' => '日本語', 'no' => 'Norsk', 'pt' => 'Português', 'ru' => 'Русский', 'uk' => 'Українська',
    ];

    public static function boot(): void
    {
        add_action('init', [self::class, 'flushRewritesOnce'], 99);
    }

    /** Rebuilds the rewrite rules once after activation (see kestrel-headless.php). */
    public static function flushRewritesOnce(): void
    {
        if (get_option('kestrel_headless_flush_rewrites')) {
            delete_option('kestrel_headless_flush_rewrites');
            flush_rewrite_rules(false);
        }
    }

    /** @return array<string, mixed> */
    public static function all(): array
    {
        $stored = get_option(self::OPTION, []);
        return is_array($stored) ? $stored : [];
    }

    public static function get(string $key, mixed $default = null): mixed
    {
        return self::all()[$key] ?? $default;
    }

    /** The public site's origin (no trailing slash): previews, reset links, revalidation, host_url. */
    public static function siteUrl(): string
    {
        $value = defined('KESTREL_SITE_URL') ? (string) constant('KESTREL_SITE_URL') : (string) self::get('site_url', '');
        return untrailingslashit(trim($value));
    }

    public static function previewSecret(): string
    {
        return defined('KESTREL_PREVIEW_SECRET') ? (string) constant('KESTREL_PREVIEW_SECRET') : (string) self::get('preview_secret', '');
    }

    public static function revalidateSecret(): string
    {
        return defined('KESTREL_REVALIDATE_SECRET') ? (string) constant('KESTREL_REVALIDATE_SECRET') : (string) self::get('revalidate_secret', '');
    }

    /** Locales the plugin serves when no translation plugin is active (the first is the default). */
    public static function builtinLocales(): array
    {
        $list = array_values(array_filter(array_map('trim', explode(',', (string) self::get('locales', 'en'))), static fn ($code) => preg_match('/^[a-z]{2}(-[A-Za-z]{2})?$/', $code) === 1));
        return $list === [] ? ['en'] : array_values(array_unique($list));
    }

    public static function languageName(string $code): string
    {
        return self::LANGUAGE_NAMES[$code] ?? $code;
    }

    /** The footer data of a locale (falls back to the default locale's). */
    public static function siteFields(string $locale): array
    {
        $site = self::get('site', []);
        $fields = is_array($site[$locale] ?? null) ? $site[$locale] : (is_array($site[Languages::defaultLocale()] ?? null) ? $site[Languages::defaultLocale()] : []);
        $out = [];
        foreach (self::SITE_FIELDS as $key) {
            $out[$key] = is_string($fields[$key] ?? null) ? $fields[$key] : '';
        }
        return $out;
    }

    /** Form definitions stored in the settings, by locale and id (used when Gravity Forms is not active). */
    public static function forms(): array
    {
        $forms = self::get('forms', []);
        return is_array($forms) ? $forms : [];
    }

    /**
     * The live chat providers a page's `chat` may name (docs/content-api.md, `chat`):
     * `builtin` is this plugin's own chat (includes/chat.php, tickets in wp-admin), `crisp`
     * a third party by its website ID.
     */
    public const CHAT_PROVIDERS = ['builtin', 'crisp'];

    /**
     * Requirements §3 `chat` of every page (docs/content-api.md): the provider and widget id set
     * here, `false` when none is set or the page turns it off (its `kestrel_chat_off` field).
     * @return array{provider: string, widget_id: ?string, enabled: bool}|false
     */
    public static function chatFor(\WP_Post $post): array|false
    {
        $provider = (string) self::get('chat_provider', '');
        $widget = (string) self::get('chat_widget_id', '');
        if (!in_array($provider, self::CHAT_PROVIDERS, true) || get_post_meta($post->ID, 'kestrel_chat_off', true)) {
            return false;
        }
        if ($provider === 'builtin') {
            return ['provider' => 'builtin', 'widget_id' => null, 'enabled' => true];
        }
        return $widget === '' ? false : ['provider' => $provider, 'widget_id' => $widget, 'enabled' => true];
    }

    /** Addresses whose X-Forwarded-For is believed (the site's server in front of WordPress). */
    public static function trustedProxies(): array
    {
        return array_values(array_filter(array_map('trim', explode(',', (string) self::get('trusted_proxies', '127.0.0.1, ::1')))));
    }

    /**
     * Checks and stores new settings (from the settings page or the REST endpoint).
     * @return array<string, string> problems by field; empty when stored
     */
    public static function save(array $input): array
    {
        $current = self::all();
        $next = $current;
        $problems = [];
        foreach (['site_url', 'logo_url'] as $key) {
            if (array_key_exists($key, $input)) {
                $value = trim((string) $input[$key]);
                if ($value !== '' && !preg_match('#^https?://[^\s/]+#', $value) && !($key === 'logo_url' && str_starts_with($value, '/'))) {
                    $problems[$key] = __('Enter an http(s) URL.', 'kestrel-headless');
                } else {
                    $next[$key] = $key === 'site_url' ? untrailingslashit($value) : $value;
                }
            }
        }
        foreach (['preview_secret', 'revalidate_secret'] as $key) {
            if (array_key_exists($key, $input)) {
                $value = trim((string) $input[$key]);
                if ($value !== '' && strlen($value) < 32) {
                    $problems[$key] = __('Use at least 32 characters (the site refuses shorter secrets).', 'kestrel-headless');
                } else {
                    $next[$key] = $value;
                }
            }
        }
        if (array_key_exists('locales', $input)) {
            $next['locales'] = implode(',', array_map('trim', explode(',', (string) $input['locales'])));
        }
        if (array_key_exists('chat_provider', $input) || array_key_exists('chat_widget_id', $input)) {
            $provider = trim((string) ($input['chat_provider'] ?? ($current['chat_provider'] ?? '')));
            $widget = strtolower(trim((string) ($input['chat_widget_id'] ?? ($current['chat_widget_id'] ?? ''))));
            if ($provider !== '' && !in_array($provider, self::CHAT_PROVIDERS, true)) {
                $problems['chat_provider'] = __('Choose a chat provider from the list.', 'kestrel-headless');
            } elseif ($provider === 'crisp' && preg_match('/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/', $widget) !== 1) {
                $problems['chat_widget_id'] = __('Enter the Crisp website ID (a UUID, from Crisp: Settings → Website settings → Setup).', 'kestrel-headless');
            } else {
                $next['chat_provider'] = $provider;
                $next['chat_widget_id'] = $provider === 'crisp' ? $widget : '';
            }
        }
        if (array_key_exists('trusted_proxies', $input)) {
            $next['trusted_proxies'] = (string) $input['trusted_proxies'];
        }
        if (array_key_exists('mail_entries', $input)) {
            $next['mail_entries'] = (bool) $input['mail_entries'];
        }
        if (array_key_exists('site', $input) && is_array($input['site'])) {
            $site = [];
            foreach ($input['site'] as $locale => $fields) {
                if (!is_string($locale) || !is_array($fields)) {
                    continue;
                }
                foreach (self::SITE_FIELDS as $key) {
                    $site[$locale][$key] = $key === 'address' ? wp_kses_post((string) ($fields[$key] ?? '')) : sanitize_text_field((string) ($fields[$key] ?? ''));
                }
            }
            $next['site'] = $site;
        }
        if (array_key_exists('forms', $input)) {
            $forms = [];
            foreach ((array) $input['forms'] as $locale => $list) {
                if (is_string($list)) {
                    $list = trim($list) === '' ? [] : json_decode($list, true);
                    if (!is_array($list)) {
                        $problems["forms_$locale"] = sprintf(/* translators: %s: a locale */ __('The form definitions of %s are not valid JSON.', 'kestrel-headless'), $locale);
                        continue;
                    }
                }
                foreach ($list as $id => $form) {
                    $problem = FormDefinitions::problemOf((string) $id, $form);
                    if ($problem !== null) {
                        $problems["forms_$locale"] = sprintf('%s %s: %s', $locale, (string) $id, $problem);
                        continue 2;
                    }
                }
                $forms[(string) $locale] = $list;
            }
            // Nothing is stored when any locale's definitions have a problem (see below).
            $next['forms'] = $forms + (is_array($current['forms'] ?? null) ? array_diff_key($current['forms'], $forms) : []);
        }
        if ($problems === [] && $next !== $current) {
            update_option(self::OPTION, $next, false);
            do_action('kestrel_headless_settings_saved', $current, $next);
        }
        return $problems;
    }
}
