<?php
/**
 * Content types beyond pages and posts (docs/content-api.md, Content types; decision 029):
 * every post type registered with `show_in_rest` and listed by the filter
 * `kestrel_headless_item_types` is answered at `/api/v1/items/{type}` (its listing) and
 * `/api/v1/items/{type}/{slug}` (one item), in the page answer's frame. Items are named by
 * type and slug: the site builds their paths from its own configuration. The demo type,
 * `case_study`, is registered here, with its facts as ACF (or SCF) fields where ACF is
 * active.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Items
{
    public const DEMO_TYPE = 'case_study';
    /** The facts of a case study: field name => label (ACF's field group, and the seed's order). */
    public const DEMO_FIELDS = ['client' => 'Client', 'industry' => 'Industry', 'size' => 'Size', 'services' => 'Services', 'result' => 'Result'];
    /** An item's labelled facts where ACF holds none: a list of { label, value }, in the item's own language. */
    public const META_FIELDS = 'kestrel_item_fields';

    public static function boot(): void
    {
        add_action('init', [self::class, 'registerDemo'], 4);
        add_action('acf/init', [self::class, 'registerDemoFields']);
        // Polylang translates items like posts (the site asks for an item in a locale). It asks
        // before the types are registered, so by name, as for popups.
        add_filter('pll_get_post_types', static function (mixed $types): mixed {
            if (!is_array($types)) {
                return $types;
            }
            foreach (self::configuredTypes() as $type) {
                $types[$type] = $type;
            }
            return $types;
        });
    }

    /** The type names the filter lists, registered or not. @return list<string> */
    public static function configuredTypes(): array
    {
        $types = apply_filters('kestrel_headless_item_types', [self::DEMO_TYPE]);
        $types = is_array($types) ? $types : [];
        return array_values(array_filter(array_map('strval', $types), static fn (string $type) => preg_match('/^[a-z0-9_-]{1,20}$/', $type) === 1));
    }

    /** The types answered as items: the filter's, where WordPress has them with show_in_rest. @return list<string> */
    public static function types(): array
    {
        return array_values(array_filter(self::configuredTypes(), static function (string $type): bool {
            $object = get_post_type_object($type);
            return $object !== null && $object->show_in_rest;
        }));
    }

    /**
     * The site's base path of a type in a locale, for the editor's "Preview on site" links
     * only (the site owns the paths, app/config/site.ts `content.types`): the filter
     * `kestrel_headless_item_base`, by default the demo's (`case-studies`, `fallstudien`),
     * else the type's rewrite slug.
     */
    public static function base(string $type, string $locale): string
    {
        $object = get_post_type_object($type);
        $rewrite = $object && is_array($object->rewrite) ? (string) ($object->rewrite['slug'] ?? $type) : $type;
        $default = $type === self::DEMO_TYPE && $locale === 'de' ? 'fallstudien' : $rewrite;
        return (string) apply_filters('kestrel_headless_item_base', $default, $type, $locale);
    }

    public static function isItem(\WP_Post $post): bool
    {
        return in_array($post->post_type, self::types(), true);
    }

    public static function registerDemo(): void
    {
        register_post_type(self::DEMO_TYPE, [
            'labels' => [
                'name' => __('Case studies', 'kestrel-headless'),
                'singular_name' => __('Case study', 'kestrel-headless'),
                'add_new_item' => __('Add new case study', 'kestrel-headless'),
                'edit_item' => __('Edit case study', 'kestrel-headless'),
            ],
            'description' => __('Shown on the site under the base path its configuration gives case studies.', 'kestrel-headless'),
            'public' => true,
            'show_in_rest' => true,
            'rest_base' => 'case_study',
            'menu_icon' => 'dashicons-portfolio',
            'supports' => ['title', 'editor', 'excerpt', 'thumbnail', 'author', 'custom-fields', 'revisions'],
            'has_archive' => false,
            'rewrite' => ['slug' => 'case-studies', 'with_front' => false],
        ]);
        $auth = static fn () => current_user_can('edit_posts');
        register_post_meta(self::DEMO_TYPE, self::META_FIELDS, [
            'type' => 'array',
            'single' => true,
            'default' => [],
            'description' => 'The labelled facts of the item (client, industry, …) where ACF holds none.',
            'show_in_rest' => ['schema' => ['type' => 'array', 'items' => ['type' => 'object', 'properties' => ['label' => ['type' => 'string'], 'value' => ['type' => 'string']], 'additionalProperties' => false]]],
            'auth_callback' => $auth,
        ]);
    }

    /** The case study's facts as an ACF field group (SCF is ACF-compatible), shown beside the editor. */
    public static function registerDemoFields(): void
    {
        if (!function_exists('acf_add_local_field_group')) {
            return;
        }
        $fields = [];
        foreach (self::DEMO_FIELDS as $name => $label) {
            $fields[] = ['key' => 'field_kestrel_case_study_' . $name, 'label' => $label, 'name' => $name, 'type' => 'text'];
        }
        acf_add_local_field_group([
            'key' => 'group_kestrel_case_study',
            'title' => 'Case study facts',
            'fields' => $fields,
            'location' => [[['param' => 'post_type', 'operator' => '==', 'value' => self::DEMO_TYPE]]],
            'position' => 'side',
            'show_in_rest' => true,
        ]);
    }

    /**
     * The item's facts: its ACF fields with their labels where ACF holds any values, else
     * the plugin's own list. Plain text, in the order to show them. In a preview of unsaved
     * changes, the ACF fields as the editor left them: "Preview on site" posts the field
     * group's box, and ACF keeps its fields with the autosave (Previews::document).
     * @return list<array{label: string, value: string}>
     */
    public static function fields(\WP_Post $post): array
    {
        $list = [];
        if (function_exists('get_field_objects')) {
            $autosave = Previews::autosaveId($post);
            $objects = $autosave !== 0 ? get_field_objects($autosave) : false;
            if (!is_array($objects) || $objects === []) {
                $objects = get_field_objects($post->ID);
            }
            foreach (is_array($objects) ? $objects : [] as $object) {
                $value = is_scalar($object['value'] ?? null) ? Util::text((string) $object['value']) : '';
                if ($value !== '' && is_string($object['label'] ?? null)) {
                    $list[] = ['label' => Util::text($object['label']), 'value' => $value];
                }
            }
        }
        if ($list !== []) {
            return array_slice($list, 0, 30);
        }
        $stored = get_post_meta($post->ID, self::META_FIELDS, true);
        foreach (is_array($stored) ? $stored : [] as $field) {
            if (is_array($field) && is_string($field['label'] ?? null) && is_string($field['value'] ?? null) && $field['value'] !== '') {
                $list[] = ['label' => Util::text($field['label']), 'value' => Util::text($field['value'])];
            }
        }
        return array_slice($list, 0, 30);
    }

    /** Published items of a type in a locale, newest first. @return array{posts: list<\WP_Post>, total: int} */
    public static function query(string $type, string $locale, array $args = []): array
    {
        return Documents::queryPosts($locale, ['post_type' => $type] + $args);
    }

    /** The translations of an item, each with its slug (the site builds the link). @return list<array<string, mixed>> */
    private static function languages(\WP_Post $post, string $locale): array
    {
        $list = [];
        foreach (Languages::translations($post) as $code => $id) {
            $translation = get_post($id);
            if (!$translation || $translation->post_status !== 'publish' || !Languages::isLocale((string) $code)) {
                continue;
            }
            $list[] = ['code' => (string) $code, 'name' => Languages::name((string) $code), 'url' => (string) get_permalink($translation), 'slug' => $translation->post_name, 'active' => $code === $locale];
        }
        return $list;
    }

    /** The crumbs up to the listing: the home page; the site adds the listing and the item. */
    private static function homeCrumb(string $locale): array
    {
        $front = Documents::frontPage($locale);
        // "Home" in every locale, as the embedded CMS (cms/items.ts) and includes/documents.php.
        return [['url' => Languages::prefix($locale) . '/', 'title' => $front ? Util::title($front) : 'Home']];
    }

    /** One item's page result. @return array<string, mixed> */
    public static function itemResult(\WP_Post $post, string $locale, bool $dev): array
    {
        $summary = Documents::summary($post, $locale);
        $content = (string) apply_filters('the_content', $post->post_content);
        $excerpt = Util::text(get_the_excerpt($post));
        return [
            'id' => $post->ID,
            'slug' => $post->post_name,
            'title' => Util::title($post),
            'type' => 'item',
            'item_type' => $post->post_type,
            'featured_image' => Documents::image($post) ?? false,
            'dev_mode' => $dev,
            'lang' => self::languages($post, $locale),
            'meta' => Seo::meta($post, Util::title($post), $excerpt, Documents::image($post)),
            'schema' => Seo::schema($post),
            'options' => ['layout' => 'default'],
            'admin_bar' => ['dashboard_url' => admin_url(), 'edit_post_url' => admin_url('post.php?post=' . $post->ID . '&action=edit'), 'page_layout' => 'single'],
            'chat' => Settings::chatFor($post),
            'content' => [
                'blog_post' => $summary + ['content' => $content, 'fields' => self::fields($post)],
                'breadcrumbs' => self::homeCrumb($locale),
            ],
        ];
    }

    /** A type's listing: its first page. @return array<string, mixed> */
    public static function archiveResult(string $type, string $locale, bool $dev): array
    {
        $object = get_post_type_object($type);
        $title = $object ? Util::text((string) $object->labels->name) : $type;
        $listed = self::query($type, $locale);
        $languages = [];
        foreach (Languages::locales() as $code) {
            if (self::query($type, $code, ['posts_per_page' => 1, 'no_found_rows' => true])['posts'] !== []) {
                $languages[] = ['code' => $code, 'name' => Languages::name($code), 'url' => Languages::prefix($code) . '/', 'active' => $code === $locale];
            }
        }
        return [
            'slug' => $type,
            'title' => $title,
            'type' => 'archive',
            'item_type' => $type,
            'dev_mode' => $dev,
            'lang' => $languages,
            'meta' => ['title' => $title . ' – ' . Util::text(get_bloginfo('name')), 'description' => $title . ' – ' . Util::text(get_bloginfo('name'))],
            'options' => ['layout' => 'default'],
            'chat' => ($front = Documents::frontPage($locale)) ? Settings::chatFor($front) : false,
            'content' => [
                'filtered_blogs' => array_map(static fn ($post) => Documents::summary($post, $locale), $listed['posts']),
                'pagination' => ['page' => 1, 'per_page' => Documents::PER_PAGE, 'total' => $listed['total'], 'total_pages' => (int) ceil($listed['total'] / Documents::PER_PAGE)],
                'breadcrumbs' => self::homeCrumb($locale),
            ],
        ];
    }
}
