<?php
/**
 * Signed previews (docs/content-api.md, Previews of drafts), exactly as the site signs
 * and verifies them (app/contract/preview-token.server.ts): token = HMAC-SHA256(PREVIEW_SECRET,
 * "{id}.{expires}"), lowercase hex, one hour. The editor's Preview button and the
 * "Preview on site" link point at the site; the base call answers a draft only with a
 * valid signature.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Previews
{
    public const LIFETIME = HOUR_IN_SECONDS;

    public static function boot(): void
    {
        add_filter('preview_post_link', [self::class, 'previewLink'], 10, 2);
        add_action('rest_api_init', static function (): void {
            register_rest_route('kestrel/v1', '/preview-link/(?P<id>\d+)', [
                'methods' => 'GET',
                'callback' => static function (\WP_REST_Request $request) {
                    $link = self::link((int) $request['id']);
                    return $link === null ? Util::error('kestrel_no_preview', __('Set the site URL and the preview secret in Settings → Kestrel Headless.', 'kestrel-headless'), 409) : ['url' => $link];
                },
                'permission_callback' => static fn (\WP_REST_Request $request) => current_user_can('edit_post', (int) $request['id']),
            ]);
        });
    }

    public static function sign(int $id, int $expires, string $secret): string
    {
        return hash_hmac('sha256', $id . '.' . $expires, $secret);
    }

    public static function verify(string $id, string $expires, string $token): bool
    {
        $secret = Settings::previewSecret();
        if ($secret === '' || preg_match('/^\d{1,20}$/', $id) !== 1 || preg_match('/^\d{1,20}$/', $expires) !== 1 || (int) $expires < time()) {
            return false;
        }
        if (preg_match('/^[0-9a-f]{64}$/', $token) !== 1) {
            return false;
        }
        return hash_equals(self::sign((int) $id, (int) $expires, $secret), $token);
    }

    /** The signed "Preview on site" URL of a document, or null when the site URL or secret is missing. */
    public static function link(int $postId): ?string
    {
        $post = get_post($postId);
        $secret = Settings::previewSecret();
        if (!$post || $secret === '' || Settings::siteUrl() === '') {
            return null;
        }
        $locale = Languages::ofPost($post->ID);
        if (Items::isItem($post)) {
            // The site owns an item's path (decision 029): its base for previews comes from the filter.
            $path = Languages::prefix($locale) . '/' . Items::base($post->post_type, $locale) . '/' . ($post->post_name !== '' ? $post->post_name : 'draft-' . $post->ID);
        } elseif ($post->post_name === '') {
            // A draft without a slug yet: the site finds it by id; the path only picks the route.
            $path = Languages::prefix($locale) . ($post->post_type === 'post' ? '/blog/draft-' . $post->ID : '/draft-' . $post->ID);
        } else {
            $path = Documents::siteUrlPath($post, $locale);
        }
        $expires = time() + self::LIFETIME;
        return Settings::siteUrl() . $path . '?' . http_build_query(['preview' => 'true', 'p' => $post->ID, 'expires' => $expires, 'token' => self::sign($post->ID, $expires, $secret)]);
    }

    public static function previewLink(string $link, \WP_Post $post): string
    {
        if (!in_array($post->post_type, ['post', 'page'], true) && !Items::isItem($post)) {
            return $link;
        }
        return self::link($post->ID) ?? $link;
    }

    /**
     * The document a valid preview asks for, drafts included; the newest autosave's title
     * and content when an editor has unsaved changes of a published document. "Preview on
     * site" leaves a published document as visitors see it: its changes go to the editor's
     * autosave, custom fields included (assets/editor.js, docs/wordpress.md).
     */
    public static function document(string $id, string $expires, string $token): ?\WP_Post
    {
        if (!self::verify($id, $expires, $token)) {
            return null;
        }
        $post = get_post((int) $id);
        if (!$post || (!in_array($post->post_type, ['post', 'page'], true) && !Items::isItem($post)) || $post->post_status === 'trash') {
            return null;
        }
        $autosaves = wp_get_post_revisions($post->ID, ['posts_per_page' => 1, 'orderby' => 'date', 'order' => 'DESC', 'check_enabled' => false]);
        foreach ($autosaves as $revision) {
            if (wp_is_post_autosave($revision) && strtotime($revision->post_modified_gmt) > strtotime($post->post_modified_gmt)) {
                $post = clone $post;
                $post->post_title = $revision->post_title;
                $post->post_content = $revision->post_content;
                $post->post_excerpt = $revision->post_excerpt;
                // On the copy only, never in state that outlives it: a later request for the
                // published document (a PHP runtime that keeps workers) must not read the preview's fields.
                $post->kestrel_preview_autosave = $revision->ID;
            }
        }
        return $post;
    }

    /**
     * Where a document's custom field (ACF/SCF) is read: in a preview of unsaved changes, the
     * autosave that holds the field (ACF writes the fields the preview posted there); else
     * the document itself.
     */
    public static function fieldsId(\WP_Post $post, string $field): int
    {
        $autosave = self::autosaveId($post);
        return $autosave !== 0 && metadata_exists('post', $autosave, $field) ? $autosave : $post->ID;
    }

    /** The autosave a preview of unsaved changes shows (marked by `document` on its copy of the post), else 0. */
    public static function autosaveId(\WP_Post $post): int
    {
        // property_exists, not isset: WP_Post answers an unknown property from post meta.
        return property_exists($post, 'kestrel_preview_autosave') ? (int) $post->kestrel_preview_autosave : 0;
    }
}
