<?php
/**
 * GET /api/v1/redirects (docs/content-api.md, Redirects; docs/decisions/025): the redirects
 * an editor manages here, as rules the site matches before it renders anything.
 *
 * - The Redirection plugin's enabled "URL only" redirects of its WordPress module, in its
 *   order: 301, 302, 303, 307 and 308 to a URL, and 410 (its "Error (410)" action). Its other
 *   matches (login state, referrer, cookie, IP, …) depend on the visitor's request to
 *   WordPress and are left out, as are its other actions.
 * - Renamed documents: core's `_wp_old_slug` for posts, and the plugin's own record of a
 *   page's old paths (core keeps none for pages), each to where the document is now. Like
 *   core's own old-slug redirect, one applies only while nothing else lives at the old path.
 *
 * Targets on this WordPress or on the site become site paths; other absolute URLs stay as
 * the editor wrote them. Every change sends the revalidation tag `redirects`.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Redirects
{
    /** A page's earlier site paths (`/about-us`, `/de/ueber-uns`); posts have core's `_wp_old_slug`. */
    public const OLD_PATH_META = '_kestrel_old_path';
    private const MAX_OLD_PATHS = 20;
    /** Redirection's WordPress module (`WordPress_Module::MODULE_ID`): its other modules write server config files. */
    private const REDIRECTION_MODULE = 1;
    private const STATUSES = [301, 302, 303, 307, 308];

    public static function boot(): void
    {
        add_action('post_updated', [self::class, 'onUpdate'], 10, 3);
        foreach (['redirection_redirect_updated', 'redirection_redirect_deleted', 'redirection_redirect_enabled', 'redirection_redirect_disabled'] as $hook) {
            add_action($hook, static fn () => Revalidate::add(['redirects']));
        }
    }

    public static function route(): \WP_REST_Response
    {
        return new \WP_REST_Response(['result' => ['redirects' => array_merge(self::fromRedirection(), self::fromRenames())]], 200);
    }

    /** @return list<array<string, mixed>> */
    private static function fromRedirection(): array
    {
        if (!class_exists('\Red_Item') || !method_exists('\Red_Item', 'get_all_for_module')) {
            return [];
        }
        $items = \Red_Item::get_all_for_module(self::REDIRECTION_MODULE);
        // Redirection's own order: by position, then the older first.
        usort($items, static fn ($a, $b) => [$a->get_position(), $a->get_id()] <=> [$b->get_position(), $b->get_id()]);
        $rules = [];
        foreach ($items as $item) {
            if ($item->get_match_type() !== 'url') {
                continue;
            }
            $code = $item->get_action_code();
            $type = $item->get_action_type();
            if ($type === 'url' && in_array($code, self::STATUSES, true)) {
                $target = $item->match instanceof \URL_Match ? trim((string) $item->match->url) : '';
                if ($target === '') {
                    continue;
                }
                $target = Util::isOwnUrl($target) ? Util::relativePath($target) : $target;
            } elseif ($type === 'error' && $code === 410) {
                $target = null;
            } else {
                continue;
            }
            $flags = (array) (($item->get_match_data() ?? [])['source'] ?? []);
            $query = (string) ($flags['flag_query'] ?? 'exact');
            $rules[] = [
                'source' => (string) $item->get_url(),
                'regex' => $item->is_regex(),
                'ignore_case' => (bool) ($flags['flag_case'] ?? false),
                'ignore_trailing_slash' => (bool) ($flags['flag_trailing'] ?? false),
                'query' => in_array($query, ['exact', 'exactorder', 'ignore', 'pass'], true) ? $query : 'exact',
                'target' => $target,
                'status' => $code,
            ];
        }
        return $rules;
    }

    /** @return list<array<string, mixed>> */
    private static function fromRenames(): array
    {
        global $wpdb;
        $rules = [];
        $rows = $wpdb->get_results($wpdb->prepare(
            "SELECT post_id, meta_key, meta_value FROM {$wpdb->postmeta} WHERE meta_key IN (%s, %s) ORDER BY meta_id",
            '_wp_old_slug',
            self::OLD_PATH_META,
        ));
        foreach ((array) $rows as $row) {
            $post = get_post((int) $row->post_id);
            if (!$post || $post->post_status !== 'publish' || !in_array($post->post_type, ['post', 'page'], true)) {
                continue;
            }
            $locale = Languages::ofPost($post->ID);
            if ($row->meta_key === '_wp_old_slug') {
                if ($post->post_type !== 'post') {
                    continue;
                }
                $old = clone $post;
                $old->post_name = (string) $row->meta_value;
                $source = Documents::siteUrlPath($old, $locale);
            } else {
                $source = (string) $row->meta_value;
            }
            $target = Documents::siteUrlPath($post, $locale);
            if ($source === '' || $source === $target || self::isLive($source)) {
                continue;
            }
            $rules[] = ['source' => $source, 'regex' => false, 'ignore_case' => false, 'ignore_trailing_slash' => true, 'query' => 'pass', 'target' => $target, 'status' => 301];
        }
        return $rules;
    }

    /** Whether a published page or post answers at a site path now (then an old path of another one must not take it). */
    private static function isLive(string $sitePath): bool
    {
        $segments = array_values(array_filter(explode('/', $sitePath), static fn ($segment) => $segment !== ''));
        $locale = Languages::defaultLocale();
        if ($segments !== [] && $segments[0] !== $locale && Languages::isLocale($segments[0])) {
            $locale = array_shift($segments);
        }
        if ($segments === []) {
            return true;
        }
        if (count($segments) === 2 && $segments[0] === 'blog') {
            return Languages::findByPath($segments[1], $locale, 'post') !== null;
        }
        return Languages::findByPath(implode('/', $segments), $locale, 'page') !== null;
    }

    /**
     * A published page that moves keeps its old site path, and its child pages theirs; going
     * back to an old path drops it from the list.
     */
    public static function onUpdate(int $postId, \WP_Post $after, \WP_Post $before): void
    {
        if ($after->post_type === 'post' && $before->post_status === 'publish' && $before->post_name !== $after->post_name) {
            // Core records the old slug (wp_check_for_changed_slugs); the site needs the new list.
            Revalidate::add(['redirects']);
            return;
        }
        if ($after->post_type !== 'page' || $before->post_status !== 'publish' || $after->post_status !== 'publish' || wp_is_post_revision($after)) {
            return;
        }
        if ($before->post_name === $after->post_name && $before->post_parent === $after->post_parent) {
            return;
        }
        $locale = Languages::ofPost($postId);
        // The front page and the posts page answer at `/` and `/blog` whatever their slug.
        if (in_array(Documents::sitePath($after, $locale), ['', 'blog'], true)) {
            return;
        }
        $newPath = Documents::siteUrlPath($after, $locale);
        $oldPath = self::pathBefore($before, $locale);
        if ($oldPath === $newPath) {
            return;
        }
        self::remember($postId, $oldPath, $newPath);
        foreach (get_pages(['child_of' => $postId, 'post_status' => 'publish']) as $child) {
            $childNew = Documents::siteUrlPath($child, $locale);
            // The child's path under its ancestor's old path: the part below the moved page is unchanged.
            self::remember($child->ID, $oldPath . substr($childNew, strlen($newPath)), $childNew);
        }
        Revalidate::add(['redirects']);
    }

    /** A page's site path before a save, from its old slug and old parent. */
    private static function pathBefore(\WP_Post $before, string $locale): string
    {
        $parentPath = '';
        if ($before->post_parent > 0) {
            $parent = get_post($before->post_parent);
            $parentPath = $parent ? Languages::pathOf($parent) . '/' : '';
        }
        $prefix = Languages::prefix($locale);
        return $prefix . '/' . $parentPath . $before->post_name;
    }

    private static function remember(int $postId, string $oldPath, string $newPath): void
    {
        $known = array_map('strval', (array) get_post_meta($postId, self::OLD_PATH_META));
        if (in_array($newPath, $known, true)) {
            delete_post_meta($postId, self::OLD_PATH_META, $newPath);
        }
        if ($oldPath === $newPath || in_array($oldPath, $known, true)) {
            return;
        }
        add_post_meta($postId, self::OLD_PATH_META, $oldPath);
        if (count($known) + 1 > self::MAX_OLD_PATHS) {
            delete_post_meta($postId, self::OLD_PATH_META, $known[0]);
        }
    }
}
