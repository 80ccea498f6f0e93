<?php
/**
 * What the plugin adds to WordPress's content model: popups (a post type), form entries
 * and chat tickets (private post types), the fields of the document panel, the "Static layout" page
 * template, the menu locations and the sidebar widget area the site reads.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class ContentTypes
{
    public const POPUP = 'kestrel_popup';
    public const ENTRY = 'kestrel_entry';
    /** The built-in chat's support tickets (includes/chat.php, decision 022). */
    public const CHAT_TICKET = 'kestrel_chat_ticket';
    public const STATIC_TEMPLATE = 'kestrel-static';

    /** Requirements §3: menu locations. */
    public const MENU_LOCATIONS = [
        'primary' => 'Primary',
        'primary-submenu' => 'Primary submenu',
        'footer-1' => 'Footer column 1',
        'footer-2' => 'Footer column 2',
        'footer-3' => 'Footer column 3',
        'footer-4' => 'Footer column 4',
        'socials' => 'Social icons',
    ];

    private const IMAGE_SCHEMA = [
        'type' => 'object',
        'properties' => [
            'id' => ['type' => 'integer'],
            'url' => ['type' => 'string'],
            'width' => ['type' => 'integer'],
            'height' => ['type' => 'integer'],
            'alt' => ['type' => 'string'],
        ],
        'additionalProperties' => false,
    ];

    public static function boot(): void
    {
        add_action('init', [self::class, 'register'], 5);
        add_action('after_setup_theme', [self::class, 'registerMenuLocations'], 20);
        add_action('widgets_init', [self::class, 'registerSidebar']);
        add_filter('theme_page_templates', [self::class, 'pageTemplates']);
        add_filter('theme_post_templates', [self::class, 'pageTemplates']);
    }

    public static function register(): void
    {
        register_post_type(self::POPUP, [
            'labels' => [
                'name' => __('Popups', 'kestrel-headless'),
                'singular_name' => __('Popup', 'kestrel-headless'),
                'add_new_item' => __('Add new popup', 'kestrel-headless'),
                'edit_item' => __('Edit popup', 'kestrel-headless'),
            ],
            'description' => __('Opened on the site by a link to #popup-{slug}.', 'kestrel-headless'),
            'public' => false,
            'show_ui' => true,
            'show_in_rest' => true,
            'menu_icon' => 'dashicons-feedback',
            'supports' => ['title', 'editor', 'custom-fields', 'revisions'],
            'rewrite' => false,
        ]);
        register_post_type(self::ENTRY, [
            'labels' => [
                'name' => __('Form entries', 'kestrel-headless'),
                'singular_name' => __('Form entry', 'kestrel-headless'),
            ],
            'public' => false,
            'show_ui' => true,
            'show_in_menu' => true,
            'show_in_rest' => false,
            'menu_icon' => 'dashicons-email-alt',
            'supports' => ['title'],
            'capability_type' => 'post',
            'capabilities' => ['create_posts' => 'do_not_allow'],
            'map_meta_cap' => true,
            'rewrite' => false,
        ]);
        // Private posts: editors and administrators read them under Chat tickets and in
        // wp/v2/kestrel-chat-tickets; nobody creates one but the chat route.
        register_post_type(self::CHAT_TICKET, [
            'labels' => [
                'name' => __('Chat tickets', 'kestrel-headless'),
                'singular_name' => __('Chat ticket', 'kestrel-headless'),
                'edit_item' => __('Chat ticket', 'kestrel-headless'),
                'search_items' => __('Search chat tickets', 'kestrel-headless'),
                'not_found' => __('No chat tickets yet.', 'kestrel-headless'),
            ],
            'description' => __('Conversations of the site\'s built-in live chat, one ticket each.', 'kestrel-headless'),
            'public' => false,
            'show_ui' => true,
            'show_in_menu' => true,
            'show_in_rest' => true,
            'rest_base' => 'kestrel-chat-tickets',
            'menu_icon' => 'dashicons-format-chat',
            'supports' => ['title'],
            'capability_type' => 'post',
            'capabilities' => ['create_posts' => 'do_not_allow'],
            'map_meta_cap' => true,
            'rewrite' => false,
            'query_var' => false,
        ]);

        $types = array_merge(['post', 'page', self::POPUP], Items::types());
        $string = static fn (string $description) => ['type' => 'string', 'single' => true, 'show_in_rest' => true, 'default' => '', 'description' => $description, 'auth_callback' => static fn () => current_user_can('edit_posts')];
        foreach ($types as $type) {
            register_post_meta($type, Languages::META_LOCALE, $string('The locale of this document (built-in languages; empty: the default locale).'));
            register_post_meta($type, Languages::META_ORIGINAL, ['type' => 'integer', 'single' => true, 'show_in_rest' => true, 'default' => 0, 'description' => 'The id of the original this document translates.', 'auth_callback' => static fn () => current_user_can('edit_posts')]);
        }
        foreach (array_merge(['post', 'page'], Items::types()) as $type) {
            foreach (['kestrel_meta_title' => 'Document title', 'kestrel_meta_description' => 'Meta description', 'kestrel_meta_keywords' => 'Meta keywords', 'kestrel_meta_robots' => 'Robots (e.g. noindex,follow)', 'kestrel_custom_css' => 'CSS for this page', 'kestrel_body_classes' => 'Body classes (space separated)'] as $key => $description) {
                register_post_meta($type, $key, $string($description));
            }
            foreach (['kestrel_featured_image' => 'An image by URL when there is no featured image', 'kestrel_background_image' => 'The page background image'] as $key => $description) {
                register_post_meta($type, $key, ['type' => 'object', 'single' => true, 'default' => [], 'description' => $description, 'show_in_rest' => ['schema' => self::IMAGE_SCHEMA], 'auth_callback' => static fn () => current_user_can('edit_posts')]);
            }
            register_post_meta($type, 'kestrel_not_found', ['type' => 'boolean', 'single' => true, 'default' => false, 'show_in_rest' => true, 'description' => 'Answer as not found (the site shows its 404 screen).', 'auth_callback' => static fn () => current_user_can('edit_posts')]);
            register_post_meta($type, 'kestrel_chat_off', ['type' => 'boolean', 'single' => true, 'default' => false, 'show_in_rest' => true, 'description' => 'No live chat on this page (the site hides its launcher).', 'auth_callback' => static fn () => current_user_can('edit_posts')]);
        }
        register_post_meta(self::POPUP, 'kestrel_classname', $string('Class names of the popup'));
        register_post_meta(self::POPUP, 'kestrel_form_id', $string('The form the popup shows'));

        $translated = ['type' => 'object', 'single' => true, 'default' => [], 'show_in_rest' => ['schema' => ['type' => 'object', 'additionalProperties' => ['type' => 'string']]], 'auth_callback' => static fn () => current_user_can('manage_categories')];
        foreach (['category', 'post_tag'] as $taxonomy) {
            register_term_meta($taxonomy, 'kestrel_names', $translated + ['description' => 'The name in each other locale (built-in languages).']);
            register_term_meta($taxonomy, 'kestrel_descriptions', $translated + ['description' => 'The description in each other locale (built-in languages).']);
        }
    }

    public static function registerMenuLocations(): void
    {
        $locations = self::MENU_LOCATIONS;
        // Built-in languages: one location per other locale (Polylang adds its own).
        if (Languages::mode() === 'builtin') {
            foreach (array_slice(Settings::builtinLocales(), 1) as $locale) {
                foreach (self::MENU_LOCATIONS as $location => $label) {
                    $locations[Languages::menuLocation($location, $locale)] = sprintf('%s (%s)', $label, Settings::languageName($locale));
                }
            }
        }
        register_nav_menus($locations);
    }

    public static function registerSidebar(): void
    {
        register_sidebar([
            'id' => 'sidebar',
            'name' => __('Blog sidebar (site)', 'kestrel-headless'),
            'description' => __('Shown beside the blog, its listings and articles on the site.', 'kestrel-headless'),
        ]);
    }

    public static function pageTemplates(array $templates): array
    {
        $templates[self::STATIC_TEMPLATE] = __('Static layout (site: navigation, content and footer only)', 'kestrel-headless');
        return $templates;
    }

    /** Requirements §2: default or static layout. */
    public static function layoutOf(\WP_Post $post): string
    {
        return get_page_template_slug($post) === self::STATIC_TEMPLATE ? 'static' : 'default';
    }
}
