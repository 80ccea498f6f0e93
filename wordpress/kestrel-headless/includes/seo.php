<?php
/**
 * Requirements §3 meta and the JSON-LD `schema`: from Yoast SEO or Rank Math when one is active,
 * else from the plugin's own fields (document panel), else title, excerpt and featured
 * image. Every text is plain (entities decoded once).
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Seo
{
    /** @return array<string, mixed> */
    public static function meta(\WP_Post $post, string $title, string $description, ?array $image): array
    {
        $own = [
            'title' => (string) get_post_meta($post->ID, 'kestrel_meta_title', true),
            'description' => (string) get_post_meta($post->ID, 'kestrel_meta_description', true),
            'keywords' => (string) get_post_meta($post->ID, 'kestrel_meta_keywords', true),
            'robots' => (string) get_post_meta($post->ID, 'kestrel_meta_robots', true),
        ];
        $plugin = self::yoast($post) ?? self::rankMath($post) ?? [];
        $pick = static function (string ...$values): string {
            foreach ($values as $value) {
                $value = Util::text($value);
                if ($value !== '') {
                    return $value;
                }
            }
            return '';
        };
        $metaTitle = $pick($plugin['title'] ?? '', $own['title'], $title);
        $metaDescription = $pick($plugin['description'] ?? '', $own['description'], $description);
        $meta = [
            'title' => $metaTitle,
            'description' => $metaDescription,
            'keywords' => $pick($plugin['keywords'] ?? '', $own['keywords']),
            'robots' => $pick($plugin['robots'] ?? '', $own['robots'], 'index,follow'),
            'og:title' => $pick($plugin['og:title'] ?? '', $metaTitle),
            'og:desc' => $pick($plugin['og:desc'] ?? '', $metaDescription),
            'og:img' => (string) ($plugin['og:img'] ?? ($image['url'] ?? '')),
            'twitter:title' => $pick($plugin['twitter:title'] ?? '', $metaTitle),
            'twitter:desc' => $pick($plugin['twitter:desc'] ?? '', $metaDescription),
            'twitter:img' => (string) ($plugin['twitter:img'] ?? ($image['url'] ?? '')),
            'twitter:card' => $image ? 'summary_large_image' : 'summary',
            'canonical' => (string) ($plugin['canonical'] ?? ''),
        ];
        if ($post->post_type === 'post') {
            $meta['author'] = Util::text(get_the_author_meta('display_name', (int) $post->post_author));
        }
        $icon = get_site_icon_url(512);
        if ($icon) {
            $meta['favicon'] = ['url' => $icon];
        }
        return array_filter($meta, static fn ($value) => $value !== '' && $value !== null);
    }

    private static function yoast(\WP_Post $post): ?array
    {
        if (!function_exists('YoastSEO')) {
            return null;
        }
        try {
            $meta = YoastSEO()->meta->for_post($post->ID);
        } catch (\Throwable) {
            return null;
        }
        if (!$meta) {
            return null;
        }
        $robots = is_array($meta->robots ?? null) ? implode(',', array_filter(array_values($meta->robots), static fn ($value) => in_array($value, ['index', 'noindex', 'follow', 'nofollow'], true))) : '';
        $ogImage = is_array($meta->open_graph_images ?? null) && $meta->open_graph_images !== [] ? (string) (array_values($meta->open_graph_images)[0]['url'] ?? '') : '';
        return [
            'title' => (string) ($meta->title ?? ''),
            'description' => (string) ($meta->description ?? ''),
            'robots' => $robots,
            'og:title' => (string) ($meta->open_graph_title ?? ''),
            'og:desc' => (string) ($meta->open_graph_description ?? ''),
            'og:img' => $ogImage,
            'twitter:title' => (string) ($meta->twitter_title ?? ''),
            'twitter:desc' => (string) ($meta->twitter_description ?? ''),
            'twitter:img' => (string) ($meta->twitter_image ?? ''),
            'canonical' => (string) ($meta->canonical ?? ''),
        ];
    }

    private static function rankMath(\WP_Post $post): ?array
    {
        if (!class_exists('RankMath') && !defined('RANK_MATH_VERSION')) {
            return null;
        }
        $replace = static function (string $value) use ($post): string {
            return is_callable(['\RankMath\Helper', 'replace_vars']) ? (string) call_user_func(['\RankMath\Helper', 'replace_vars'], $value, $post) : $value;
        };
        $robots = get_post_meta($post->ID, 'rank_math_robots', true);
        return [
            'title' => $replace((string) get_post_meta($post->ID, 'rank_math_title', true)),
            'description' => $replace((string) get_post_meta($post->ID, 'rank_math_description', true)),
            'keywords' => (string) get_post_meta($post->ID, 'rank_math_focus_keyword', true),
            'robots' => is_array($robots) ? implode(',', $robots) : '',
            'og:title' => (string) get_post_meta($post->ID, 'rank_math_facebook_title', true),
            'og:desc' => (string) get_post_meta($post->ID, 'rank_math_facebook_description', true),
            'og:img' => (string) get_post_meta($post->ID, 'rank_math_facebook_image', true),
            'twitter:title' => (string) get_post_meta($post->ID, 'rank_math_twitter_title', true),
            'twitter:desc' => (string) get_post_meta($post->ID, 'rank_math_twitter_description', true),
            'canonical' => (string) get_post_meta($post->ID, 'rank_math_canonical_url', true),
        ];
    }

    /** JSON-LD: Yoast's graph when Yoast is active, else null (the site adds its own basics). */
    public static function schema(\WP_Post $post): ?array
    {
        if (!function_exists('YoastSEO')) {
            return null;
        }
        try {
            $meta = YoastSEO()->meta->for_post($post->ID);
            $schema = $meta ? $meta->schema : null;
        } catch (\Throwable) {
            return null;
        }
        if (!is_array($schema)) {
            return null;
        }
        $graph = $schema['@graph'] ?? null;
        if (is_array($graph) && array_is_list($graph)) {
            // The contract takes at most 20 objects, each with its own @context.
            return array_slice(array_map(static fn ($node) => ['@context' => 'https://schema.org'] + (array) $node, $graph), 0, 20);
        }
        return $schema;
    }
}
