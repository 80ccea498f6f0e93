<?php
/**
 * Builds the answers of the read calls (docs/content-api.md) from WordPress's own data:
 * documents' paths on the site, post summaries and terms, and the page result of pages,
 * articles and the blog. The site frame is includes/frame.php's, the sidebar's widgets
 * includes/widgets.php's, the search includes/search.php's.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Documents
{
    public const PER_PAGE = 9;

    /* ---------------------------------------------------------------- paths */

    /** The front page in a locale. */
    public static function frontPage(string $locale): ?\WP_Post
    {
        return self::translatedOption('page_on_front', $locale);
    }

    /** The posts page (the site's /blog) in a locale. */
    public static function blogPage(string $locale): ?\WP_Post
    {
        return self::translatedOption('page_for_posts', $locale);
    }

    private static function translatedOption(string $option, string $locale): ?\WP_Post
    {
        $id = (int) get_option($option);
        $post = $id > 0 ? get_post($id) : null;
        if (!$post) {
            return null;
        }
        $translation = Languages::translations($post)[$locale] ?? null;
        $found = $translation ? get_post($translation) : null;
        return $found && $found->post_status === 'publish' ? $found : null;
    }

    /** A document's path on the site without the locale prefix and slashes: `` (home), `about`, `blog/{slug}`. */
    public static function sitePath(\WP_Post $post, ?string $locale = null): string
    {
        $locale ??= Languages::ofPost($post->ID);
        if ($post->post_type === 'post') {
            return 'blog/' . $post->post_name;
        }
        $front = self::frontPage($locale);
        if ($front && $front->ID === $post->ID) {
            return '';
        }
        $blog = self::blogPage($locale);
        if ($blog && $blog->ID === $post->ID) {
            return 'blog';
        }
        return Languages::pathOf($post);
    }

    /** The site URL path of a document, with the locale prefix: `/`, `/de/about`, `/blog/x`. */
    public static function siteUrlPath(\WP_Post $post, ?string $locale = null): string
    {
        $locale ??= Languages::ofPost($post->ID);
        $path = self::sitePath($post, $locale);
        $prefix = Languages::prefix($locale);
        return $path === '' ? ($prefix === '' ? '/' : $prefix . '/') : $prefix . '/' . $path;
    }

    /** The backend page name of a document (revalidation tags): `home`, `about`, `services/cloud`. */
    public static function pageName(\WP_Post $post): string
    {
        $path = self::sitePath($post);
        return $path === '' ? 'home' : $path;
    }

    /* ---------------------------------------------------------------- posts and terms */

    public static function image(\WP_Post $post): ?array
    {
        $thumbnail = (int) get_post_thumbnail_id($post);
        return Util::attachmentImage($thumbnail) ?? Util::imageFrom(get_post_meta($post->ID, 'kestrel_featured_image', true));
    }

    /** @return array<string, mixed> */
    public static function term(\WP_Term $term, string $locale, ?int $count = null): array
    {
        $out = ['id' => $term->term_id, 'name' => Languages::termName($term, $locale), 'slug' => $term->slug];
        if ($count !== null) {
            $out['count'] = $count;
        }
        $description = Languages::termDescription($term, $locale);
        if ($description !== '') {
            $out['description'] = $description;
        }
        return $out;
    }

    /** @return array<string, mixed> */
    public static function summary(\WP_Post $post, string $locale): array
    {
        $terms = static function (string $taxonomy) use ($post, $locale): array {
            $list = get_the_terms($post, $taxonomy);
            return is_array($list) ? array_map(static fn (\WP_Term $term) => self::term($term, $locale), array_slice($list, 0, 50)) : [];
        };
        $words = str_word_count(wp_strip_all_tags(strip_shortcodes($post->post_content)));
        $summary = [
            'id' => $post->ID,
            'slug' => $post->post_name,
            'title' => Util::title($post),
            'excerpt' => wpautop(get_the_excerpt($post)),
            'date' => Util::date($post->post_date_gmt !== '0000-00-00 00:00:00' ? $post->post_date_gmt : get_gmt_from_date($post->post_date)),
            'modified' => Util::date($post->post_modified_gmt),
            'author' => ['name' => Util::text(get_the_author_meta('display_name', (int) $post->post_author)) ?: Util::text(get_bloginfo('name'))],
            'featured_image' => self::image($post) ?? false,
            'categories' => $terms('category'),
            'tags' => $terms('post_tag'),
            'reading_minutes' => max(1, (int) round($words / 220)),
        ];
        return $summary;
    }

    /** Published posts of a locale, newest first. @return array{posts: list<\WP_Post>, total: int} */
    public static function queryPosts(string $locale, array $args = []): array
    {
        $query = new \WP_Query($args + [
            'post_type' => 'post',
            'post_status' => 'publish',
            'posts_per_page' => self::PER_PAGE,
            'paged' => 1,
            'orderby' => ['date' => 'DESC', 'ID' => 'DESC'],
            'ignore_sticky_posts' => true,
        ] + Languages::queryArgs($locale));
        return ['posts' => array_values(array_filter($query->posts, static fn ($post) => $post instanceof \WP_Post)), 'total' => (int) $query->found_posts];
    }

    /** Every category and tag with the number of published posts in the locale. */
    public static function termsWithCounts(string $locale): array
    {
        $ids = get_posts(['post_type' => 'post', 'post_status' => 'publish', 'fields' => 'ids', 'posts_per_page' => 5000, 'no_found_rows' => true] + Languages::queryArgs($locale));
        $out = [];
        foreach (['category' => 'categories', 'post_tag' => 'tags'] as $taxonomy => $key) {
            $counts = [];
            if ($ids !== []) {
                foreach (wp_get_object_terms($ids, $taxonomy, ['fields' => 'all_with_object_id']) as $term) {
                    $counts[$term->term_id] = ($counts[$term->term_id] ?? 0) + 1;
                }
            }
            $args = ['taxonomy' => $taxonomy, 'hide_empty' => false, 'number' => 1000, 'orderby' => 'name'];
            if (Languages::mode() === 'polylang') {
                $args['lang'] = $locale;
            }
            $terms = get_terms($args);
            // The default category ("Uncategorized") and, with Polylang, its translations.
            $defaultCategories = [(int) get_option('default_category')];
            if (Languages::mode() === 'polylang') {
                $defaultCategories = array_merge($defaultCategories, array_map('intval', array_values((array) pll_get_term_translations($defaultCategories[0]))));
            }
            $out[$key] = [];
            foreach (is_array($terms) ? $terms : [] as $term) {
                if ($taxonomy === 'category' && in_array($term->term_id, $defaultCategories, true) && !isset($counts[$term->term_id])) {
                    continue;
                }
                $out[$key][] = self::term($term, $locale, $counts[$term->term_id] ?? 0);
            }
        }
        return $out;
    }

    /* ---------------------------------------------------------------- page results */

    /** @return list<array<string, mixed>> */
    public static function languages(\WP_Post $post, string $locale): array
    {
        $list = [];
        foreach (Languages::translations($post) as $code => $id) {
            $translation = get_post($id);
            if (!$translation || $translation->post_status !== 'publish' || !Languages::isLocale((string) $code)) {
                continue;
            }
            $list[] = ['code' => (string) $code, 'name' => Languages::name((string) $code), 'url' => self::siteUrlPath($translation, (string) $code), 'active' => $code === $locale];
        }
        return $list;
    }

    private static function breadcrumbsFor(\WP_Post $post, string $locale): array
    {
        $prefix = Languages::prefix($locale);
        $front = self::frontPage($locale);
        // Not through gettext (which speaks the WordPress user's language, not the request's):
        // the embedded CMS names a missing home page "Home" in every locale (cms/pages.ts).
        $home = ['url' => $prefix . '/', 'title' => $front ? Util::title($front) : 'Home'];
        if ($front && $front->ID === $post->ID) {
            return [];
        }
        $crumbs = [$home];
        if ($post->post_type === 'post') {
            $blog = self::blogPage($locale);
            $crumbs[] = ['url' => $prefix . '/blog', 'title' => $blog ? Util::title($blog) : 'Blog'];
        } else {
            foreach (array_reverse(get_post_ancestors($post)) as $ancestorId) {
                $ancestor = get_post($ancestorId);
                if ($ancestor && $ancestor->post_status === 'publish') {
                    $crumbs[] = ['url' => self::siteUrlPath($ancestor, $locale), 'title' => Util::title($ancestor)];
                }
            }
        }
        $crumbs[] = ['url' => self::siteUrlPath($post, $locale), 'title' => Util::title($post)];
        return $crumbs;
    }

    private static function adminBar(\WP_Post $post, string $layout): array
    {
        return ['dashboard_url' => admin_url(), 'edit_post_url' => admin_url('post.php?post=' . $post->ID . '&action=edit'), 'page_layout' => $layout];
    }

    /** What every document result shares. @return array<string, mixed> */
    private static function common(\WP_Post $post, string $locale, bool $dev): array
    {
        $classes = trim((string) get_post_meta($post->ID, 'kestrel_body_classes', true));
        return [
            'id' => $post->ID,
            'title' => Util::title($post),
            'featured_image' => self::image($post) ?? false,
            'background_image' => Util::imageFrom(get_post_meta($post->ID, 'kestrel_background_image', true)) ?? false,
            'body_classes' => $classes !== '' ? array_slice(preg_split('/\s+/', $classes) ?: [], 0, 50) : [$post->post_type, $post->post_type . '-id-' . $post->ID],
            'custom_css' => (string) get_post_meta($post->ID, 'kestrel_custom_css', true),
            'dev_mode' => $dev,
            'lang' => self::languages($post, $locale),
            'schema' => Seo::schema($post),
            'chat' => Settings::chatFor($post),
            'error' => (bool) get_post_meta($post->ID, 'kestrel_not_found', true),
        ];
    }

    /** result.page.data.result of a page (or the blog home when it is the posts page). */
    public static function pageResult(\WP_Post $page, string $locale, bool $dev): array
    {
        $layout = ContentTypes::layoutOf($page);
        $image = self::image($page);
        $blocks = Sections::of($page);
        $forms = FormDefinitions::forSections($blocks['sections'], $locale);
        $result = self::common($page, $locale, $dev) + [
            'slug' => self::sitePath($page, $locale) === '' ? 'home' : self::sitePath($page, $locale),
            'type' => 'page',
            'meta' => Seo::meta($page, Util::title($page), Util::text(get_the_excerpt($page)), $image),
            'options' => ['layout' => $layout],
            'admin_bar' => self::adminBar($page, $layout),
            'content' => [
                'sections' => array_slice($blocks['sections'], 0, 200),
                'notifications' => array_slice($blocks['notifications'], 0, 20),
                'widgets' => new \stdClass(),
                'breadcrumbs' => self::breadcrumbsFor($page, $locale),
                'shortcode_data' => $forms === [] ? new \stdClass() : $forms,
                'customOptions' => new \stdClass(),
                'pageContent' => '',
                'recent_posts' => array_map(static fn ($post) => self::summary($post, $locale), self::queryPosts($locale, ['posts_per_page' => 3, 'no_found_rows' => true])['posts']),
            ],
        ];
        return $result;
    }

    /** The blog home or a category listing (`category` query), on the posts page. */
    public static function blogResult(\WP_Post $page, string $locale, bool $dev, ?string $categorySlug): array
    {
        $result = self::pageResult($page, $locale, $dev);
        $result['type'] = 'blog';
        $result['slug'] = 'blog';
        $category = null;
        if ($categorySlug !== null && $categorySlug !== '') {
            $category = Languages::termBySlug('category', $categorySlug, $locale);
            if (!$category) {
                $result['error'] = true;
                return $result;
            }
            $result['type'] = 'category';
        }
        $listed = self::queryPosts($locale, $category ? ['cat' => $category->term_id] : []);
        $terms = self::termsWithCounts($locale);
        $crumbs = $result['content']['breadcrumbs'];
        if ($category) {
            $name = Languages::termName($category, $locale);
            $crumbs[] = ['url' => Languages::prefix($locale) . '/blog/category/' . $category->slug, 'title' => $name];
            $result['meta']['title'] = $name . ' – ' . Util::title($page);
        }
        $result['content'] = [
            'filtered_blogs' => array_map(static fn ($post) => self::summary($post, $locale), $listed['posts']),
            'pagination' => ['page' => 1, 'per_page' => self::PER_PAGE, 'total' => $listed['total'], 'total_pages' => (int) ceil($listed['total'] / self::PER_PAGE)],
            'categories' => $terms['categories'],
            'tags' => $terms['tags'],
            'category' => $category ? self::term($category, $locale) : null,
            'breadcrumbs' => $crumbs,
            'widgets' => ['sidebar' => Widgets::sidebar()],
        ] + $result['content'];
        return $result;
    }

    /** An article. */
    public static function postResult(\WP_Post $post, string $locale, bool $dev): array
    {
        $summary = self::summary($post, $locale);
        $previousGlobal = $GLOBALS['post'] ?? null;
        $GLOBALS['post'] = $post;
        setup_postdata($post);
        $content = (string) apply_filters('the_content', $post->post_content);
        $GLOBALS['post'] = $previousGlobal;
        if ($previousGlobal instanceof \WP_Post) {
            setup_postdata($previousGlobal);
        }
        $neighbour = static function (string $compare) use ($post, $locale): ?array {
            $found = self::queryPosts($locale, [
                'posts_per_page' => 1,
                'no_found_rows' => true,
                'post__not_in' => [$post->ID],
                'date_query' => [[$compare === '<' ? 'before' : 'after' => $post->post_date, 'inclusive' => false]],
                'order' => $compare === '<' ? 'DESC' : 'ASC',
                'orderby' => 'date',
            ])['posts'][0] ?? null;
            return $found ? ['slug' => $found->post_name, 'title' => Util::title($found)] : null;
        };
        $comments = get_comments(['post_id' => $post->ID, 'status' => 'approve', 'type' => 'comment', 'orderby' => 'comment_date_gmt', 'order' => 'ASC', 'number' => 1000]);
        $terms = self::termsWithCounts($locale);
        $excerpt = Util::text(get_the_excerpt($post));
        return self::common($post, $locale, $dev) + [
            'slug' => 'blog/' . $post->post_name,
            'type' => 'post',
            'meta' => Seo::meta($post, Util::title($post), $excerpt, self::image($post)),
            'options' => ['layout' => 'default'],
            'admin_bar' => self::adminBar($post, 'single'),
            'content' => [
                'blog_post' => $summary + ['content' => $content],
                'breadcrumbs' => self::breadcrumbsFor($post, $locale),
                'recent_posts' => array_map(static fn ($other) => self::summary($other, $locale), self::queryPosts($locale, ['posts_per_page' => 3, 'no_found_rows' => true, 'post__not_in' => [$post->ID]])['posts']),
                'categories' => $terms['categories'],
                'tags' => $terms['tags'],
                'widgets' => ['sidebar' => Widgets::sidebar()],
                'previous_post' => $neighbour('<'),
                'next_post' => $neighbour('>'),
                'comments' => array_map(static fn (\WP_Comment $comment) => [
                    'id' => (int) $comment->comment_ID,
                    'author' => Util::text($comment->comment_author) ?: 'Anonymous',
                    'date' => Util::date($comment->comment_date_gmt),
                    'content' => wpautop(wp_kses_post($comment->comment_content)),
                ], is_array($comments) ? $comments : []),
            ],
        ];
    }
}
