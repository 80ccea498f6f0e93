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
        $plugin = $yoast !== null ? $yoast['robots'] : (self::rankMathRobots($post) ?? '');
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
     * Rank Math's meta for a post: what its own front end prints in the <head> of that
     * post's page (rankMathHead), so titles and descriptions have their variables replaced
     * exactly as there, with the post type's defaults of Titles & Meta when the post has none.
     */
    private static function rankMath(\WP_Post $post): ?array
    {
        $head = self::rankMathHead($post);
        if ($head === null) {
            return null;
        }
        return [
            'title' => $head['title'],
            'description' => $head['meta']['description'] ?? '',
            'keywords' => $head['keywords'],
            'robots' => self::robotsList($head['meta']['robots'] ?? ''),
            'og:title' => $head['meta']['og:title'] ?? '',
            'og:desc' => $head['meta']['og:description'] ?? '',
            'og:img' => $head['meta']['og:image'] ?? null,
            'twitter:title' => $head['meta']['twitter:title'] ?? '',
            'twitter:desc' => $head['meta']['twitter:description'] ?? '',
            'twitter:img' => $head['meta']['twitter:image'] ?? null,
            'twitter:card' => $head['meta']['twitter:card'] ?? '',
            'canonical' => isset($head['canonical']) ? self::siteUrlOf($head['canonical'], $post) : '',
        ];
    }

    /**
     * Whether Rank Math is active and set up: until its registration is done or skipped (the
     * first step of its setup wizard) it makes neither its variables nor its front end, and
     * its own pages print no SEO tags either.
     */
    private static function rankMathReady(): bool
    {
        if (!function_exists('rank_math') || !class_exists('\\RankMath\\Paper\\Paper') || !class_exists('\\RankMath\\Replace_Variables\\Replacer')) {
            return false;
        }
        $rankMath = rank_math();
        return is_object($rankMath->variables) && is_object($rankMath->manager);
    }

    /** Rank Math's robots (`index, follow, …`) as a list without spaces (`index,follow,…`). */
    private static function robotsList(string $robots): string
    {
        return implode(',', array_filter(array_map('trim', explode(',', $robots)), static fn (string $value) => $value !== ''));
    }

    /** Rank Math's robots of a post: its Paper's, as its page prints them (Head::robots). */
    private static function rankMathRobots(\WP_Post $post): ?string
    {
        if (array_key_exists($post->ID, self::$rankMathHeads)) {
            return isset(self::$rankMathHeads[$post->ID]) ? self::robotsList(self::$rankMathHeads[$post->ID]['meta']['robots'] ?? '') : null;
        }
        if (!self::rankMathReady()) {
            return null;
        }
        return self::asMainQuery($post, static function (): string {
            \RankMath\Paper\Paper::reset();
            return self::robotsList(implode(', ', (array) \RankMath\Paper\Paper::get()->get_robots()));
        });
    }

    /**
     * Runs $render with the post as WordPress's main query, as on the post's own page, and
     * puts the query and the global post back afterwards. Null when WordPress's query does
     * not find that post (then Rank Math would answer for a 404).
     */
    private static function asMainQuery(\WP_Post $post, callable $render): mixed
    {
        $query = new \WP_Query();
        // The posts page is the blog's home: WordPress queries the latest posts for it, as
        // on its own page; any other document by its id, type and status (drafts in previews).
        $query->query((int) get_option('page_for_posts') === $post->ID ? ['page_id' => $post->ID] : [
            ($post->post_type === 'page' ? 'page_id' : 'p') => $post->ID,
            'post_type' => $post->post_type,
            'post_status' => $post->post_status,
        ]);
        if (!$query->is_home && (!$query->post instanceof \WP_Post || $query->post->ID !== $post->ID)) {
            return null;
        }
        $saved = [$GLOBALS['wp_query'] ?? null, $GLOBALS['wp_the_query'] ?? null, $GLOBALS['post'] ?? null];
        $GLOBALS['wp_the_query'] = $query;
        $GLOBALS['wp_query'] = $query;
        $GLOBALS['post'] = $query->post instanceof \WP_Post ? $query->post : $post;
        setup_postdata($GLOBALS['post']);
        // "Discourage search engines" is about WordPress's own pages, which a headless
        // WordPress keeps out of search engines; the site's pages are the ones indexed, so
        // Rank Math's robots are taken as they are for a public blog (docs/wordpress.md).
        $public = static fn () => '1';
        add_filter('pre_option_blog_public', $public);
        try {
            return $render();
        } finally {
            remove_filter('pre_option_blog_public', $public);
            [$GLOBALS['wp_query'], $GLOBALS['wp_the_query'], $GLOBALS['post']] = $saved;
            if ($saved[2] instanceof \WP_Post) {
                setup_postdata($saved[2]);
            }
        }
    }

    /** Rank Math's head of each post rendered in this request (post id => parsed head or null). @var array<int, ?array> */
    private static array $rankMathHeads = [];

    /**
     * Rank Math's <head> for a post's page, parsed: `title`, `meta` (name or property =>
     * content, the first of each), `canonical`, `schema` (its JSON-LD) and `keywords`.
     * Null when Rank Math is not active or not set up: until its registration is done or
     * skipped (the first step of its setup wizard) it makes neither its variables nor its
     * front end, and its own pages print no SEO tags either.
     */
    private static function rankMathHead(\WP_Post $post): ?array
    {
        if (array_key_exists($post->ID, self::$rankMathHeads)) {
            return self::$rankMathHeads[$post->ID];
        }
        if (!self::rankMathReady()) {
            return self::$rankMathHeads[$post->ID] = null;
        }
        $rendered = self::renderRankMathHead($post);
        return self::$rankMathHeads[$post->ID] = $rendered === null ? null : ['title' => $rendered['title'], 'keywords' => $rendered['keywords']] + self::parseHead($rendered['html']);
    }

    /**
     * What Rank Math prints in the <head> of the post's page, rendered inside this REST call
     * as Rank Math's own headless route (`rankmath/v1/getHead`) does it: the main query
     * made the post's, Rank Math's `wp` steps run (its variables, Paper, Open Graph, Twitter
     * and schema; not its redirects, which would answer this call), then `rank_math/head`.
     * Every hook and global it changes is put back afterwards, so the next post (the
     * sitemap asks for each) starts from the same state and the REST answer is unaffected.
     */
    private static function renderRankMathHead(\WP_Post $post): ?array
    {
        global $wp_filter, $wp_current_filter;
        $hooks = [];
        foreach ($wp_filter as $name => $hook) {
            $hooks[$name] = $hook instanceof \WP_Hook ? clone $hook : $hook;
        }
        // Rank Math caches a text's replacements by the text alone (for one page per request).
        \RankMath\Replace_Variables\Replacer::$replacements_cache = [];
        $level = ob_get_level();
        ob_start();
        try {
            $rendered = self::asMainQuery($post, static function (): array {
                \RankMath\Paper\Paper::reset();
                global $wp_filter;
                $steps = isset($wp_filter['wp']) && $wp_filter['wp'] instanceof \WP_Hook ? $wp_filter['wp']->callbacks : [];
                ksort($steps);
                foreach ($steps as $callbacks) {
                    foreach ($callbacks as $callback) {
                        $function = $callback['function'];
                        if (is_array($function) && is_object($function[0]) && str_starts_with(get_class($function[0]), 'RankMath\\') && in_array($function[1], ['setup', 'integrations'], true)) {
                            call_user_func($function, $GLOBALS['wp'] ?? null);
                        }
                    }
                }
                do_action('rank_math/head');
                $paper = \RankMath\Paper\Paper::get();
                // The <title> is WordPress's (wp_get_document_title), which takes Rank Math's
                // Paper title; its focus keywords, its meta keywords, are printed only behind a filter.
                return ['html' => (string) ob_get_contents(), 'title' => (string) $paper->get_title(), 'keywords' => (string) $paper->get_keywords()];
            });
        } catch (\Throwable) {
            $rendered = null;
        } finally {
            while (ob_get_level() > $level) {
                ob_end_clean();
            }
            $running = array_flip($wp_current_filter);
            foreach (array_keys($wp_filter) as $name) {
                if (!isset($running[$name]) && !array_key_exists($name, $hooks)) {
                    unset($wp_filter[$name]);
                }
            }
            foreach ($hooks as $name => $hook) {
                if (!isset($running[$name])) {
                    $wp_filter[$name] = $hook;
                }
            }
        }
        return $rendered;
    }

    /** The tags of a rendered <head>: title, meta by name or property, canonical, JSON-LD. */
    private static function parseHead(string $html): array
    {
        $head = ['meta' => [], 'schema' => null];
        $tags = new \WP_HTML_Tag_Processor($html);
        while ($tags->next_tag()) {
            $tag = $tags->get_tag();
            if ($tag === 'META') {
                $name = $tags->get_attribute('name') ?? $tags->get_attribute('property');
                $content = $tags->get_attribute('content');
                if (is_string($name) && is_string($content) && !isset($head['meta'][$name])) {
                    $head['meta'][$name] = $content;
                }
            } elseif ($tag === 'LINK' && $tags->get_attribute('rel') === 'canonical' && is_string($tags->get_attribute('href'))) {
                $head['canonical'] = (string) $tags->get_attribute('href');
            } elseif ($tag === 'SCRIPT' && $tags->get_attribute('type') === 'application/ld+json' && $head['schema'] === null) {
                $schema = json_decode((string) $tags->get_modifiable_text(), true);
                $head['schema'] = is_array($schema) ? $schema : null;
            }
        }
        return $head;
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
        $schema = self::rankMathHead($post)['schema'] ?? null;
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
