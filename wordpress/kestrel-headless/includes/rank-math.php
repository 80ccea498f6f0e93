<?php
/**
 * Rank Math's meta and JSON-LD for a post (includes/seo.php asks): what its own front end
 * prints in the <head> of that post's page, rendered inside the REST call as Rank Math's
 * headless route does, then read back tag by tag.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class RankMath
{
    /**
     * Rank Math's meta for a post: what its own front end prints in the <head> of that
     * post's page (head()), so titles and descriptions have their variables replaced
     * exactly as there, with the post type's defaults of Titles & Meta when the post has none.
     */
    public static function meta(\WP_Post $post): ?array
    {
        $head = self::head($post);
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
            'canonical' => isset($head['canonical']) ? Seo::siteUrlOf($head['canonical'], $post) : '',
        ];
    }

    /**
     * Whether Rank Math is active and set up: until its registration is done or skipped (the
     * first step of its setup wizard) it makes neither its variables nor its front end, and
     * its own pages print no SEO tags either.
     */
    private static function ready(): bool
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
    public static function robots(\WP_Post $post): ?string
    {
        if (array_key_exists($post->ID, self::$heads)) {
            return isset(self::$heads[$post->ID]) ? self::robotsList(self::$heads[$post->ID]['meta']['robots'] ?? '') : null;
        }
        if (!self::ready()) {
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
    private static array $heads = [];

    /**
     * Rank Math's <head> for a post's page, parsed: `title`, `meta` (name or property =>
     * content, the first of each), `canonical`, `schema` (its JSON-LD) and `keywords`.
     * Null when Rank Math is not active or not set up: until its registration is done or
     * skipped (the first step of its setup wizard) it makes neither its variables nor its
     * front end, and its own pages print no SEO tags either.
     */
    public static function head(\WP_Post $post): ?array
    {
        if (array_key_exists($post->ID, self::$heads)) {
            return self::$heads[$post->ID];
        }
        if (!self::ready()) {
            return self::$heads[$post->ID] = null;
        }
        $rendered = self::render($post);
        return self::$heads[$post->ID] = $rendered === null ? null : ['title' => $rendered['title'], 'keywords' => $rendered['keywords']] + self::parseHead($rendered['html']);
    }

    /**
     * What Rank Math prints in the <head> of the post's page, rendered inside this REST call
     * as Rank Math's own headless route (`rankmath/v1/getHead`) does it: the main query
     * made the post's, Rank Math's `wp` steps run (its variables, Paper, Open Graph, Twitter
     * and schema; not its redirects, which would answer this call), then `rank_math/head`.
     * Every hook and global it changes is put back afterwards, so the next post (the
     * sitemap asks for each) starts from the same state and the REST answer is unaffected.
     */
    private static function render(\WP_Post $post): ?array
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
}
