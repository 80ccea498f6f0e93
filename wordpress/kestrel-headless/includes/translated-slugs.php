<?php
/**
 * A translation may use the slug its original uses (`about` in English and German), as
 * the site's URLs expect, in the built-in language model and with Polylang's languages
 * (includes/languages.php), whose free edition would add WordPress's `-2`: WordPress's
 * unique-slug check counts only documents of the same locale, type and parent.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class TranslatedSlugs
{
    /** The locale of the post being created through REST, before its meta is stored. */
    private static ?string $pendingLocale = null;

    public static function boot(): void
    {
        foreach (['post', 'page', ContentTypes::POPUP, Items::DEMO_TYPE] as $type) {
            add_filter("rest_pre_insert_$type", [self::class, 'rememberPendingLocale'], 10, 2);
        }
        add_filter('wp_unique_post_slug', [self::class, 'allowSlugPerLocale'], 10, 6);
    }

    /** REST: the `meta.kestrel_locale` of a post being created, for the slug check below. */
    public static function rememberPendingLocale(mixed $prepared, \WP_REST_Request $request): mixed
    {
        $meta = $request->get_param('meta');
        $lang = $request->get_param('lang');
        self::$pendingLocale = match (true) {
            // Polylang reads a new document's language from `lang` (its editor sends it).
            Languages::mode() === 'polylang' && is_string($lang) && $lang !== '' => $lang,
            is_array($meta) && is_string($meta[Languages::META_LOCALE] ?? null) => $meta[Languages::META_LOCALE],
            default => null,
        };
        return $prepared;
    }

    /**
     * A translation may use the slug its original uses (`about` in every locale), as long
     * as no document of the same locale, type and parent has it: in the built-in model and
     * with Polylang's languages (its free edition leaves WordPress's `-2` otherwise, so
     * saving the German `about` would rename it and break `/de/about`).
     */
    public static function allowSlugPerLocale(mixed $slug, mixed $postId, mixed $status, mixed $type, mixed $parent, mixed $original): mixed
    {
        // Hook arguments arrive loosely typed (a new post has no id yet).
        [$slug, $postId, $type, $parent, $original] = [(string) $slug, (int) $postId, (string) $type, (int) $parent, (string) $original];
        $mode = Languages::mode();
        if ($slug === $original || $mode === 'wpml' || !in_array($type, array_merge(['post', 'page', ContentTypes::POPUP], Items::types()), true)) {
            return $slug;
        }
        $locale = self::localeOfSaved($postId);
        global $wpdb;
        $sql = "SELECT ID FROM $wpdb->posts WHERE post_name = %s AND post_type = %s AND ID != %d AND post_status NOT IN ('trash', 'auto-draft', 'inherit')";
        $args = [$original, $type, $postId];
        if (is_post_type_hierarchical($type)) {
            $sql .= ' AND post_parent = %d';
            $args[] = $parent;
        }
        $ids = $wpdb->get_col($wpdb->prepare($sql, ...$args));
        foreach ($ids as $id) {
            $other = $mode === 'polylang' ? (string) (pll_get_post_language((int) $id, 'slug') ?: Languages::defaultLocale()) : Languages::builtinLocaleOf((int) $id);
            if ($other === $locale) {
                return $slug;
            }
        }
        return $original;
    }

    /** The locale of a document being saved (a new one: the REST request's, else the default). */
    private static function localeOfSaved(int $postId): string
    {
        if (Languages::mode() === 'polylang') {
            $language = $postId > 0 ? pll_get_post_language($postId, 'slug') : '';
            if (is_string($language) && $language !== '') {
                return $language;
            }
            return self::$pendingLocale !== null && Languages::isLocale(self::$pendingLocale) ? self::$pendingLocale : Languages::defaultLocale();
        }
        $meta = $postId > 0 ? (string) get_post_meta($postId, Languages::META_LOCALE, true) : '';
        return $meta !== '' ? $meta : (self::$pendingLocale ?? Settings::builtinLocales()[0]);
    }
}
