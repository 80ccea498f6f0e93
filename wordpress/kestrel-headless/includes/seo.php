<?php
/**
 * Requirements §3 meta and the JSON-LD `schema`: from Yoast SEO or Rank Math
 * (includes/rank-math.php) when one is active, else from the plugin's own fields
 * (document panel), else title, excerpt and featured image. Every text is plain (entities decoded once).
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
        $plugin = self::yoast($post) ?? RankMath::meta($post) ?? [];
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
            'twitter:card' => $pick($plugin['twitter:card'] ?? '', $image ? 'summary_large_image' : 'summary'),
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

    /**
     * The robots of a document as meta() has them, without the rest (the sitemap asks for
     * every document): Rank Math's are its Paper's alone, not its whole head.
     */
    public static function robots(\WP_Post $post): string
    {
        $yoast = self::yoast($post);
        $plugin = $yoast !== null ? $yoast['robots'] : (RankMath::robots($post) ?? '');
        foreach ([$plugin, (string) get_post_meta($post->ID, 'kestrel_meta_robots', true)] as $value) {
            $value = Util::text($value);
            if ($value !== '') {
                return $value;
            }
        }
        return 'index,follow';
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

    /**
     * A URL of the SEO plugin's as the site has it (docs/wordpress.md, "URLs from an SEO plugin"), by the
     * rule the plugin follows for links (host_url is the site): WordPress's address of a
     * page or post becomes that document's address on the site (host_url and its site path:
     * `/about`, `/blog/{slug}`, `/de/…`), WordPress's home the site's home; media
     * (wp-content, uploads, wp-includes) stay on WordPress, which serves them to the site;
     * any other address on WordPress (an author archive, the search `/?s=`) keeps its path
     * and query on the site's host;
     * other hosts' URLs are unchanged. A fragment (`#webpage`) is kept.
     */
    public static function siteUrlOf(string $url, ?\WP_Post $document = null): string
    {
        static $seen = [];
        $key = ($document ? $document->ID : 0) . ' ' . $url;
        if (isset($seen[$key])) {
            return $seen[$key];
        }
        $home = home_url('/');
        $parts = wp_parse_url($url);
        if (!is_array($parts) || !isset($parts['host']) || strcasecmp((string) $parts['host'], (string) wp_parse_url($home, PHP_URL_HOST)) !== 0 || ($parts['port'] ?? null) !== wp_parse_url($home, PHP_URL_PORT)) {
            return $seen[$key] = $url;
        }
        $path = (string) ($parts['path'] ?? '/');
        foreach ([content_url('/'), includes_url('/')] as $media) {
            $mediaPath = (string) wp_parse_url($media, PHP_URL_PATH);
            if ($mediaPath !== '' && str_starts_with($path, $mediaPath)) {
                return $seen[$key] = $url;
            }
        }
        $site = Settings::siteUrl() !== '' ? Settings::siteUrl() : untrailingslashit($home);
        $fragment = isset($parts['fragment']) ? '#' . $parts['fragment'] : '';
        $homePath = (string) (wp_parse_url($home, PHP_URL_PATH) ?? '/');
        if (untrailingslashit($path) === untrailingslashit($homePath) && !isset($parts['query'])) {
            return $seen[$key] = $site . '/' . $fragment;
        }
        // The document's own address: translations may share a slug, so its permalink names
        // it better than the permalink's lookup (url_to_postid) would.
        $withoutFragment = (string) strtok($url, '#');
        if ($document && !isset($parts['query']) && untrailingslashit($withoutFragment) === untrailingslashit((string) get_permalink($document))) {
            return $seen[$key] = $site . Documents::siteUrlPath($document) . $fragment;
        }
        // With a query (`/?s={search_term_string}`) it is no document's address.
        $id = isset($parts['query']) ? 0 : url_to_postid($withoutFragment);
        $post = $id > 0 ? get_post($id) : null;
        if ($post instanceof \WP_Post && in_array($post->post_type, ['page', 'post'], true)) {
            return $seen[$key] = $site . Documents::siteUrlPath($post) . $fragment;
        }
        return $seen[$key] = $site . Util::relativePath($url);
    }

    /**
     * @param mixed $value Rank Math's printed JSON-LD: each string decoded once (it runs the
     * graph through wp_kses_post_deep, so `&` arrives as `&amp;`; the contract's texts are
     * characters), each URL as the site has it (siteUrlOf).
     */
    private static function siteUrlsIn(mixed $value, \WP_Post $document): mixed
    {
        if (is_string($value)) {
            $value = html_entity_decode($value, ENT_QUOTES | ENT_HTML5, 'UTF-8');
            return preg_match('#^https?://#i', $value) ? self::siteUrlOf($value, $document) : $value;
        }
        if (is_array($value)) {
            return array_map(static fn ($item) => self::siteUrlsIn($item, $document), $value);
        }
        return $value;
    }

    /**
     * JSON-LD: Yoast's graph when Yoast is active, else Rank Math's (the graph its front end
     * prints in `script.rank-math-schema`, its URLs the site's), else null (the site adds its
     * own basics).
     */
    public static function schema(\WP_Post $post): ?array
    {
        if (function_exists('YoastSEO')) {
            try {
                $meta = YoastSEO()->meta->for_post($post->ID);
                $schema = $meta ? $meta->schema : null;
            } catch (\Throwable) {
                return null;
            }
            return is_array($schema) ? self::graph($schema) : null;
        }
        $schema = RankMath::head($post)['schema'] ?? null;
        return is_array($schema) ? self::graph(self::siteUrlsIn($schema, $post)) : null;
    }

    /** A `@graph` as the contract takes it: at most 20 objects, each with its own @context. */
    private static function graph(array $schema): array
    {
        $graph = $schema['@graph'] ?? null;
        if (is_array($graph) && array_is_list($graph)) {
            return array_slice(array_map(static fn ($node) => ['@context' => 'https://schema.org'] + (array) $node, $graph), 0, 20);
        }
        return $schema;
    }
}
