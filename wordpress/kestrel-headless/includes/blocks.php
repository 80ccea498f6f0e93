<?php
/**
 * The plugin's blocks: one folder per section layout under blocks/, each with its
 * block.json (attributes = the layout's fields in app/sections/&#42;/schema.ts). The editor
 * UI is one plain script (assets/editor.js, no build step) that draws a form for any of
 * them from the `kestrel.fields` of its block.json, and the document panel (language,
 * SEO fields, "Preview on site").
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Blocks
{
    public const NAMESPACE = 'kestrel';

    /** @var array<string, array<string, mixed>>|null block name => block.json */
    private static ?array $metadata = null;

    public static function boot(): void
    {
        add_action('init', [self::class, 'register'], 20);
        add_filter('block_categories_all', [self::class, 'category']);
        add_action('enqueue_block_editor_assets', [self::class, 'enqueueEditor']);
        add_action('enqueue_block_assets', [self::class, 'enqueueContentStyles']);
    }

    /** @return array<string, array<string, mixed>> */
    public static function metadata(): array
    {
        if (self::$metadata === null) {
            self::$metadata = [];
            foreach (glob(dirname(__DIR__) . '/blocks/*/block.json') ?: [] as $file) {
                $json = json_decode((string) file_get_contents($file), true);
                if (is_array($json) && isset($json['name'])) {
                    $json['_dir'] = dirname($file);
                    self::$metadata[(string) $json['name']] = $json;
                }
            }
        }
        return self::$metadata;
    }

    /** The section layout of one of our blocks (`kestrel/rich-text` → `rich_text`), or null. */
    public static function layoutOf(string $blockName): ?string
    {
        $meta = self::metadata()[$blockName] ?? null;
        return is_array($meta) && is_string($meta['kestrel']['layout'] ?? null) ? $meta['kestrel']['layout'] : null;
    }

    /** @return list<string> every section layout the site knows (one block each) */
    public static function layouts(): array
    {
        return array_values(array_filter(array_map(static fn (array $meta) => $meta['kestrel']['layout'] ?? null, self::metadata()), 'is_string'));
    }

    public static function register(): void
    {
        wp_register_script(
            'kestrel-headless-editor',
            plugins_url('assets/editor.js', PLUGIN_FILE),
            ['wp-blocks', 'wp-element', 'wp-components', 'wp-block-editor', 'wp-data', 'wp-i18n', 'wp-plugins', 'wp-editor', 'wp-core-data', 'wp-api-fetch', 'wp-url'],
            VERSION,
            true
        );
        wp_register_style('kestrel-headless-editor', plugins_url('assets/editor.css', PLUGIN_FILE), [], VERSION);
        foreach (self::metadata() as $meta) {
            // Headless: the site renders sections; WordPress's own front end shows nothing for them.
            register_block_type($meta['_dir'], ['render_callback' => static fn () => '']);
        }
    }

    public static function category(array $categories): array
    {
        array_unshift($categories, ['slug' => 'kestrel-sections', 'title' => __('Site sections', 'kestrel-headless'), 'icon' => null]);
        return $categories;
    }

    public static function enqueueEditor(): void
    {
        $blocks = [];
        foreach (self::metadata() as $name => $meta) {
            $blocks[$name] = ['title' => $meta['title'] ?? $name, 'fields' => $meta['kestrel']['fields'] ?? [], 'layout' => $meta['kestrel']['layout'] ?? null];
        }
        $post = get_post();
        $config = [
            'blocks' => $blocks,
            'languageMode' => Languages::mode(),
            'locales' => Languages::locales(),
            'defaultLocale' => Languages::defaultLocale(),
            'siteUrl' => Settings::siteUrl(),
            'previewReady' => Settings::siteUrl() !== '' && Settings::previewSecret() !== '',
            'itemTypes' => Items::types(),
            'forms' => FormDefinitions::choices(),
            'postId' => $post ? $post->ID : 0,
        ];
        wp_enqueue_script('kestrel-headless-editor');
        wp_add_inline_script('kestrel-headless-editor', 'window.kestrelHeadless = ' . wp_json_encode($config) . ';', 'before');
    }

    /**
     * The section blocks' look (assets/editor.css) is content style: WordPress puts what
     * `enqueue_block_assets` enqueues inside the editor's iframe (the canvas), and in the
     * page itself when the editor is not iframed. In wp-admin only: headless, WordPress's
     * own front end shows no section.
     */
    public static function enqueueContentStyles(): void
    {
        if (is_admin()) {
            wp_enqueue_style('kestrel-headless-editor');
        }
    }
}
