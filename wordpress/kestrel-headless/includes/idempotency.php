<?php
/**
 * `Idempotency-Key` on the submissions route and on register and forgot
 * (docs/content-api.md, Idempotency): the site sends one key per submission attempt and
 * the same key again when it retries. The first request with a key claims it with
 * add_option (an INSERT on a unique option name: atomic), the final answer (2xx or 4xx,
 * never 5xx or 429) is kept for a day and replayed to any later request with the key.
 * A request whose key is still being handled gets 409 with Retry-After; the site retries.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Idempotency
{
    private const PREFIX = 'kestrel_idem_';
    private const KEEP_SECONDS = DAY_IN_SECONDS;
    /** A claim older than this was left by a request that died; the next one takes over. */
    private const STALE_SECONDS = 60;
    private const CLEANUP_HOOK = 'kestrel_idempotency_cleanup';

    public static function boot(): void
    {
        add_action(self::CLEANUP_HOOK, [self::class, 'cleanup']);
        add_action('init', static function (): void {
            if (!wp_next_scheduled(self::CLEANUP_HOOK)) {
                wp_schedule_event(time() + HOUR_IN_SECONDS, 'daily', self::CLEANUP_HOOK);
            }
        });
    }

    /** The request's key: null without one, a 400 answer for a malformed one. */
    public static function keyOf(\WP_REST_Request $request): string|\WP_REST_Response|null
    {
        $key = $request->get_header('idempotency-key');
        if ($key === null || $key === '') {
            return null;
        }
        if (preg_match('/^[\x21-\x7e]{1,255}$/', $key) !== 1) {
            return Util::error('rest_invalid_idempotency_key', 'Idempotency-Key must be 1–255 printable ASCII characters.', 400);
        }
        return $key;
    }

    private static function option(string $scope, string $key): string
    {
        return self::PREFIX . md5($scope . "\n" . $key);
    }

    /**
     * Claims the key for this request: null when it may go ahead, else the answer to give
     * (the kept one, or 409 while another request with the key is running).
     */
    public static function claim(string $scope, string $key): ?\WP_REST_Response
    {
        $name = self::option($scope, $key);
        $claim = ['state' => 'running', 'at' => time()];
        if (add_option($name, $claim, '', false)) {
            return null;
        }
        $kept = get_option($name);
        if (is_array($kept) && ($kept['state'] ?? '') === 'done' && (int) ($kept['at'] ?? 0) > time() - self::KEEP_SECONDS) {
            $response = new \WP_REST_Response($kept['body'] ?? null, (int) ($kept['status'] ?? 200));
            $response->header('Idempotent-Replayed', 'true');
            return $response;
        }
        if (is_array($kept) && ($kept['state'] ?? '') === 'running' && (int) ($kept['at'] ?? 0) > time() - self::STALE_SECONDS) {
            $response = Util::error('idempotency_in_progress', 'A request with this Idempotency-Key is still being handled.', 409);
            $response->header('Retry-After', '1');
            return $response;
        }
        // Expired, or left by a request that died: this one takes over.
        update_option($name, $claim, false);
        return null;
    }

    /** Keeps the answer for the key (a final one), or lets the key go (5xx, 429) so a retry runs again. */
    public static function finish(string $scope, string $key, \WP_REST_Response $response): \WP_REST_Response
    {
        $name = self::option($scope, $key);
        $status = $response->get_status();
        if ($status >= 500 || $status === 429) {
            delete_option($name);
        } else {
            update_option($name, ['state' => 'done', 'at' => time(), 'status' => $status, 'body' => $response->get_data()], false);
        }
        return $response;
    }

    /** Runs `$handle` once per key (see claim and finish); without a key, as is. */
    public static function once(string $scope, \WP_REST_Request $request, callable $handle): \WP_REST_Response
    {
        $key = self::keyOf($request);
        if ($key === null) {
            return $handle();
        }
        if ($key instanceof \WP_REST_Response) {
            return $key;
        }
        $earlier = self::claim($scope, $key);
        if ($earlier !== null) {
            return $earlier;
        }
        try {
            $response = $handle();
        } catch (\Throwable $error) {
            delete_option(self::option($scope, $key));
            throw $error;
        }
        return self::finish($scope, $key, $response);
    }

    /** Daily: forgets answers older than a day. */
    public static function cleanup(): void
    {
        global $wpdb;
        $names = $wpdb->get_col($wpdb->prepare(
            "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s LIMIT 5000",
            $wpdb->esc_like(self::PREFIX) . '%'
        ));
        foreach ((array) $names as $name) {
            $kept = get_option((string) $name);
            if (!is_array($kept) || (int) ($kept['at'] ?? 0) <= time() - self::KEEP_SECONDS) {
                delete_option((string) $name);
            }
        }
    }
}
