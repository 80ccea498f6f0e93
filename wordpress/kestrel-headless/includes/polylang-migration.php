<?php
/**
 * Moves a site from the plugin's built-in languages (includes/languages.php: the
 * `kestrel_locale` and `kestrel_translation_of` fields of each document, one set of terms
 * with translated names in term fields, one menu location per other locale) into
 * Polylang's languages, as docs/wordpress.md describes:
 *
 *   1. a Polylang language for each locale of the settings (the first one is the default)
 *      that Polylang does not have yet;
 *   2. each page, post and popup without a Polylang language gets its `kestrel_locale`;
 *      translations are linked as `kestrel_translation_of` links them;
 *   3. each category and tag without a language gets the default one, and a translation in
 *      every other locale (its name and description from the term fields) keeping the
 *      original's slug, so `/de/blog/category/news` stays; posts of another locale move
 *      to their locale's terms;
 *   4. each menu location gets, per language, the menu of the built-in location
 *      (`primary__de`) in Polylang's own option, unless one is set already.
 *
 * Idempotent: whatever already has a language, a translation or a menu keeps it, so a
 * second run changes nothing (its report says 0 everywhere). Runs from the settings page's
 * button (includes/settings-page.php) and from `php scripts/wordpress/wp-boot.php
 * migrate-polylang`, which `npm run wordpress` calls after seeding.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class PolylangMigration
{
    /** WordPress locales of the codes the plugin's settings name most (others: Polylang's own list). */
    private const WP_LOCALES = ['en' => 'en_US', 'de' => 'de_DE', 'fr' => 'fr_FR', 'es' => 'es_ES', 'it' => 'it_IT', 'nl' => 'nl_NL', 'pt' => 'pt_PT', 'pl' => 'pl_PL'];

    public static function available(): bool
    {
        return function_exists('PLL') && function_exists('pll_set_post_language') && function_exists('pll_save_post_translations')
            && isset(PLL()->model) && isset(PLL()->model->languages);
    }

    /**
     * @return array{languages: int, documents: int, translations: int, terms: int, term_translations: int, post_terms: int, menus: int}|\WP_Error
     */
    public static function run(): array|\WP_Error
    {
        if (!self::available()) {
            // Its model's `languages` and options object (what this uses) came with Polylang 3.7.
            return new \WP_Error('kestrel_no_polylang', __('Polylang 3.7 or later is not active.', 'kestrel-headless'));
        }
        // The locales of the built-in model, read before Polylang's languages change mode().
        $locales = Settings::builtinLocales();
        $report = ['languages' => 0, 'documents' => 0, 'translations' => 0, 'terms' => 0, 'term_translations' => 0, 'post_terms' => 0, 'menus' => 0];

        $added = self::addLanguages($locales);
        if ($added instanceof \WP_Error) {
            return $added;
        }
        $report['languages'] = $added;
        $default = (string) pll_default_language('slug');

        [$report['documents'], $report['translations']] = self::migrateDocuments($default);
        [$report['terms'], $report['term_translations'], $report['post_terms']] = self::migrateTerms($locales, $default);
        $report['menus'] = self::migrateMenus($locales, $default);
        if (array_sum($report) > 0) {
            // Rebuilt on the next request, with every rule of this plugin and Polylang's registered.
            update_option('kestrel_headless_flush_rewrites', 1);
            // Languages, links, terms and menus change on every page: the site drops everything it keeps.
            Revalidate::add(['all']);
        }
        return $report;
    }

    /** @param list<string> $locales */
    private static function addLanguages(array $locales): int|\WP_Error
    {
        $existing = array_map('strval', (array) pll_languages_list(['fields' => 'slug']));
        $added = 0;
        foreach ($locales as $order => $code) {
            if (in_array($code, $existing, true)) {
                continue;
            }
            $language = PLL()->model->languages->add([
                'name' => Settings::languageName($code),
                'slug' => $code,
                'locale' => self::wpLocale($code),
                'rtl' => false,
                'term_group' => $order,
                // The default category's translations come from the terms below (step 3).
                'no_default_cat' => true,
            ]);
            if ($language instanceof \WP_Error) {
                return new \WP_Error('kestrel_polylang_language', sprintf(/* translators: 1: a locale, 2: Polylang's error */ __('Could not add the language %1$s: %2$s', 'kestrel-headless'), $code, $language->get_error_message()));
            }
            $added++;
        }
        return $added;
    }

    private static function wpLocale(string $code): string
    {
        if (isset(self::WP_LOCALES[$code])) {
            return self::WP_LOCALES[$code];
        }
        if (preg_match('/^([a-z]{2})-([A-Za-z]{2})$/', $code, $parts) === 1) {
            return $parts[1] . '_' . strtoupper($parts[2]);
        }
        $known = defined('POLYLANG_DIR') && is_file(POLYLANG_DIR . '/src/settings/languages.php') ? (array) include POLYLANG_DIR . '/src/settings/languages.php' : [];
        foreach ($known as $locale => $language) {
            if (is_array($language) && ($language['code'] ?? '') === $code) {
                return (string) $locale;
            }
        }
        return $code;
    }

    /** @return array{int, int} documents given a language, translation groups linked */
    private static function migrateDocuments(string $default): array
    {
        global $wpdb;
        $types = array_merge(['page', 'post', ContentTypes::POPUP], Items::types());
        $placeholders = implode(',', array_fill(0, count($types), '%s'));
        // Straight from the table: Polylang filters queries by the request's language.
        $ids = array_map('intval', $wpdb->get_col($wpdb->prepare(
            "SELECT ID FROM $wpdb->posts WHERE post_type IN ($placeholders) AND post_status NOT IN ('trash', 'auto-draft', 'inherit') ORDER BY ID",
            ...$types
        )));
        $assigned = 0;
        foreach ($ids as $id) {
            if (pll_get_post_language($id, 'slug')) {
                continue;
            }
            $meta = (string) get_post_meta($id, Languages::META_LOCALE, true);
            $locale = $meta !== '' && PLL()->model->get_language($meta) ? $meta : $default;
            pll_set_post_language($id, $locale);
            $assigned++;
        }

        // Translation groups as the built-in fields link them: the original and what names it.
        $groups = [];
        foreach ($ids as $id) {
            $original = (int) get_post_meta($id, Languages::META_ORIGINAL, true);
            $key = $original > 0 && $original !== $id && in_array($original, $ids, true) ? $original : $id;
            $groups[$key][] = $id;
        }
        $linked = 0;
        foreach ($groups as $original => $members) {
            if (count($members) < 2) {
                continue;
            }
            // Polylang's own links first (an editor's choice stays), then the built-in ones where a language is free.
            $wanted = array_map('intval', (array) pll_get_post_translations($original));
            usort($members, static fn (int $a, int $b) => $a === $original ? -1 : ($b === $original ? 1 : $a <=> $b));
            foreach ($members as $member) {
                $language = (string) pll_get_post_language($member, 'slug');
                if ($language === '' || isset($wanted[$language]) || in_array($member, $wanted, true)) {
                    continue;
                }
                // A document linked elsewhere in Polylang keeps that link.
                $theirs = array_map('intval', (array) pll_get_post_translations($member));
                if (count($theirs) > 1) {
                    continue;
                }
                $wanted[$language] = $member;
            }
            $current = array_map('intval', (array) pll_get_post_translations($original));
            ksort($wanted);
            ksort($current);
            if ($wanted !== $current && count($wanted) > 1) {
                pll_save_post_translations($wanted);
                $linked++;
            }
        }
        return [$assigned, $linked];
    }

    /**
     * @param list<string> $locales
     * @return array{int, int, int} terms given a language, translations made, posts moved to their locale's terms
     */
    private static function migrateTerms(array $locales, string $default): array
    {
        global $wpdb;
        $assigned = 0;
        $made = 0;
        foreach (['category', 'post_tag'] as $taxonomy) {
            $termIds = array_map('intval', $wpdb->get_col($wpdb->prepare("SELECT term_id FROM $wpdb->term_taxonomy WHERE taxonomy = %s ORDER BY term_id", $taxonomy)));
            foreach ($termIds as $termId) {
                if (!pll_get_term_language($termId, 'slug')) {
                    pll_set_term_language($termId, $default);
                    $assigned++;
                }
            }
            foreach ($termIds as $termId) {
                if ((string) pll_get_term_language($termId, 'slug') !== $default) {
                    continue;
                }
                $term = get_term($termId, $taxonomy);
                if (!$term instanceof \WP_Term) {
                    continue;
                }
                $translations = array_map('intval', (array) pll_get_term_translations($termId));
                $translations[$default] = $termId;
                $changed = false;
                foreach ($locales as $locale) {
                    if ($locale === $default || isset($translations[$locale]) || !PLL()->model->get_language($locale)) {
                        continue;
                    }
                    $id = self::translateTerm($term, $locale);
                    if ($id > 0) {
                        $translations[$locale] = $id;
                        $changed = true;
                        $made++;
                    }
                }
                if ($changed) {
                    pll_save_term_translations($translations);
                }
            }
        }

        // Posts of another locale take that locale's translation of each of their terms.
        $moved = 0;
        $postIds = array_map('intval', $wpdb->get_col("SELECT ID FROM $wpdb->posts WHERE post_type = 'post' AND post_status NOT IN ('trash', 'auto-draft', 'inherit')"));
        foreach ($postIds as $postId) {
            $locale = (string) pll_get_post_language($postId, 'slug');
            if ($locale === '' || $locale === $default) {
                continue;
            }
            foreach (['category', 'post_tag'] as $taxonomy) {
                $current = wp_get_object_terms($postId, $taxonomy, ['fields' => 'ids', 'lang' => '']);
                if (!is_array($current) || $current === []) {
                    continue;
                }
                $current = array_map('intval', $current);
                $wanted = array_map(static fn (int $id) => (int) (pll_get_term($id, $locale) ?: $id), $current);
                sort($current);
                sort($wanted);
                $wanted = array_values(array_unique($wanted));
                if ($wanted !== $current) {
                    wp_set_object_terms($postId, $wanted, $taxonomy);
                    $moved++;
                }
            }
        }
        return [$assigned, $made, $moved];
    }

    /**
     * A term's translation in a locale: its name and description from the built-in term
     * fields (else the original's), its parent the parent's translation, its slug the
     * original's (URLs stay; Polylang would suffix `-de`).
     */
    private static function translateTerm(\WP_Term $term, string $locale): int
    {
        $names = get_term_meta($term->term_id, 'kestrel_names', true);
        $descriptions = get_term_meta($term->term_id, 'kestrel_descriptions', true);
        $name = is_array($names) && is_string($names[$locale] ?? null) && $names[$locale] !== '' ? $names[$locale] : $term->name;
        $description = is_array($descriptions) && is_string($descriptions[$locale] ?? null) ? $descriptions[$locale] : $term->description;
        $parent = $term->parent > 0 ? (int) (pll_get_term($term->parent, $locale) ?: 0) : 0;
        // WordPress refuses a second term of the same name under one parent: the original's name is then suffixed.
        $created = wp_insert_term($name, $term->taxonomy, ['slug' => $term->slug . '-' . $locale, 'description' => $description, 'parent' => $parent]);
        if ($created instanceof \WP_Error) {
            $created = wp_insert_term($name . ' (' . $locale . ')', $term->taxonomy, ['slug' => $term->slug . '-' . $locale, 'description' => $description, 'parent' => $parent]);
        }
        if ($created instanceof \WP_Error) {
            return 0;
        }
        $id = (int) $created['term_id'];
        pll_set_term_language($id, $locale);
        if (!self::slugTakenIn($term->slug, $term->taxonomy, $locale, $id)) {
            // Written directly: WordPress and Polylang's slug filters would make it unique across languages.
            global $wpdb;
            $wpdb->update($wpdb->terms, ['slug' => $term->slug], ['term_id' => $id]);
            clean_term_cache($id, $term->taxonomy);
        }
        return $id;
    }

    private static function slugTakenIn(string $slug, string $taxonomy, string $locale, int $except): bool
    {
        global $wpdb;
        $ids = array_map('intval', $wpdb->get_col($wpdb->prepare(
            "SELECT t.term_id FROM $wpdb->terms t JOIN $wpdb->term_taxonomy tt ON tt.term_id = t.term_id WHERE t.slug = %s AND tt.taxonomy = %s AND t.term_id != %d",
            $slug,
            $taxonomy,
            $except
        )));
        foreach ($ids as $id) {
            if ((string) pll_get_term_language($id, 'slug') === $locale) {
                return true;
            }
        }
        return false;
    }

    /** @param list<string> $locales */
    private static function migrateMenus(array $locales, string $default): int
    {
        $theme = (string) get_option('stylesheet');
        $locations = (array) get_theme_mod('nav_menu_locations', []);
        $menus = PLL()->options['nav_menus'] ?? [];
        $menus = is_array($menus) ? $menus : [];
        $set = 0;
        foreach (array_keys(ContentTypes::MENU_LOCATIONS) as $location) {
            foreach ($locales as $locale) {
                if (!PLL()->model->get_language($locale) || !empty($menus[$theme][$location][$locale])) {
                    continue;
                }
                // The built-in model's location of this locale (includes/languages.php menuLocation).
                $builtin = $locale === $default ? $location : $location . '__' . $locale;
                $id = (int) ($locations[$builtin] ?? 0);
                if ($id > 0 && term_exists($id, 'nav_menu')) {
                    $menus[$theme][$location][$locale] = $id;
                    $set++;
                }
            }
        }
        if ($set > 0) {
            $saved = PLL()->options->set('nav_menus', $menus);
            if ($saved instanceof \WP_Error && $saved->has_errors()) {
                return 0;
            }
            PLL()->options->save();
        }
        return $set;
    }

    /** The report as a sentence (the settings page's notice, the harness's log). */
    public static function describe(array $report): string
    {
        return sprintf(
            /* translators: counts of what the migration to Polylang changed */
            __('Polylang: %1$d languages added, %2$d pages, posts and popups given their language, %3$d translation groups linked, %4$d terms given a language, %5$d term translations made, %6$d posts moved to their language\'s terms, %7$d menu locations set.', 'kestrel-headless'),
            $report['languages'] ?? 0,
            $report['documents'] ?? 0,
            $report['translations'] ?? 0,
            $report['terms'] ?? 0,
            $report['term_translations'] ?? 0,
            $report['post_terms'] ?? 0,
            $report['menus'] ?? 0
        );
    }
}
