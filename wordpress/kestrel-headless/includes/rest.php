<?php
/**
 * The read calls of the content API (docs/content-api.md) under the `api` REST prefix
 * (`/wp-json/` keeps working beside it): v1/base/{page}, v1/layout{path},
 * v1/popups/{id}, v1/posts, v1/sitemap (wp/v2/tags and wp/v2/categories are core's); and
 * the built-in chat's write, v1/chat/messages (includes/chat.php).
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Rest
{
    public static function boot(): void
    {
        add_filter('rest_url_prefix', static fn () => REST_PREFIX);
        add_action('init', [self::class, 'wpJsonAlias'], 11);
        add_action('rest_api_init', [self::class, 'routes']);
        // Core's term routes take the site's `locale` (Polylang reads `lang`).
        foreach (['post_tag', 'category'] as $taxonomy) {
            add_filter("rest_{$taxonomy}_query", static function (array $args, \WP_REST_Request $request): array {
                $locale = (string) $request->get_param('locale');
                if ($locale !== '' && Languages::mode() === 'polylang' && Languages::isLocale($locale)) {
                    $args['lang'] = $locale;
                }
                return $args;
            }, 10, 2);
        }
        // The contract's HTML keeps the block classes that carry the editor's meaning and
        // drops the ones WordPress adds while rendering (docs/decisions/028), whichever
        // filter of whichever release added them; WordPress's own pages and wp/v2 keep them.
        add_filter('rest_post_dispatch', static function (mixed $response, \WP_REST_Server $server, \WP_REST_Request $request): mixed {
            if ($response instanceof \WP_REST_Response && str_starts_with($request->get_route(), '/v1/')) {
                $response->set_data(BlockMarkup::withoutRenderClassesIn($response->get_data()));
            }
            return $response;
        }, 10, 3);
        Comments::boot();
    }

    /** `/wp-json/…` keeps answering beside `/api/…` (plugins and tools that assume it). */
    public static function wpJsonAlias(): void
    {
        add_rewrite_rule('^wp-json/?$', 'index.php?rest_route=/', 'top');
        add_rewrite_rule('^wp-json/(.*)?', 'index.php?rest_route=/$matches[1]', 'top');
    }

    public static function routes(): void
    {
        $public = ['methods' => 'GET', 'permission_callback' => '__return_true'];
        register_rest_route('v1', '/base', $public + ['callback' => static fn (\WP_REST_Request $r) => self::base($r, '')]);
        register_rest_route('v1', '/base/(?P<page>.+)', $public + ['callback' => static fn (\WP_REST_Request $r) => self::base($r, (string) $r['page'])]);
        register_rest_route('v1', '/layout', $public + ['callback' => static fn (\WP_REST_Request $r) => self::layout($r, '')]);
        register_rest_route('v1', '/layout(?P<path>/.*)', $public + ['callback' => static fn (\WP_REST_Request $r) => self::layout($r, (string) $r['path'])]);
        register_rest_route('v1', '/popups/(?P<id>[A-Za-z0-9_-]{1,64})', $public + ['callback' => [self::class, 'popup']]);
        register_rest_route('v1', '/posts', $public + ['callback' => [self::class, 'posts']]);
        register_rest_route('v1', '/items/(?P<type>[a-z0-9_-]{1,20})', $public + ['callback' => static fn (\WP_REST_Request $r) => self::items($r, (string) $r['type'], '')]);
        register_rest_route('v1', '/items/(?P<type>[a-z0-9_-]{1,20})/(?P<slug>[^/]+)', $public + ['callback' => static fn (\WP_REST_Request $r) => self::items($r, (string) $r['type'], (string) $r['slug'])]);
        register_rest_route('v1', '/sitemap', $public + ['callback' => [self::class, 'sitemap']]);
        register_rest_route('v1', '/redirects', $public + ['callback' => [Redirects::class, 'route']]);
        // The site checks the contract's major version when it starts.
        register_rest_route('v1', '/version', $public + ['callback' => static fn () => ['contract' => CONTRACT_VERSION, 'backend' => 'kestrel-headless ' . VERSION]]);
        // The built-in chat (includes/chat.php): anyone may write, only the ticket's token adds to a ticket.
        register_rest_route('v1', '/chat/messages', ['methods' => 'POST', 'permission_callback' => '__return_true', 'callback' => [Chat::class, 'post']]);
        register_rest_route('kestrel/v1', '/settings', [
            ['methods' => 'GET', 'callback' => static fn () => Settings::all(), 'permission_callback' => static fn () => current_user_can('manage_options')],
            ['methods' => 'POST', 'callback' => [self::class, 'saveSettings'], 'permission_callback' => static fn () => current_user_can('manage_options')],
        ]);
    }

    /** The request's locale, or null when it names none of the site's locales. */
    private static function locale(\WP_REST_Request $request): ?string
    {
        $locale = (string) ($request->get_param('locale') ?: Languages::defaultLocale());
        return Languages::isLocale($locale) ? $locale : null;
    }

    /** @param array<string, mixed> $result */
    private static function answer(array $result, string $locale, int $status = 200): \WP_REST_Response
    {
        $response = new \WP_REST_Response(['result' => ['page' => ['data' => ['result' => $result]]] + Frame::of($locale)], $status);
        $response->header('Cache-Control', 'no-store');
        return $response;
    }

    private static function notFound(string $locale, string $message = 'Page not found'): \WP_REST_Response
    {
        return Util::error('not_found', $message, 404, ['result' => Frame::of($locale)]);
    }

    /** GET /api/v1/base/{pageName} */
    public static function base(\WP_REST_Request $request, string $pageName): \WP_REST_Response
    {
        $locale = self::locale($request);
        if ($locale === null) {
            return Util::error('rest_invalid_param', 'Unknown locale', 400);
        }
        $name = trim(rawurldecode($pageName), '/');
        $name = $name === '' ? 'home' : $name;
        $dev = $request->get_param('dev') === 'true';
        // `extra=style` comes with every page the site renders on the server (requirements §7,
        // docs/content-api.md). The route declares no args, so WordPress takes it like any
        // other parameter; the answer is the same with and without it (custom_css is always sent).

        $previewId = (string) $request->get_param('preview_id');
        if ($previewId !== '') {
            $draft = Previews::document($previewId, (string) $request->get_param('preview_expires'), (string) $request->get_param('preview_token'));
            if ($draft !== null) {
                $result = $draft->post_type === 'post' ? Documents::postResult($draft, $locale, $dev) : Documents::pageResult($draft, $locale, $dev);
                $result['preview'] = $draft->post_status !== 'publish';
                return self::answer(self::withSearch($result, $request, $locale), $locale);
            }
        }

        if ($name === 'blog') {
            $blog = Documents::blogPage($locale) ?? Languages::findByPath('blog', $locale, 'page');
            if ($blog) {
                return self::answer(self::withSearch(Documents::blogResult($blog, $locale, $dev, $request->get_param('category') !== null ? (string) $request->get_param('category') : null), $request, $locale), $locale);
            }
        }
        if (preg_match('#^blog/([^/]+)$#', $name, $match) === 1) {
            $post = Languages::findByPath($match[1], $locale, 'post');
            if ($post) {
                return self::answer(Documents::postResult($post, $locale, $dev), $locale);
            }
        }
        $page = Languages::findByPath($name, $locale, 'page') ?? ($name === 'home' ? Documents::frontPage($locale) : null);
        if (!$page) {
            return self::notFound($locale);
        }
        return self::answer(self::withSearch(Documents::pageResult($page, $locale, $dev), $request, $locale), $locale);
    }

    /** GET /api/v1/items/{type}[/{slug}]: a content type's listing or one item (decision 029); anything unknown is the 404 with the frame. */
    public static function items(\WP_REST_Request $request, string $type, string $slug): \WP_REST_Response
    {
        $locale = self::locale($request);
        if ($locale === null) {
            return Util::error('rest_invalid_param', 'Unknown locale', 400);
        }
        if (!in_array($type, Items::types(), true)) {
            return self::notFound($locale, 'No such content type');
        }
        $dev = $request->get_param('dev') === 'true';
        if ($slug === '') {
            return self::answer(self::withSearch(Items::archiveResult($type, $locale, $dev), $request, $locale), $locale);
        }
        $previewId = (string) $request->get_param('preview_id');
        if ($previewId !== '') {
            $draft = Previews::document($previewId, (string) $request->get_param('preview_expires'), (string) $request->get_param('preview_token'));
            if ($draft !== null && $draft->post_type === $type) {
                $result = Items::itemResult($draft, $locale, $dev);
                $result['preview'] = $draft->post_status !== 'publish';
                return self::answer($result, $locale);
            }
        }
        $item = Languages::findByPath(rawurldecode($slug), $locale, $type);
        if (!$item) {
            return self::notFound($locale);
        }
        return self::answer(self::withSearch(Items::itemResult($item, $locale, $dev), $request, $locale), $locale);
    }

    /** `s`: the search results beside the page. */
    private static function withSearch(array $result, \WP_REST_Request $request, string $locale): array
    {
        $query = trim((string) $request->get_param('s'));
        if ($query !== '') {
            $page = max(1, min(1000, (int) ($request->get_param('page') ?: 1)));
            $result['content']['search'] = Search::results(mb_substr($query, 0, 200), $locale, $page);
        }
        return $result;
    }

    /** GET /api/v1/layout{path}: `{ layout }` of a published page; `{}` with 404 when there is none. */
    public static function layout(\WP_REST_Request $request, string $path): \WP_REST_Response
    {
        $locale = self::locale($request) ?? Languages::defaultLocale();
        $name = trim(rawurldecode($path), '/');
        $name = $name === '' ? 'home' : $name;
        $page = Languages::findByPath($name, $locale, 'page') ?? ($name === 'home' ? Documents::frontPage($locale) : null);
        if ($page) {
            return new \WP_REST_Response(['layout' => ContentTypes::layoutOf($page)], 200);
        }
        if (preg_match('#^blog(/|$)#', $name) === 1) {
            return new \WP_REST_Response(['layout' => 'default'], 200);
        }
        return new \WP_REST_Response(new \stdClass(), 404);
    }

    /** GET /api/v1/popups/{id}: by slug (`#popup-newsletter`) or by id. */
    public static function popup(\WP_REST_Request $request): \WP_REST_Response
    {
        $locale = self::locale($request) ?? Languages::defaultLocale();
        $id = (string) $request['id'];
        $popup = null;
        if (preg_match('/^\d+$/', $id) === 1) {
            $candidate = get_post((int) $id);
            $popup = $candidate && $candidate->post_type === ContentTypes::POPUP && $candidate->post_status === 'publish' ? $candidate : null;
            if ($popup && Languages::ofPost($popup->ID) !== $locale) {
                $translated = Languages::translations($popup)[$locale] ?? null;
                $popup = $translated ? get_post($translated) : $popup;
            }
        }
        $popup ??= Languages::findByPath($id, $locale, ContentTypes::POPUP) ?? Languages::findByPath($id, Languages::defaultLocale(), ContentTypes::POPUP);
        if (!$popup) {
            return Util::error('not_found', 'Popup not found', 404);
        }
        $formId = trim((string) get_post_meta($popup->ID, 'kestrel_form_id', true));
        $forms = [];
        if ($formId !== '') {
            $form = FormDefinitions::stored($formId, $locale);
            if ($form !== null) {
                $forms[$formId] = FormDefinitions::public($form);
            }
        }
        $response = new \WP_REST_Response(['result' => [
            'props' => [
                'id' => preg_match('/^\d+$/', $id) === 1 ? (int) $id : $id,
                'title' => Util::title($popup),
                'content' => (string) apply_filters('the_content', $popup->post_content),
                'options' => ['classname' => (string) get_post_meta($popup->ID, 'kestrel_classname', true)],
            ],
            'shortcode_data' => $forms === [] ? new \stdClass() : $forms,
        ]], 200);
        $response->header('Cache-Control', 'no-store');
        return $response;
    }

    /** GET /api/v1/posts?page&tag&cat&s&posts_per_page&locale */
    public static function posts(\WP_REST_Request $request): \WP_REST_Response
    {
        $locale = self::locale($request);
        if ($locale === null) {
            return Util::error('rest_invalid_param', 'Unknown locale', 400);
        }
        $perPage = (int) $request->get_param('posts_per_page');
        $perPage = $perPage >= 1 ? min($perPage, 50) : Documents::PER_PAGE;
        $page = max(1, min(10000, (int) ($request->get_param('page') ?: 1)));
        $args = ['posts_per_page' => $perPage, 'paged' => $page];
        // `type`: a content type's listing instead of the posts (decision 029); one this plugin does not answer lists nothing.
        $type = (string) $request->get_param('type');
        $empty = $type !== '' && $type !== 'post' && !in_array($type, Items::types(), true);
        if ($type !== '' && $type !== 'post') {
            $args['post_type'] = $type;
        }
        foreach (['tag' => 'post_tag', 'cat' => 'category'] as $param => $taxonomy) {
            $value = trim((string) $request->get_param($param));
            if ($value === '') {
                continue;
            }
            $term = preg_match('/^\d+$/', $value) === 1 ? get_term((int) $value, $taxonomy) : Languages::termBySlug($taxonomy, $value, $locale);
            if (!$term instanceof \WP_Term) {
                $empty = true;
                continue;
            }
            $args['tax_query'][] = ['taxonomy' => $taxonomy, 'field' => 'term_id', 'terms' => [$term->term_id]];
        }
        $search = trim((string) $request->get_param('s'));
        if ($search !== '') {
            $args['s'] = mb_substr($search, 0, 200);
        }
        $found = $empty ? ['posts' => [], 'total' => 0] : Documents::queryPosts($locale, $args);
        return new \WP_REST_Response(['result' => [
            'blog_posts' => array_map(static fn ($post) => Documents::summary($post, $locale), $found['posts']),
            'pagination' => ['page' => $page, 'per_page' => $perPage, 'total' => $found['total'], 'total_pages' => (int) ceil($found['total'] / $perPage)],
        ]], 200);
    }

    /** GET /api/v1/sitemap?locale: published pages and posts that may be indexed. */
    public static function sitemap(\WP_REST_Request $request): \WP_REST_Response
    {
        $locale = self::locale($request);
        if ($locale === null) {
            return Util::error('rest_invalid_param', 'Unknown locale', 400);
        }
        $entries = [];
        $documents = get_posts(['post_type' => array_merge(['page', 'post'], Items::types()), 'post_status' => 'publish', 'posts_per_page' => 5000, 'no_found_rows' => true, 'orderby' => 'ID', 'order' => 'ASC'] + Languages::queryArgs($locale));
        foreach ($documents as $post) {
            if (get_post_meta($post->ID, 'kestrel_not_found', true)) {
                continue;
            }
            $robots = Seo::robots($post);
            if (stripos((string) $robots, 'noindex') !== false) {
                continue;
            }
            $modified = gmdate('Y-m-d', (int) strtotime($post->post_modified_gmt . ' UTC'));
            if (Items::isItem($post)) {
                // By type and slug: the site builds the path (decision 029).
                $entries[] = ['key' => $post->post_type . ':' . Languages::groupId($post), 'type' => 'item', 'item_type' => $post->post_type, 'slug' => $post->post_name, 'modified' => $modified];
                continue;
            }
            $path = Documents::sitePath($post, $locale);
            $entries[] = [
                'key' => ($post->post_type === 'post' ? 'post:' : 'page:') . Languages::groupId($post),
                'path' => '/' . $path,
                'modified' => gmdate('Y-m-d', (int) strtotime($post->post_modified_gmt . ' UTC')),
                'type' => $post->post_type === 'post' ? 'post' : 'page',
            ];
        }
        return new \WP_REST_Response(['result' => ['entries' => $entries]], 200);
    }

    public static function saveSettings(\WP_REST_Request $request): \WP_REST_Response
    {
        $input = $request->get_json_params();
        $problems = Settings::save(is_array($input) ? $input : []);
        if ($problems !== []) {
            return Util::error('rest_invalid_param', implode(' ', $problems), 400, ['params' => $problems]);
        }
        return new \WP_REST_Response(Settings::all(), 200);
    }
}
