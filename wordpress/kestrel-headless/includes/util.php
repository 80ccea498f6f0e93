<?php
/**
 * Small helpers shared by the plugin: plain text out of WordPress's HTML-ish strings,
 * the contract's image object, error answers.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Util
{
    /**
     * A plain-text field of the contract (titles, names, labels): WordPress stores and
     * renders them with entities (`&amp;`, `&#8217;` from wptexturize). The site shows
     * such fields as text, so they are decoded here, once, and tags are dropped.
     */
    public static function text(string $value, int $max = 2000): string
    {
        $plain = html_entity_decode(wp_strip_all_tags($value), ENT_QUOTES | ENT_HTML5, 'UTF-8');
        $plain = trim((string) preg_replace('/\s+/u', ' ', $plain));
        return mb_substr($plain, 0, $max);
    }

    /** A post's title as the site shows it. */
    public static function title(\WP_Post $post): string
    {
        return self::text(get_the_title($post));
    }

    /** The contract's image object of an attachment, or null. */
    public static function attachmentImage(int $attachmentId, string $size = 'full'): ?array
    {
        if ($attachmentId <= 0) {
            return null;
        }
        $source = wp_get_attachment_image_src($attachmentId, $size);
        if (!$source) {
            return null;
        }
        $image = ['url' => (string) $source[0]];
        if ((int) $source[1] > 0 && (int) $source[2] > 0) {
            $image['width'] = (int) $source[1];
            $image['height'] = (int) $source[2];
        }
        $image['alt'] = self::text((string) get_post_meta($attachmentId, '_wp_attachment_image_alt', true));
        if ($size === 'full') {
            $image += self::generatedSizes($attachmentId);
        }
        return $image;
    }

    /**
     * The contract's `srcset` of an attachment: the smaller copies WordPress generated of
     * it (its registered image sizes), by width, as `['srcset' => [...]]`, or nothing when
     * there are none (an SVG, a small upload). The site leaves out crops of another shape
     * (docs/content-api.md, the image object).
     */
    public static function generatedSizes(int $attachmentId): array
    {
        $meta = wp_get_attachment_metadata($attachmentId);
        if (!is_array($meta) || empty($meta['sizes']) || !is_array($meta['sizes'])) {
            return [];
        }
        $sizes = [];
        foreach (array_keys($meta['sizes']) as $name) {
            $source = wp_get_attachment_image_src($attachmentId, (string) $name);
            if (!$source || (int) $source[1] <= 0 || (int) $source[2] <= 0) {
                continue;
            }
            $sizes[] = ['url' => (string) $source[0], 'width' => min((int) $source[1], 20000), 'height' => min((int) $source[2], 20000)];
        }
        usort($sizes, static fn (array $a, array $b): int => $a['width'] <=> $b['width']);
        return $sizes === [] ? [] : ['srcset' => array_slice($sizes, 0, 24)];
    }

    /**
     * An image object from stored data (block attributes, meta): `url` required; width
     * and height only when both are positive; an attachment `id` fills what is missing.
     */
    public static function imageFrom(mixed $value): ?array
    {
        if (!is_array($value)) {
            return null;
        }
        $id = isset($value['id']) ? (int) $value['id'] : 0;
        $url = isset($value['url']) && is_string($value['url']) ? trim($value['url']) : '';
        if ($url === '' && $id > 0) {
            return self::attachmentImage($id);
        }
        if ($url === '') {
            return null;
        }
        $image = ['url' => $url];
        $width = (int) ($value['width'] ?? 0);
        $height = (int) ($value['height'] ?? 0);
        if (($width <= 0 || $height <= 0) && $id > 0) {
            $meta = wp_get_attachment_metadata($id);
            $width = (int) ($meta['width'] ?? 0);
            $height = (int) ($meta['height'] ?? 0);
        }
        if ($width > 0 && $height > 0) {
            $image['width'] = min($width, 20000);
            $image['height'] = min($height, 20000);
        }
        $image['alt'] = self::text((string) ($value['alt'] ?? ''));
        // The attachment's own sizes, when the URL is that attachment's (not one typed over it).
        if ($id > 0 && $url === (string) wp_get_attachment_url($id)) {
            $image += self::generatedSizes($id);
        }
        return $image;
    }

    /** WordPress's REST error shape: `{ code, message, data: { status, … } }`. */
    public static function error(string $code, string $message, int $status, array $data = []): \WP_REST_Response
    {
        return new \WP_REST_Response(['code' => $code, 'message' => $message, 'data' => ['status' => $status] + $data], $status);
    }

    /** The path part of a URL on this WordPress or the site, else the URL itself. */
    public static function relativePath(string $url): string
    {
        $path = (string) wp_parse_url($url, PHP_URL_PATH);
        $query = (string) wp_parse_url($url, PHP_URL_QUERY);
        $fragment = (string) wp_parse_url($url, PHP_URL_FRAGMENT);
        return ($path === '' ? '/' : $path) . ($query !== '' ? '?' . $query : '') . ($fragment !== '' ? '#' . $fragment : '');
    }

    /** Whether a URL points at this WordPress or the public site (so it is a site path). */
    public static function isOwnUrl(string $url): bool
    {
        if (str_starts_with($url, '/') && !str_starts_with($url, '//')) {
            return true;
        }
        $host = wp_parse_url($url, PHP_URL_HOST);
        if (!is_string($host)) {
            return false;
        }
        foreach ([home_url(), Settings::siteUrl()] as $own) {
            if ($own !== '' && wp_parse_url($own, PHP_URL_HOST) === $host) {
                return true;
            }
        }
        return false;
    }

    /** A date in ISO 8601 (UTC). */
    public static function date(string $gmt): string
    {
        $time = strtotime($gmt . ' UTC');
        return $time === false ? '' : gmdate('Y-m-d\TH:i:s\Z', $time);
    }

    /**
     * Drops what the contract treats as "none" from section data: empty strings, nulls,
     * empty objects and objects whose values are all empty (an unset link or image).
     * Lists, booleans and numbers stay, so a block's defaults reach the site as set.
     */
    public static function prune(mixed $value): mixed
    {
        if (!is_array($value)) {
            return is_string($value) ? $value : $value;
        }
        if (array_is_list($value)) {
            return array_values(array_filter(array_map([self::class, 'prune'], $value), static fn ($item) => $item !== null && $item !== ''));
        }
        $out = [];
        foreach ($value as $key => $item) {
            $item = self::prune($item);
            if ($item === null || $item === '' || (is_array($item) && $item === [] && !self::isListKey((string) $key))) {
                continue;
            }
            $out[$key] = $item;
        }
        if ($out === []) {
            return null;
        }
        // An image or a link without its URL is no image or link.
        if ((array_key_exists('url', $value) || array_key_exists('label', $value)) && !isset($out['url']) && count(array_intersect(array_keys($value), ['url', 'label', 'alt', 'width', 'height', 'id'])) === count($value)) {
            return null;
        }
        return $out;
    }

    /** Keys whose value is a list in the section schemas (kept even when empty). */
    private static function isListKey(string $key): bool
    {
        return in_array($key, ['items', 'logos', 'plans', 'features', 'steps', 'services', 'members'], true);
    }
}
