<?php
/**
 * Tells the site what changed (docs/content-api.md, Revalidation):
 *
 *   POST {site URL}/api/revalidate
 *   Authorization: Bearer {REVALIDATE_SECRET}, Content-Type: application/json
 *   {"tags": ["page:about", "post:new-office", "popup:newsletter", "form:1", "menus", "options", "all"], "paths": ["/about"]}
 *
 * Tags are collected during a request (a save, a trash, a menu or settings change; a slug
 * change gives the old and the new) and sent once at its end, after the answer is
 * finished where the server allows it (PHP-FPM), with a 3 s timeout. A failure or a 404
 * (a site without the endpoint yet) never breaks the save: it is only recorded and shown
 * on the settings page.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Revalidate
{
    public const LAST_OPTION = 'kestrel_headless_last_revalidation';

    /** @var array<string, true> */
    private static array $tags = [];
    /** @var array<string, true> */
    private static array $paths = [];
    private static bool $scheduled = false;

    public static function boot(): void
    {
        add_action('transition_post_status', [self::class, 'onStatus'], 10, 3);
        add_action('post_updated', [self::class, 'onUpdate'], 10, 3);
        add_action('before_delete_post', [self::class, 'onDelete']);
        add_action('wp_update_nav_menu', [self::class, 'onMenu']);
        add_action('wp_delete_nav_menu', [self::class, 'onMenu']);
        add_action('update_option_theme_mods_' . get_option('stylesheet'), [self::class, 'onMenu']);
        add_action('kestrel_headless_settings_saved', [self::class, 'onSettings'], 10, 2);
        add_action('update_option_blogname', static fn () => self::add(['options']));
        add_action('update_option_sidebars_widgets', static fn () => self::add(['all']));
        // An SEO plugin saves its fields in their own request after the post's (Rank Math's
        // editor sidebar calls its updateMeta route), so the post's revalidation may come
        // before them: their fields purge the post again.
        foreach (['added_post_meta', 'updated_post_meta', 'deleted_post_meta'] as $hook) {
            add_action($hook, [self::class, 'onSeoMeta'], 10, 3);
        }
        foreach (['edited_term', 'created_term', 'delete_term'] as $hook) {
            add_action($hook, static fn ($termId = 0, $ttId = 0, $taxonomy = '') => in_array($taxonomy, ['category', 'post_tag'], true) ? self::add(['all']) : null, 10, 3);
        }
    }

    /** @param list<string> $tags */
    public static function add(array $tags, array $paths = []): void
    {
        foreach ($tags as $tag) {
            self::$tags[$tag] = true;
        }
        foreach ($paths as $path) {
            self::$paths[$path] = true;
        }
        if (!self::$scheduled) {
            self::$scheduled = true;
            add_action('shutdown', [self::class, 'send'], 1000);
        }
    }

    /** The tags and paths a document touches. @return array{0: list<string>, 1: list<string>} */
    public static function tagsOf(\WP_Post $post): array
    {
        if ($post->post_type === ContentTypes::POPUP) {
            return [['popup:' . $post->post_name, 'popup:' . $post->ID], []];
        }
        if ($post->post_type === 'post') {
            return [['post:' . $post->post_name], [Documents::siteUrlPath($post)]];
        }
        if ($post->post_type === 'page') {
            return [['page:' . Documents::pageName($post)], [Documents::siteUrlPath($post)]];
        }
        if (Items::isItem($post)) {
            // The site knows the item's path; the tag reaches it, its listing and search (decision 029).
            return [['item:' . $post->post_type . '/' . $post->post_name], []];
        }
        return [[], []];
    }

    private static function relevant(\WP_Post $post): bool
    {
        return (in_array($post->post_type, ['post', 'page', ContentTypes::POPUP], true) || Items::isItem($post)) && !wp_is_post_revision($post) && !wp_is_post_autosave($post) && $post->post_name !== '';
    }

    /** Publish, unpublish, trash, restore: anything that is or was public. */
    public static function onStatus(string $new, string $old, \WP_Post $post): void
    {
        if (self::relevant($post) && ($new === 'publish' || $old === 'publish')) {
            [$tags, $paths] = self::tagsOf($post);
            self::add($tags, $paths);
        }
    }

    /** A published document's save, with its old slug or path too when that changed. */
    public static function onUpdate(int $postId, \WP_Post $after, \WP_Post $before): void
    {
        if (!self::relevant($after) || ($after->post_status !== 'publish' && $before->post_status !== 'publish')) {
            return;
        }
        [$tags, $paths] = self::tagsOf($after);
        if ($before->post_name !== '' && ($before->post_name !== $after->post_name || $before->post_parent !== $after->post_parent)) {
            [$oldTags, $oldPaths] = self::tagsOf($before);
            $tags = array_merge($tags, $oldTags);
            $paths = array_merge($paths, $oldPaths);
        }
        self::add($tags, $paths);
    }

    public static function onDelete(int $postId): void
    {
        $post = get_post($postId);
        if ($post && self::relevant($post) && $post->post_status === 'publish') {
            [$tags, $paths] = self::tagsOf($post);
            self::add($tags, $paths);
        }
    }

    /** @param int|list<int> $metaIds */
    public static function onSeoMeta(int|array $metaIds, int $postId, string $key): void
    {
        if (!str_starts_with($key, 'rank_math_') && !str_starts_with($key, '_yoast_wpseo_')) {
            return;
        }
        $post = get_post($postId);
        if ($post && self::relevant($post) && $post->post_status === 'publish') {
            [$tags, $paths] = self::tagsOf($post);
            self::add($tags, $paths);
        }
    }

    public static function onMenu(): void
    {
        self::add(['menus']);
    }

    public static function onSettings(array $before, array $after): void
    {
        $tags = ['options'];
        $forms = static fn (array $settings) => is_array($settings['forms'] ?? null) ? $settings['forms'] : [];
        foreach (array_unique(array_merge(array_keys($forms($before)), array_keys($forms($after)))) as $locale) {
            $old = (array) ($forms($before)[$locale] ?? []);
            $new = (array) ($forms($after)[$locale] ?? []);
            foreach (array_unique(array_merge(array_keys($old), array_keys($new))) as $id) {
                if (wp_json_encode($old[$id] ?? null) !== wp_json_encode($new[$id] ?? null)) {
                    $tags[] = 'form:' . $id;
                }
            }
        }
        self::add(array_values(array_unique($tags)));
    }

    /** The call itself (at shutdown). Records its outcome; never throws. */
    public static function send(): void
    {
        $tags = array_keys(self::$tags);
        $paths = array_keys(self::$paths);
        self::$tags = [];
        self::$paths = [];
        self::$scheduled = false;
        $site = Settings::siteUrl();
        $secret = Settings::revalidateSecret();
        if ($tags === [] || $site === '' || $secret === '') {
            return;
        }
        if (function_exists('fastcgi_finish_request')) {
            fastcgi_finish_request();
        }
        $body = ['tags' => $tags];
        if ($paths !== []) {
            $body['paths'] = $paths;
        }
        $response = wp_remote_post($site . '/api/revalidate', [
            'timeout' => 3,
            'redirection' => 0,
            'headers' => ['Authorization' => 'Bearer ' . $secret, 'Content-Type' => 'application/json'],
            'body' => wp_json_encode($body),
        ]);
        $status = is_wp_error($response) ? 0 : (int) wp_remote_retrieve_response_code($response);
        update_option(self::LAST_OPTION, [
            'time' => time(),
            'tags' => $tags,
            'paths' => $paths,
            'status' => $status,
            'error' => is_wp_error($response) ? $response->get_error_message() : '',
        ], false);
    }
}
