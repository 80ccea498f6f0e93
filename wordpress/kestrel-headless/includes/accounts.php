<?php
/**
 * Accounts on WordPress's own users (docs/content-api.md, Accounts), with the embedded
 * CMS's answers (cms/users.ts): `POST /api/user/register|login|logout|forgot|reset-password`
 * and `GET /api/user/me`. A login is a WordPress session (WP_Session_Tokens, stored
 * hashed, 14 days); the bearer token is `{user id}.{session token}`. The reset link is
 * built from `nuxtURL` only when that is the configured site URL (or loopback), never
 * from the request's Host.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Accounts
{
    private const MIN_PASSWORD = 8;
    private const MAX_PASSWORD = 200;
    private const SESSION_SECONDS = 14 * DAY_IN_SECONDS;
    private const LOGIN_LIMIT = [10, MINUTE_IN_SECONDS];
    private const FORGOT_LIMIT = [5, 15 * MINUTE_IN_SECONDS];
    private const MAX_BODY_BYTES = 64 * 1024;

    public static function boot(): void
    {
        add_action('rest_api_init', [self::class, 'routes']);
    }

    public static function routes(): void
    {
        foreach (['register', 'login', 'logout', 'forgot', 'reset-password'] as $call) {
            register_rest_route('user', '/' . $call, [
                'methods' => 'POST',
                'callback' => static fn (\WP_REST_Request $request) => self::handle($call, $request),
                'permission_callback' => '__return_true',
            ]);
        }
        register_rest_route('user', '/me', [
            'methods' => 'GET',
            'callback' => static fn (\WP_REST_Request $request) => self::handle('me', $request),
            'permission_callback' => '__return_true',
        ]);
    }

    private static function fail(string $code, string $message, int $status): \WP_REST_Response
    {
        return Util::error($code, $message, $status);
    }

    /** The body's string fields (JSON, form-encoded or multipart). */
    private static function fields(\WP_REST_Request $request): array|\WP_REST_Response
    {
        if (strlen((string) $request->get_body()) > self::MAX_BODY_BYTES || (int) ($_SERVER['CONTENT_LENGTH'] ?? 0) > self::MAX_BODY_BYTES) {
            return self::fail('rest_request_too_large', 'The request body is too large.', 413);
        }
        $type = strtolower((string) ($request->get_content_type()['value'] ?? ''));
        if ($type === 'application/json') {
            $json = json_decode((string) $request->get_body(), true);
            if (!is_array($json) || array_is_list($json) && $json !== []) {
                return self::fail('rest_invalid_body', 'The request body must be a JSON object.', 400);
            }
            $source = $json;
        } elseif ($type === 'application/x-www-form-urlencoded' || $type === 'multipart/form-data') {
            $source = (array) $request->get_body_params();
        } elseif ((string) $request->get_body() === '') {
            $source = [];
        } else {
            return self::fail('rest_unsupported_media_type', 'Send the fields as application/json, application/x-www-form-urlencoded or multipart/form-data.', 415);
        }
        $fields = [];
        foreach ($source as $key => $value) {
            if (is_string($value)) {
                $fields[(string) $key] = $value;
            }
        }
        return $fields;
    }

    private static function field(array $fields, string ...$names): string
    {
        foreach ($names as $name) {
            $value = trim((string) ($fields[$name] ?? ''));
            if ($value !== '') {
                return $value;
            }
        }
        return '';
    }

    private static function passwordProblem(string $password): ?string
    {
        if (mb_strlen($password) < self::MIN_PASSWORD) {
            return sprintf(
                /* translators: %d: the least number of characters */
                __('The password must be at least %d characters long.', 'kestrel-headless'),
                self::MIN_PASSWORD
            );
        }
        if (mb_strlen($password) > self::MAX_PASSWORD) {
            return sprintf(
                /* translators: %d: the most characters */
                __('The password must be at most %d characters long.', 'kestrel-headless'),
                self::MAX_PASSWORD
            );
        }
        return null;
    }

    /** At most `count` calls per window for a key (a transient per key). */
    private static function allow(string $key, array $limit): bool
    {
        [$count, $window] = $limit;
        $name = 'kestrel_rl_' . md5($key);
        $hits = array_values(array_filter((array) get_transient($name), static fn ($time) => (int) $time > time() - $window));
        if (count($hits) >= $count) {
            return false;
        }
        $hits[] = time();
        set_transient($name, $hits, $window);
        return true;
    }

    private static function handle(string $call, \WP_REST_Request $request): \WP_REST_Response
    {
        $requested = (string) ($request->get_param('locale') ?: Languages::defaultLocale());
        $locale = Languages::isLocale($requested) ? $requested : Languages::defaultLocale();
        // The answers and mails in the request's locale (includes/messages.php).
        return Messages::in($locale, static fn (): \WP_REST_Response => self::answer($call, $request));
    }

    private static function answer(string $call, \WP_REST_Request $request): \WP_REST_Response
    {
        if ($call === 'me') {
            return self::me($request);
        }
        $fields = self::fields($request);
        if ($fields instanceof \WP_REST_Response) {
            return $fields;
        }
        return match ($call) {
            // Safe to retry with the same Idempotency-Key (the site's outbox does): one account, one mail per key.
            'register' => Idempotency::once('user:register', $request, static fn (): \WP_REST_Response => self::register($fields)),
            'login' => self::login($fields),
            'logout' => self::logout($request),
            'forgot' => Idempotency::once('user:forgot', $request, static fn (): \WP_REST_Response => self::forgot($fields)),
            default => self::resetPassword($request, $fields),
        };
    }

    private static function register(array $fields): \WP_REST_Response
    {
        $name = self::field($fields, 'name', 'username');
        $email = strtolower(self::field($fields, 'email'));
        $password = (string) ($fields['password'] ?? '');
        if ($name === '' || mb_strlen($name) > 100) {
            return self::fail('rest_invalid_param', __('Please enter your name.', 'kestrel-headless'), 400);
        }
        if (!is_email($email) || strlen($email) > 254) {
            return self::fail('rest_invalid_param', __('Please enter a valid email address.', 'kestrel-headless'), 400);
        }
        $problem = self::passwordProblem($password);
        if ($problem !== null) {
            return self::fail('rest_invalid_param', $problem, 400);
        }
        if (isset($fields['passwordRepeat']) && $fields['passwordRepeat'] !== $password) {
            return self::fail('rest_invalid_param', __('Passwords must match', 'kestrel-headless'), 400);
        }
        // Requirements §11.2: the same answer whether or not the email has an account; its owner is told by mail instead.
        $existing = get_user_by('email', $email);
        if ($existing instanceof \WP_User) {
            $noticeKey = 'kestrel_register_notice_' . md5(strtolower($email));
            if (get_transient($noticeKey) === false) {
                set_transient($noticeKey, 1, HOUR_IN_SECONDS);
                wp_mail($existing->user_email, get_bloginfo('name'), __("Someone tried to register a new account with this email address, which already has one. If it was you, log in, or reset your password if you forgot it. If it was not, ignore this email: your account is unchanged.\n", 'kestrel-headless'));
            }
            return new \WP_REST_Response(['message' => __('Thank you for registering. You can now log in; if this email address already had an account, we have emailed its owner instead.', 'kestrel-headless')], 200);
        }
        // The login name is never shown; it is derived from the email and made unique.
        $base = sanitize_user(strstr($email, '@', true) ?: 'user', true) ?: 'user';
        $login = $base;
        for ($n = 2; username_exists($login); $n++) {
            $login = $base . $n;
        }
        $userId = wp_insert_user([
            'user_login' => $login,
            'user_email' => $email,
            'user_pass' => $password,
            'display_name' => sanitize_text_field($name),
            'first_name' => sanitize_text_field($name),
            'role' => get_option('default_role', 'subscriber'),
            'locale' => '',
        ]);
        if (is_wp_error($userId)) {
            return $userId->get_error_code() === 'existing_user_email'
                ? self::fail('existing_user_email', __('An account with this email address already exists. Log in, or reset your password.', 'kestrel-headless'), 409)
                : self::fail('rest_invalid_param', $userId->get_error_message(), 400);
        }
        return new \WP_REST_Response(['message' => __('Thank you for registering. You can now log in; if this email address already had an account, we have emailed its owner instead.', 'kestrel-headless')], 200);
    }

    private static function account(\WP_User $user): array
    {
        return ['id' => $user->ID, 'name' => Util::text($user->display_name) ?: $user->user_login, 'email' => $user->user_email];
    }

    private static function login(array $fields): \WP_REST_Response
    {
        $email = strtolower(self::field($fields, 'email', 'username'));
        $password = (string) ($fields['password'] ?? '');
        if (!self::allow('login:' . Comments::visitorIp() . ':' . $email, self::LOGIN_LIMIT)) {
            return self::fail('too_many_requests', __('Too many attempts. Please wait a few minutes and try again.', 'kestrel-headless'), 429);
        }
        $user = $email === '' || mb_strlen($password) > self::MAX_PASSWORD ? null : wp_authenticate($email, $password);
        if (!$user instanceof \WP_User) {
            return self::fail('invalid_credentials', __('The email address or password is incorrect.', 'kestrel-headless'), 401);
        }
        $token = \WP_Session_Tokens::get_instance($user->ID)->create(time() + self::SESSION_SECONDS);
        return new \WP_REST_Response(['message' => __('You are now logged in.', 'kestrel-headless'), 'token' => $user->ID . '.' . $token, 'user' => self::account($user)], 200);
    }

    /** The user of a valid `Authorization: Bearer {id}.{token}`, and the session token. */
    private static function bearer(\WP_REST_Request $request): ?array
    {
        if (preg_match('/^Bearer\s+(\d{1,15})\.([A-Za-z0-9]{20,200})$/i', trim((string) $request->get_header('authorization')), $match) !== 1) {
            return null;
        }
        $user = get_user_by('id', (int) $match[1]);
        if (!$user || !\WP_Session_Tokens::get_instance($user->ID)->verify($match[2])) {
            return null;
        }
        return [$user, $match[2]];
    }

    private static function me(\WP_REST_Request $request): \WP_REST_Response
    {
        $found = self::bearer($request);
        if ($found === null) {
            return self::fail('not_logged_in', __('You are not logged in.', 'kestrel-headless'), 401);
        }
        return new \WP_REST_Response(['message' => __('You are logged in.', 'kestrel-headless'), 'user' => self::account($found[0])], 200);
    }

    private static function logout(\WP_REST_Request $request): \WP_REST_Response
    {
        $found = self::bearer($request);
        if ($found !== null) {
            \WP_Session_Tokens::get_instance($found[0]->ID)->destroy($found[1]);
        }
        return new \WP_REST_Response(['message' => __('You have been logged out.', 'kestrel-headless')], 200);
    }

    /** Whether a reset link may point at this address: the configured site URL or loopback. */
    private static function allowedSiteUrl(string $url): bool
    {
        $parts = wp_parse_url($url);
        if (!is_array($parts) || !in_array($parts['scheme'] ?? '', ['http', 'https'], true) || !isset($parts['host'])) {
            return false;
        }
        if (in_array($parts['host'], ['localhost', '127.0.0.1', '[::1]', '::1'], true)) {
            return true;
        }
        $origin = static function (string $value): string {
            $p = wp_parse_url($value);
            return is_array($p) && isset($p['host']) ? strtolower(($p['scheme'] ?? '') . '://' . $p['host'] . (isset($p['port']) ? ':' . $p['port'] : '')) : '';
        };
        return Settings::siteUrl() !== '' && $origin($url) === $origin(Settings::siteUrl());
    }

    private static function forgot(array $fields): \WP_REST_Response
    {
        $email = strtolower(self::field($fields, 'email', 'username'));
        $siteUrl = self::field($fields, 'nuxtURL');
        // The link carries the key: it may only point at the site, never where the request says.
        if (!self::allowedSiteUrl($siteUrl)) {
            return self::fail('rest_invalid_param', __('nuxtURL must be the address of this site.', 'kestrel-headless'), 400);
        }
        if (!is_email($email)) {
            return self::fail('rest_invalid_param', __('Please enter a valid email address.', 'kestrel-headless'), 400);
        }
        if (!self::allow('forgot:' . Comments::visitorIp() . ':' . $email, self::FORGOT_LIMIT)) {
            return self::fail('too_many_requests', __('Too many attempts. Please wait a few minutes and try again.', 'kestrel-headless'), 429);
        }
        $subject = mb_substr((string) preg_replace('/[\r\n]+/', ' ', self::field($fields, 'subject')), 0, 200) ?: 'Reset your password';
        $user = get_user_by('email', $email);
        if ($user) {
            $key = get_password_reset_key($user);
            if (!is_wp_error($key)) {
                $link = untrailingslashit($siteUrl) . '/reset-password?' . http_build_query(['userId' => $user->ID, 'passToken' => $key]);
                $text = sprintf(
                    /* translators: 1: the account's name, 2: the link to the site's password reset page */
                    __("Hello %1\$s,\n\nsomeone (hopefully you) asked to reset the password of your account. Open this link within one hour to choose a new password:\n\n%2\$s\n\nIf you did not ask for this, ignore this email: your password stays as it is.\n", 'kestrel-headless'),
                    Util::text($user->display_name),
                    $link
                );
                try {
                    wp_mail($user->user_email, $subject, $text);
                } catch (\Throwable) {
                    // The answer must not differ because of the account or the mailer.
                }
            }
        }
        return new \WP_REST_Response(['message' => __('If an account exists for this email address, we have sent it a link to reset the password.', 'kestrel-headless')], 200);
    }

    /** Reset keys last one hour here (WordPress's default is a day). */
    public static function resetKeyLifetime(): int
    {
        return HOUR_IN_SECONDS;
    }

    private static function resetPassword(\WP_REST_Request $request, array $fields): \WP_REST_Response
    {
        $userId = (string) ($request->get_query_params()['userId'] ?? $fields['userId'] ?? '');
        $key = (string) ($request->get_query_params()['passToken'] ?? $fields['passToken'] ?? '');
        $password = (string) ($fields['password'] ?? '');
        // Requirements §5: checked first, so a typo does not use up the link.
        if (isset($fields['passwordRepeat']) && $password !== $fields['passwordRepeat']) {
            return self::fail('password_mismatch', __('Passwords must match', 'kestrel-headless'), 400);
        }
        $problem = self::passwordProblem($password);
        if ($problem !== null) {
            return self::fail('rest_invalid_param', $problem, 400);
        }
        $user = preg_match('/^\d{1,15}$/', $userId) === 1 && preg_match('/^[A-Za-z0-9]{10,64}$/', $key) === 1 ? get_user_by('id', (int) $userId) : false;
        if (!$user) {
            return self::fail('invalid_reset_token', __('This password reset link is invalid or has expired. Please request a new one.', 'kestrel-headless'), 400);
        }
        add_filter('password_reset_expiration', [self::class, 'resetKeyLifetime']);
        $checked = check_password_reset_key($key, $user->user_login);
        remove_filter('password_reset_expiration', [self::class, 'resetKeyLifetime']);
        if (!$checked instanceof \WP_User || $checked->ID !== $user->ID) {
            return self::fail('invalid_reset_token', __('This password reset link is invalid or has expired. Please request a new one.', 'kestrel-headless'), 400);
        }
        // reset_password() also clears the key, so the link works once.
        reset_password($user, $password);
        \WP_Session_Tokens::get_instance($user->ID)->destroy_all();
        return new \WP_REST_Response(['message' => __('Your password has been changed. You can now log in with the new password.', 'kestrel-headless')], 200);
    }
}
