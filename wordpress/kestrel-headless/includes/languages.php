<?php
/**
 * Which language a document is in, and its translations. Polylang or WPML when one is
 * active; otherwise the plugin's own model: a `kestrel_locale` and a
 * `kestrel_translation_of` field on each page, post and popup (the document panel in the
 * editor), the locales listed in the settings, and one set of categories and tags whose
 * names are translated in term fields. A translation may keep the original's slug (`about`
 * in English and German; includes/translated-slugs.php) or have its own (`ueber-uns`).
 * includes/polylang-migration.php moves the built-in model into Polylang's languages.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Languages
{
    public const META_LOCALE = 'kestrel_locale';
    public const META_ORIGINAL = 'kestrel_translation_of';

    public static function boot(): void
    {
        // Popups are translated documents too (the site asks for a popup in a locale).
        add_filter('pll_get_post_types', static function (mixed $types): mixed {
            return is_array($types) ? $types + [ContentTypes::POPUP => ContentTypes::POPUP] : $types;
        });
        add_filter('pll_context', [self::class, 'polylangContext']);
    }

    /**
     * Polylang takes a request for REST only when its path starts with the REST prefix
     * (`api/`, includes/rest.php); `/wp-json/…`, which answers the same routes, would get
     * its front-end context instead: a current language from the URL (the default one),
     * which then filters every query without a `lang` and the menu locations. The same
     * context for both prefixes keeps `/wp-json/` answering as `/api/` does
     * (docs/wordpress.md).
     */
    public static function polylangContext(mixed $class): mixed
    {
        $path = (string) wp_parse_url((string) ($_SERVER['REQUEST_URI'] ?? ''), PHP_URL_PATH);
        $home = trim((string) wp_parse_url(home_url(), PHP_URL_PATH), '/');
        $path = ltrim($path, '/');
        if ($home !== '' && str_starts_with($path, $home . '/')) {
            $path = substr($path, strlen($home) + 1);
        }
        if (($path === 'wp-json' || str_starts_with($path, 'wp-json/')) && class_exists('PLL_REST_Request') && !is_admin()) {
            return 'PLL_REST_Request';
        }
        return $class;
    }

    public static function mode(): string
    {
        // Polylang counts once it has a language: from its activation until the first
        // language exists (or the migration makes them), the built-in locales answer, so
        // activating it never leaves the site without a locale to serve.
        if (function_exists('pll_languages_list') && function_exists('pll_get_post_language') && pll_languages_list() !== []) {
            return 'polylang';
        }
        if (defined('ICL_SITEPRESS_VERSION') && has_filter('wpml_active_languages')) {
            return 'wpml';
        }
        return 'builtin';
    }

    /** @return list<string> */
    public static function locales(): array
    {
        return match (self::mode()) {
            'polylang' => array_values(array_map('strval', (array) pll_languages_list(['fields' => 'slug']))),
            'wpml' => array_values(array_map('strval', array_keys((array) apply_filters('wpml_active_languages', null, ['skip_missing' => 0])))),
            default => Settings::builtinLocales(),
        };
    }

    public static function defaultLocale(): string
    {
        return match (self::mode()) {
            'polylang' => (string) pll_default_language('slug'),
            'wpml' => (string) apply_filters('wpml_default_language', null),
            default => Settings::builtinLocales()[0],
        };
    }

    public static function isLocale(string $locale): bool
    {
        return in_array($locale, self::locales(), true);
    }

    public static function name(string $locale): string
    {
        if (self::mode() === 'polylang' && function_exists('PLL')) {
            $language = PLL()->model->get_language($locale);
            if ($language) {
                return (string) $language->name;
            }
        }
        if (self::mode() === 'wpml') {
            $languages = (array) apply_filters('wpml_active_languages', null, ['skip_missing' => 0]);
            if (isset($languages[$locale]['native_name'])) {
                return (string) $languages[$locale]['native_name'];
            }
        }
        return Settings::languageName($locale);
    }

    /** The URL prefix of a locale on the site: none for the default locale. */
    public static function prefix(string $locale): string
    {
        return $locale === self::defaultLocale() ? '' : '/' . $locale;
    }

    public static function ofPost(int $postId): string
    {
        return match (self::mode()) {
            'polylang' => (string) (pll_get_post_language($postId, 'slug') ?: self::defaultLocale()),
            'wpml' => (string) ((apply_filters('wpml_post_language_details', null, $postId)['language_code'] ?? '') ?: self::defaultLocale()),
            default => self::builtinLocaleOf($postId),
        };
    }

    /** A document's locale in the built-in model (its `kestrel_locale`, else the first locale). */
    public static function builtinLocaleOf(int $postId): string
    {
        $locale = (string) get_post_meta($postId, self::META_LOCALE, true);
        return $locale !== '' && in_array($locale, Settings::builtinLocales(), true) ? $locale : Settings::builtinLocales()[0];
    }

    /**
     * The translations of a document, by locale (the document itself included).
     * @return array<string, int>
     */
    public static function translations(\WP_Post $post): array
    {
        if (self::mode() === 'polylang') {
            $linked = array_map('intval', (array) pll_get_post_translations($post->ID)) ?: [self::ofPost($post->ID) => $post->ID];
            // In the order of the languages (the default first), as the built-in model lists them: Polylang keeps the order of linking.
            $out = [];
            foreach (self::locales() as $locale) {
                if (isset($linked[$locale])) {
                    $out[$locale] = $linked[$locale];
                }
            }
            return $out + $linked;
        }
        if (self::mode() === 'wpml') {
            $out = [];
            foreach (self::locales() as $locale) {
                $id = (int) apply_filters('wpml_object_id', $post->ID, $post->post_type, false, $locale);
                if ($id > 0) {
                    $out[$locale] = $id;
                }
            }
            return $out ?: [self::ofPost($post->ID) => $post->ID];
        }
        $original = self::originalId($post);
        $ids = get_posts([
            'post_type' => $post->post_type,
            'post_status' => 'any',
            'fields' => 'ids',
            'posts_per_page' => 50,
            'meta_query' => [['key' => self::META_ORIGINAL, 'value' => $original]],
            'no_found_rows' => true,
            'suppress_filters' => true,
        ]);
        $out = [self::ofPost($original) => $original];
        foreach ($ids as $id) {
            $out[self::ofPost((int) $id)] ??= (int) $id;
        }
        return $out;
    }

    /** The id shared by a document's translations (the sitemap's key, the revalidation tags). */
    public static function groupId(\WP_Post $post): int
    {
        if (self::mode() === 'builtin') {
            return self::originalId($post);
        }
        $translations = self::translations($post);
        return (int) ($translations[self::defaultLocale()] ?? min($translations ?: [$post->ID]));
    }

    private static function originalId(\WP_Post $post): int
    {
        $original = (int) get_post_meta($post->ID, self::META_ORIGINAL, true);
        return $original > 0 && $original !== $post->ID ? $original : $post->ID;
    }

    /**
     * WP_Query arguments that keep a query to one locale.
     * @return array<string, mixed>
     */
    public static function queryArgs(string $locale): array
    {
        if (self::mode() === 'polylang') {
            return ['lang' => $locale];
        }
        if (self::mode() === 'wpml') {
            do_action('wpml_switch_language', $locale);
            return ['suppress_filters' => false];
        }
        if ($locale === Settings::builtinLocales()[0]) {
            return ['meta_query' => ['relation' => 'OR',
                ['key' => self::META_LOCALE, 'compare' => 'NOT EXISTS'],
                ['key' => self::META_LOCALE, 'value' => ['', $locale], 'compare' => 'IN'],
            ]];
        }
        return ['meta_query' => [['key' => self::META_LOCALE, 'value' => $locale]]];
    }

    /** The published-or-not document of a type with this path (pages: `services/cloud`), in a locale. */
    public static function findByPath(string $path, string $locale, string $type, array $statuses = ['publish']): ?\WP_Post
    {
        $segments = array_values(array_filter(explode('/', $path), static fn ($segment) => $segment !== ''));
        if ($segments === []) {
            return null;
        }
        $hierarchical = is_post_type_hierarchical($type);
        $parent = 0;
        $found = null;
        foreach ($segments as $index => $segment) {
            $last = $index === count($segments) - 1;
            $args = [
                'post_type' => $type,
                'name' => sanitize_title($segment),
                'post_status' => $last ? $statuses : ['publish', 'private', 'draft', 'pending', 'future'],
                'posts_per_page' => 5,
                'no_found_rows' => true,
                'ignore_sticky_posts' => true,
                'orderby' => 'ID',
                'order' => 'ASC',
            ] + self::queryArgs($locale);
            if ($hierarchical) {
                $args['post_parent'] = $parent;
            } elseif (count($segments) > 1) {
                return null;
            }
            $candidates = get_posts($args);
            $found = null;
            foreach ($candidates as $candidate) {
                if (self::ofPost($candidate->ID) === $locale) {
                    $found = $candidate;
                    break;
                }
            }
            if (!$found) {
                return null;
            }
            $parent = $found->ID;
        }
        return $found;
    }

    /** A document's path on the site without the locale prefix: `about`, `services/cloud` (pages), the slug (others). */
    public static function pathOf(\WP_Post $post): string
    {
        if (!is_post_type_hierarchical($post->post_type)) {
            return $post->post_name;
        }
        $parts = [$post->post_name];
        $parent = $post->post_parent;
        $guard = 0;
        while ($parent > 0 && $guard++ < 20) {
            $ancestor = get_post($parent);
            if (!$ancestor) {
                break;
            }
            array_unshift($parts, $ancestor->post_name);
            $parent = $ancestor->post_parent;
        }
        return implode('/', array_filter($parts, static fn ($part) => $part !== ''));
    }

    /** A term's name in a locale (built-in model: the term's translated name field). */
    public static function termName(\WP_Term $term, string $locale): string
    {
        if (self::mode() === 'builtin' && $locale !== self::defaultLocale()) {
            $names = get_term_meta($term->term_id, 'kestrel_names', true);
            if (is_array($names) && is_string($names[$locale] ?? null) && $names[$locale] !== '') {
                return Util::text($names[$locale]);
            }
        }
        return Util::text($term->name);
    }

    public static function termDescription(\WP_Term $term, string $locale): string
    {
        if (self::mode() === 'builtin' && $locale !== self::defaultLocale()) {
            $descriptions = get_term_meta($term->term_id, 'kestrel_descriptions', true);
            if (is_array($descriptions) && is_string($descriptions[$locale] ?? null) && $descriptions[$locale] !== '') {
                return $descriptions[$locale];
            }
        }
        return $term->description;
    }

    /** The term of this taxonomy and slug in a locale. */
    public static function termBySlug(string $taxonomy, string $slug, string $locale): ?\WP_Term
    {
        $args = ['taxonomy' => $taxonomy, 'slug' => sanitize_title($slug), 'hide_empty' => false, 'number' => 1];
        if (self::mode() === 'polylang') {
            $args['lang'] = $locale;
        }
        $terms = get_terms($args);
        return is_array($terms) && isset($terms[0]) && $terms[0] instanceof \WP_Term ? $terms[0] : null;
    }

    /** The menu location that holds a location's menu in a locale. */
    public static function menuLocation(string $location, string $locale): string
    {
        if ($locale === self::defaultLocale() || self::mode() === 'wpml') {
            return $location;
        }
        if (self::mode() === 'polylang' && function_exists('PLL') && isset(PLL()->nav_menu) && method_exists(PLL()->nav_menu, 'combine_location')) {
            $language = PLL()->model->get_language($locale);
            return $language ? (string) PLL()->nav_menu->combine_location($location, $language) : $location;
        }
        return $location . '__' . $locale;
    }

    /** The menu id of a location in a locale, or 0. */
    public static function menuId(string $location, string $locale): int
    {
        if (self::mode() === 'polylang' && function_exists('PLL') && isset(PLL()->options)) {
            // Polylang keeps each language's menu of a location in its own option
            // (`nav_menus`, what Appearance → Menus → Manage locations saves per language);
            // the theme's locations hold only the default language's, and which of them
            // get_nav_menu_locations() shows depends on Polylang's context of the request.
            $menus = PLL()->options['nav_menus'] ?? [];
            $id = (int) ($menus[get_option('stylesheet')][$location][$locale] ?? 0);
            if ($id > 0 && term_exists($id, 'nav_menu')) {
                return $id;
            }
            if ($locale !== self::defaultLocale()) {
                return 0;
            }
        }
        $locations = get_nav_menu_locations();
        $id = (int) ($locations[self::menuLocation($location, $locale)] ?? 0);
        if (self::mode() === 'wpml' && $id > 0) {
            $id = (int) apply_filters('wpml_object_id', $id, 'nav_menu', true, $locale);
        }
        return $id;
    }
}
