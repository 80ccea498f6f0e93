<?php
/**
 * The built-in live chat (docs/content-api.md, `POST /api/v1/chat/messages`), as the
 * embedded CMS answers it (cms/chat.ts): each conversation is a support ticket, a private
 * post of the type `kestrel_chat_ticket` (wp-admin → Chat tickets); the visitor's
 * messages and the canned reply in the visitor's locale are stored with it. Only the
 * holder of the ticket's token may add to it; the ticket keeps only the token's SHA-256.
 * Decision 022 says why a post type.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Chat
{
    /** A chat request is a short JSON object: anything larger is refused before it is parsed. */
    public const MAX_REQUEST_BYTES = 16384;
    /** app/config/site.ts `siteConfig.chat`: characters in one message, visitor messages per ticket. */
    public const MAX_MESSAGE_LENGTH = 1000;
    public const MAX_MESSAGES_PER_TICKET = 50;
    private const MAX_PAGE_URL_LENGTH = 2000;

    public const META_TOKEN_HASH = '_kestrel_chat_token_hash';
    public const META_LOCALE = '_kestrel_chat_locale';
    public const META_PAGE_URL = '_kestrel_chat_page_url';
    public const META_VISITOR_IP = '_kestrel_chat_visitor_ip';
    /** One meta row per message, in order: JSON `{ author: visitor|agent, body, at }`. */
    public const META_MESSAGE = '_kestrel_chat_message';

    public static function boot(): void
    {
        // WordPress refuses a body sent as application/json that is no JSON before the route's
        // callback runs (rest_invalid_json); the contract's answer is the route's own 400 (or 413).
        add_filter('rest_request_before_callbacks', static function (mixed $response, mixed $handler, \WP_REST_Request $request): mixed {
            $ours = preg_match('#^/v1/chat/messages/?$#', $request->get_route()) === 1;
            return $ours && $response instanceof \WP_Error && $response->get_error_code() === 'rest_invalid_json' ? null : $response;
        }, 10, 3);
        add_action('rest_api_init', [self::class, 'restField']);
        // A ticket stays private whatever the edit screen's Publish box is set to (restored from the trash too).
        add_filter('wp_insert_post_data', static function (array $data): array {
            if ($data['post_type'] === ContentTypes::CHAT_TICKET && !in_array($data['post_status'], ['private', 'trash', 'auto-draft'], true)) {
                $data['post_status'] = 'private';
            }
            return $data;
        });
        add_action('add_meta_boxes_' . ContentTypes::CHAT_TICKET, static function (): void {
            add_meta_box('kestrel-chat-ticket', __('Conversation', 'kestrel-headless'), [self::class, 'ticketBox'], ContentTypes::CHAT_TICKET, 'normal', 'high');
        });
        add_filter('manage_' . ContentTypes::CHAT_TICKET . '_posts_columns', static function (array $columns): array {
            return array_slice($columns, 0, 2, true) + [
                'kestrel_chat_ticket' => __('Ticket', 'kestrel-headless'),
                'kestrel_chat_messages' => __('Visitor messages', 'kestrel-headless'),
                'kestrel_chat_last' => __('Last message', 'kestrel-headless'),
            ] + $columns;
        });
        add_action('manage_' . ContentTypes::CHAT_TICKET . '_posts_custom_column', static function (string $column, int $postId): void {
            $messages = self::messages($postId);
            echo match ($column) {
                'kestrel_chat_ticket' => esc_html('#' . $postId . ' · ' . (string) get_post_meta($postId, self::META_LOCALE, true)),
                'kestrel_chat_messages' => esc_html((string) count(array_filter($messages, static fn (array $m) => $m['author'] === 'visitor'))),
                'kestrel_chat_last' => esc_html($messages === [] ? '' : self::shown(end($messages)['at'])),
                default => '',
            };
        }, 10, 2);
    }

    /** POST /api/v1/chat/messages */
    public static function post(\WP_REST_Request $request): \WP_REST_Response
    {
        $declared = trim((string) $request->get_header('content-length'));
        $body = (string) $request->get_body();
        if ((preg_match('/^\d+$/', $declared) === 1 && (int) $declared > self::MAX_REQUEST_BYTES) || strlen($body) > self::MAX_REQUEST_BYTES) {
            return self::error('chat_too_large', sprintf('The request is larger than %d bytes.', self::MAX_REQUEST_BYTES), 413);
        }
        // As the embedded CMS reads it: a leading byte order mark is dropped, broken UTF-8 becomes U+FFFD.
        $raw = json_decode(str_starts_with($body, "\u{FEFF}") ? substr($body, 3) : $body, false, 512, JSON_INVALID_UTF8_SUBSTITUTE);
        if (json_last_error() !== JSON_ERROR_NONE) {
            return self::error('chat_invalid', 'The request body must be JSON.', 400);
        }
        $input = self::parse($raw);
        if (is_string($input)) {
            return self::error('chat_invalid', $input, 400);
        }
        $text = self::trim($input['message']);
        if ($text === '') {
            return self::error('chat_invalid', 'message: must not be blank', 400);
        }
        $locale = Languages::isLocale($input['locale']) ? $input['locale'] : Languages::defaultLocale();

        if ($input['ticket'] !== null) {
            if ($input['token'] === null) {
                return self::error('chat_invalid', 'token: required with ticket', 400);
            }
            $ticket = self::ticket($input['ticket'], $input['token']);
            if ($ticket === null) {
                return self::error('chat_unknown_ticket', 'No such ticket, or the token does not match.', 404);
            }
            $visitorMessages = count(array_filter(self::messages($ticket), static fn (array $m) => $m['author'] === 'visitor'));
            if ($visitorMessages >= self::MAX_MESSAGES_PER_TICKET) {
                return self::error('chat_ticket_full', Messages::in($locale, static fn (): string => __('This conversation is full. Please use the support form, and we will reply by email.', 'kestrel-headless')), 409);
            }
            $token = $input['token'];
        } else {
            $token = self::newToken();
            $created = wp_insert_post([
                'post_type' => ContentTypes::CHAT_TICKET,
                'post_status' => 'private',
                'post_title' => wp_slash(mb_strimwidth(Util::text($text, 200), 0, 80, '…')),
                'comment_status' => 'closed',
                'ping_status' => 'closed',
                'meta_input' => [
                    self::META_TOKEN_HASH => hash('sha256', $token),
                    self::META_LOCALE => $locale,
                    self::META_PAGE_URL => wp_slash($input['page_url'] ?? ''),
                    self::META_VISITOR_IP => Comments::visitorIp(),
                ],
            ], true);
            if (!is_int($created) || $created === 0) {
                return self::error('internal_error', 'The chat message could not be stored.', 500);
            }
            $ticket = $created;
        }

        $reply = Messages::in($locale, static fn (): string => sprintf(
            /* translators: %d: the ticket's number */
            __('Thank you! Your message is with our help desk as ticket #%d. An engineer will answer here shortly (8am to 6pm, Monday to Friday). If you leave, use the support form so we can reply by email.', 'kestrel-headless'),
            $ticket
        ));
        $at = self::now();
        if (!self::store($ticket, 'visitor', $text, $at) || !self::store($ticket, 'agent', $reply, $at)) {
            return self::error('internal_error', 'The chat message could not be stored.', 500);
        }
        return self::json(['ticket' => $ticket, 'token' => $token, 'reply' => ['text' => $reply, 'at' => $at]], 200);
    }

    /**
     * The request as app/contract/wire-chat.ts `wireChatRequest` takes it, or the first
     * problem as zod words it (`field: why`). Lengths are counted in code points, as zod counts.
     * @return array{locale: string, message: string, ticket: ?string, token: ?string, page_url: ?string}|string
     */
    private static function parse(mixed $raw): array|string
    {
        if (!$raw instanceof \stdClass) {
            return 'body: Invalid input: expected object, received ' . self::typeOf($raw);
        }
        $fields = get_object_vars($raw);
        $rules = [
            // name => [required, pattern (as zod prints it), PHP pattern, min length, max length]
            'locale' => [true, '/^[a-z]{2}(-[A-Za-z]{2})?$/', '/^[a-z]{2}(-[A-Za-z]{2})?\z/', null, null],
            'message' => [true, null, null, 1, self::MAX_MESSAGE_LENGTH],
            'ticket' => [false, '/^\d{1,20}$/', '/^[0-9]{1,20}\z/', null, null],
            'token' => [false, '/^[A-Za-z0-9_-]{16,200}$/', '/^[A-Za-z0-9_-]{16,200}\z/', null, null],
            'page_url' => [false, null, null, null, self::MAX_PAGE_URL_LENGTH],
        ];
        $input = [];
        foreach ($rules as $name => [$required, $shown, $pattern, $min, $max]) {
            if (!array_key_exists($name, $fields) && !$required) {
                $input[$name] = null;
                continue;
            }
            $value = $fields[$name] ?? null;
            if (!is_string($value)) {
                return sprintf('%s: Invalid input: expected string, received %s', $name, array_key_exists($name, $fields) ? self::typeOf($value) : 'undefined');
            }
            $length = self::zodLength($value);
            if ($min !== null && $length < $min) {
                return sprintf('%s: Too small: expected string to have >=%d characters', $name, $min);
            }
            if ($max !== null && $length > $max) {
                return sprintf('%s: Too big: expected string to have <=%d characters', $name, $max);
            }
            if ($pattern !== null && preg_match($pattern, $value) !== 1) {
                return sprintf('%s: Invalid string: must match pattern %s', $name, $shown);
            }
            $input[$name] = $value;
        }
        return $input;
    }

    /** The JSON type of a decoded value, in zod's words. */
    private static function typeOf(mixed $value): string
    {
        return match (true) {
            $value === null => 'null',
            is_bool($value) => 'boolean',
            is_int($value), is_float($value) => 'number',
            is_string($value) => 'string',
            is_array($value) => 'array',
            default => 'object',
        };
    }

    /** A string's length as zod counts it (app/contract/wire-chat.ts): in Unicode code points. */
    private static function zodLength(string $value): int
    {
        return mb_strlen($value, 'UTF-8');
    }

    /** JavaScript's String.prototype.trim: its white space and line terminators. */
    private static function trim(string $value): string
    {
        $space = '[\x{0009}-\x{000D}\x{0020}\x{00A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]';
        return (string) preg_replace("/^$space+|$space+\\z/u", '', $value);
    }

    /** The ticket's id when it exists and the token is its own (compared in constant time), else null. */
    private static function ticket(string $id, string $token): ?int
    {
        $post = ctype_digit($id) && strlen(ltrim($id, '0')) <= 18 ? get_post((int) $id) : null;
        $stored = $post instanceof \WP_Post && $post->post_type === ContentTypes::CHAT_TICKET && $post->post_status !== 'trash'
            ? (string) get_post_meta($post->ID, self::META_TOKEN_HASH, true)
            : '';
        // hash_equals on the hashes: equal lengths, so the time says nothing about the stored value.
        $matches = hash_equals($stored !== '' ? $stored : str_repeat('0', 64), hash('sha256', $token));
        return $stored !== '' && $matches ? $post->ID : null;
    }

    /** 24 random bytes, base64url: the ticket's secret. */
    private static function newToken(): string
    {
        return rtrim(strtr(base64_encode(random_bytes(24)), '+/', '-_'), '=');
    }

    private static function now(): string
    {
        return (new \DateTimeImmutable('now', new \DateTimeZone('UTC')))->format('Y-m-d\TH:i:s.v\Z');
    }

    private static function store(int $ticket, string $author, string $body, string $at): bool
    {
        $row = wp_json_encode(['author' => $author, 'body' => $body, 'at' => $at], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES);
        return is_string($row) && add_post_meta($ticket, self::META_MESSAGE, wp_slash($row)) !== false;
    }

    /** @return list<array{author: string, body: string, at: string}> */
    public static function messages(int $ticket): array
    {
        $out = [];
        foreach ((array) get_post_meta($ticket, self::META_MESSAGE) as $row) {
            $message = json_decode((string) $row, true);
            if (is_array($message) && in_array($message['author'] ?? null, ['visitor', 'agent'], true)) {
                $out[] = ['author' => (string) $message['author'], 'body' => (string) ($message['body'] ?? ''), 'at' => (string) ($message['at'] ?? '')];
            }
        }
        return $out;
    }

    /** @param array<string, mixed> $body */
    private static function json(array $body, int $status): \WP_REST_Response
    {
        $response = new \WP_REST_Response($body, $status);
        $response->header('Cache-Control', 'no-store');
        return $response;
    }

    private static function error(string $code, string $message, int $status): \WP_REST_Response
    {
        return self::json(['code' => $code, 'message' => $message, 'data' => ['status' => $status]], $status);
    }

    /**
     * `chat` on wp/v2/kestrel-chat-tickets: the ticket's locale, page, visitor address and
     * messages, for those who may edit the (private) ticket: editors and administrators.
     */
    public static function restField(): void
    {
        register_rest_field(ContentTypes::CHAT_TICKET, 'chat', [
            'get_callback' => static fn (array $post) => current_user_can('edit_post', (int) $post['id']) ? [
                'locale' => (string) get_post_meta((int) $post['id'], self::META_LOCALE, true),
                'page_url' => (string) get_post_meta((int) $post['id'], self::META_PAGE_URL, true),
                'visitor_ip' => (string) get_post_meta((int) $post['id'], self::META_VISITOR_IP, true),
                'messages' => self::messages((int) $post['id']),
            ] : null,
            'schema' => [
                'description' => 'The conversation of this ticket (read-only).',
                'type' => 'object',
                'context' => ['view', 'edit'],
                'readonly' => true,
            ],
        ]);
    }

    public static function ticketBox(\WP_Post $post): void
    {
        $details = [
            __('Ticket', 'kestrel-headless') => '#' . $post->ID,
            __('Language', 'kestrel-headless') => Languages::name((string) get_post_meta($post->ID, self::META_LOCALE, true)),
            __('Sent from', 'kestrel-headless') => (string) get_post_meta($post->ID, self::META_PAGE_URL, true),
            __('Visitor address', 'kestrel-headless') => (string) get_post_meta($post->ID, self::META_VISITOR_IP, true),
        ];
        echo '<table class="widefat striped"><tbody>';
        foreach ($details as $label => $value) {
            echo '<tr><th>' . esc_html($label) . '</th><td>' . esc_html($value) . '</td></tr>';
        }
        echo '</tbody></table><ol class="kestrel-chat-log" style="list-style:none;margin:1em 0 0;padding:0">';
        foreach (self::messages($post->ID) as $message) {
            $who = $message['author'] === 'visitor' ? __('Visitor', 'kestrel-headless') : __('Automatic reply', 'kestrel-headless');
            echo '<li style="margin:0 0 .75em"><strong>' . esc_html($who) . '</strong> <span class="description">' . esc_html(self::shown($message['at'])) . '</span><br>' . nl2br(esc_html($message['body'])) . '</li>';
        }
        echo '</ol><p class="description">' . esc_html__('The visitor sees the automatic reply in the site\'s chat panel. Answer by email or phone if they left details; replies from here do not reach the panel.', 'kestrel-headless') . '</p>';
    }

    /** An ISO time in the site's time zone and date format. */
    private static function shown(string $iso): string
    {
        $time = strtotime($iso);
        return $time === false ? $iso : wp_date(get_option('date_format') . ' ' . get_option('time_format'), $time);
    }
}
