<?php
/**
 * The site search (`?search=` on a page, includes/rest.php): WordPress's own search over
 * published pages, posts and items of a locale, each result with an excerpt around the
 * first match.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Search
{
    public const PER_PAGE = 10;

    /** WordPress's own search over published pages and posts of a locale. */
    public static function results(string $query, string $locale, int $page): array
    {
        $wpQuery = new \WP_Query([
            's' => $query,
            'post_type' => array_merge(['page', 'post'], Items::types()),
            'post_status' => 'publish',
            'posts_per_page' => self::PER_PAGE,
            'paged' => $page,
            'ignore_sticky_posts' => true,
        ] + Languages::queryArgs($locale));
        $results = [];
        foreach ($wpQuery->posts as $post) {
            if (!$post instanceof \WP_Post || get_post_meta($post->ID, 'kestrel_not_found', true)) {
                continue;
            }
            if (Items::isItem($post)) {
                // By type and slug: the site builds the link (decision 029).
                $results[] = ['type' => 'item', 'item_type' => $post->post_type, 'slug' => $post->post_name, 'title' => Util::title($post), 'excerpt' => self::highlight(self::plainText($post), $query)];
                continue;
            }
            $results[] = [
                'type' => $post->post_type === 'post' ? 'post' : 'page',
                'title' => Util::title($post),
                'url' => Documents::siteUrlPath($post, $locale),
                'excerpt' => self::highlight(self::plainText($post), $query),
            ];
        }
        return [
            'query' => $query,
            'total' => (int) $wpQuery->found_posts,
            'page' => $page,
            'per_page' => self::PER_PAGE,
            'corrected' => null,
            'results' => $results,
        ];
    }

    /** A document's readable text: an article's content, a page's section texts. */
    private static function plainText(\WP_Post $post): string
    {
        if ($post->post_type === 'post' || Items::isItem($post)) {
            return Util::text(($post->post_excerpt !== '' ? $post->post_excerpt . ' ' : '') . $post->post_content, 100000);
        }
        $texts = [];
        $walk = static function (mixed $value, string $key) use (&$walk, &$texts): void {
            if (is_string($value) && !in_array($key, ['layout', 'url', 'form_id', 'image_side'], true)) {
                $texts[] = Util::text($value, 100000);
            } elseif (is_array($value)) {
                foreach ($value as $childKey => $child) {
                    $walk($child, (string) $childKey);
                }
            }
        };
        $walk(Sections::of($post)['sections'], '');
        return implode(' ', array_filter($texts));
    }

    /** About 180 characters around the first match, escaped, with the query's words in <mark>. */
    private static function highlight(string $text, string $query): string
    {
        $words = array_values(array_filter(preg_split('/[^\p{L}\p{N}]+/u', mb_strtolower($query)) ?: [], static fn ($word) => mb_strlen($word) > 1));
        $lower = mb_strtolower($text);
        $first = null;
        foreach ($words as $word) {
            $at = mb_strpos($lower, $word);
            if ($at !== false && ($first === null || $at < $first)) {
                $first = $at;
            }
        }
        $start = max(0, ($first ?? 0) - 60);
        $slice = mb_substr($text, $start, 180);
        $escaped = esc_html($slice);
        foreach ($words as $word) {
            $escaped = (string) preg_replace('/(' . preg_quote(esc_html($word), '/') . ')/iu', '<mark>$1</mark>', $escaped);
        }
        return ($start > 0 ? '…' : '') . $escaped . ($start + 180 < mb_strlen($text) ? '…' : '');
    }
}
