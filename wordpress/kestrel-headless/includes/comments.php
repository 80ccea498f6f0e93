<?php
/**
 * Comments through core's wp-comments-post.php (WordPress answers 302, 409 duplicate,
 * 429 flood by itself). The site posts them from its server, so the visitor's address is
 * its X-Forwarded-For; that header is believed only from the trusted proxies (settings).
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Comments
{
    public static function boot(): void
    {
        add_filter('pre_comment_user_ip', static fn (mixed $ip) => self::visitorIp() ?: (string) $ip);
        // Core exits with 200 and no body for an unknown post; the contract says 404 (as for a closed one).
        add_action('comment_id_not_found', static function (): void {
            // WordPress's own words in its own translations: translate() keeps them out of this plugin's .pot.
            wp_die(esc_html(translate('Sorry, comments are not allowed on this item.')), '', ['response' => 404]);
        });
    }

    public static function visitorIp(): string
    {
        $remote = (string) ($_SERVER['REMOTE_ADDR'] ?? '');
        $forwarded = (string) ($_SERVER['HTTP_X_FORWARDED_FOR'] ?? '');
        if ($forwarded !== '' && in_array($remote, Settings::trustedProxies(), true)) {
            $first = trim(explode(',', $forwarded)[0]);
            if (filter_var($first, FILTER_VALIDATE_IP)) {
                return $first;
            }
        }
        return $remote;
    }
}
