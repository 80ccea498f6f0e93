<?php
/**
 * A page's sections (docs/content-api.md, Sections): its top-level blocks, each mapped to
 * a layout of the site's registry. The plugin's own blocks carry the layout's fields as
 * attributes; core blocks map where they fit:
 *
 *   core/cover                        hero (a paragraph before the heading: eyebrow; buttons: cta, secondary_cta)
 *   core/media-text                   image_with_text
 *   core/columns                      cards (each column: heading, paragraph, a link or button)
 *   core/quote, core/pullquote        testimonials (consecutive quotes join; cite "Name, Role")
 *   core/details                      faq (consecutive details join; WordPress 6.3+)
 *   core/group                        by what it holds: columns → cards, quotes → testimonials,
 *                                     details → faq, heading + paragraph + buttons → call_to_action,
 *                                     else rich_text (its first heading is the section's heading)
 *   headings, paragraphs, lists, …    rich_text (loose top-level blocks; an h2 starts a new one)
 *   kestrel/notification              not a section: content.notifications
 *
 * A class name `kestrel-{layout}` on a core block forces its layout; `kestrel-animate`
 * sets `animate`. With ACF, a flexible content field named `sections` wins over the
 * blocks: each row's `acf_fc_layout` is its layout.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Sections
{
    /** @return array{sections: list<array<string, mixed>>, notifications: list<array<string, mixed>>} */
    public static function of(\WP_Post $post): array
    {
        $acf = self::fromAcf($post);
        $fromBlocks = self::fromBlocks($post->post_content);
        if ($acf !== null) {
            return ['sections' => $acf, 'notifications' => $fromBlocks['notifications']];
        }
        return $fromBlocks;
    }

    /** ACF flexible content (the seed's original shape), when ACF is active and the page has readable rows. */
    private static function fromAcf(\WP_Post $post): ?array
    {
        if (!function_exists('get_field')) {
            return null;
        }
        $field = apply_filters('kestrel_headless_acf_sections_field', 'sections');
        $rows = get_field($field, Previews::fieldsId($post, $field));
        if (!is_array($rows) || $rows === []) {
            return null;
        }
        $sections = [];
        foreach ($rows as $row) {
            // A row of a layout the site has no section for (one since removed from the field
            // group, a typo) would render as nothing: it is skipped.
            if (!is_array($row) || !in_array($row['acf_fc_layout'] ?? null, Blocks::layouts(), true)) {
                continue;
            }
            $layout = $row['acf_fc_layout'];
            unset($row['acf_fc_layout']);
            $sections[] = ['layout' => $layout] + (array) Util::prune(self::acfValue($row));
        }
        // A value with no row the plugin can read (a field of another type under the name,
        // only rows of unknown layouts) is no content: the blocks answer, not an empty page.
        return $sections === [] ? null : $sections;
    }

    /** ACF values as the contract wants them: image arrays become image objects, `false` becomes nothing. */
    private static function acfValue(mixed $value): mixed
    {
        if ($value === false) {
            return null;
        }
        if (is_array($value)) {
            if (isset($value['url'], $value['type']) && $value['type'] === 'image') {
                return Util::imageFrom(['id' => (int) ($value['ID'] ?? 0), 'url' => $value['url'], 'width' => $value['width'] ?? 0, 'height' => $value['height'] ?? 0, 'alt' => $value['alt'] ?? '']);
            }
            if (isset($value['url'], $value['title']) && array_key_exists('target', $value)) {
                // An ACF link field: { title, url, target } → the contract's { label, url }.
                return ['label' => Util::text((string) $value['title']), 'url' => (string) $value['url']];
            }
            return array_map([self::class, 'acfValue'], $value);
        }
        return $value;
    }

    /** @return array{sections: list<array<string, mixed>>, notifications: list<array<string, mixed>>} */
    public static function fromBlocks(string $content): array
    {
        $sections = [];
        $notifications = [];
        $rich = null;
        $flush = static function () use (&$rich, &$sections): void {
            if ($rich !== null && (trim($rich['body_html']) !== '' || isset($rich['heading']))) {
                $sections[] = ['layout' => 'rich_text'] + $rich;
            }
            $rich = null;
        };
        $blocks = array_values(array_filter(parse_blocks($content), static fn ($block) => $block['blockName'] !== null || trim((string) $block['innerHTML']) !== ''));
        foreach ($blocks as $block) {
            $name = (string) $block['blockName'];
            if ($name === 'kestrel/notification') {
                $flush();
                $notification = self::pluginBlockData($block);
                if (($notification['message_html'] ?? '') !== '') {
                    $notifications[] = ['id' => (string) ($notification['notification_id'] ?? ('n' . (count($notifications) + 1))), 'message' => (string) $notification['message_html'], 'type' => (string) ($notification['type'] ?? 'info')];
                }
                continue;
            }
            $layout = Blocks::layoutOf($name);
            if ($layout !== null) {
                $flush();
                $sections[] = ['layout' => $layout] + self::pluginBlockData($block);
                continue;
            }
            $forced = CoreSections::forcedLayout($block);
            $mapped = CoreSections::section($block, $forced);
            if ($mapped !== null) {
                $flush();
                $last = count($sections) - 1;
                // Consecutive quotes or details make one section.
                if ($forced === null && $last >= 0 && in_array($mapped['layout'], ['testimonials', 'faq'], true) && in_array($name, ['core/quote', 'core/pullquote', 'core/details'], true) && ($sections[$last]['layout'] === $mapped['layout']) && !empty($sections[$last]['_joinable'])) {
                    $sections[$last]['items'] = array_merge($sections[$last]['items'], $mapped['items']);
                    continue;
                }
                if (in_array($name, ['core/quote', 'core/pullquote', 'core/details'], true)) {
                    $mapped['_joinable'] = true;
                }
                $sections[] = $mapped;
                continue;
            }
            // Loose text blocks collect into rich text; an h2 starts a new one.
            if ($name === 'core/heading' && (int) ($block['attrs']['level'] ?? 2) <= 2) {
                $flush();
                $rich = ['heading' => Util::text(render_block($block)), 'body_html' => ''];
                continue;
            }
            $rich ??= ['body_html' => ''];
            $rich['body_html'] .= trim(render_block($block));
            if (CoreSections::hasClass($block, 'kestrel-animate')) {
                $rich['animate'] = true;
            }
        }
        $flush();
        foreach ($sections as &$section) {
            unset($section['_joinable']);
        }
        unset($section);
        return ['sections' => $sections, 'notifications' => $notifications];
    }

    /** One of our blocks' attributes with their defaults, as section data. */
    private static function pluginBlockData(array $block): array
    {
        $type = \WP_Block_Type_Registry::get_instance()->get_registered((string) $block['blockName']);
        $attributes = $type ? $type->prepare_attributes_for_render((array) $block['attrs']) : (array) $block['attrs'];
        foreach (['className', 'anchor', 'lock', 'metadata', 'style'] as $editorOnly) {
            unset($attributes[$editorOnly]);
        }
        $data = Util::prune(self::normalizeImages($attributes));
        return is_array($data) ? $data : [];
    }

    /** Image attributes hold `{ id, url, width, height, alt }`; the contract's image object has no id. */
    private static function normalizeImages(array $value): array
    {
        foreach ($value as $key => $item) {
            if (is_array($item)) {
                if (!array_is_list($item) && array_key_exists('url', $item) && (array_key_exists('id', $item) || array_key_exists('alt', $item) || array_key_exists('width', $item))) {
                    $value[$key] = Util::imageFrom($item);
                } else {
                    $value[$key] = self::normalizeImages($item);
                }
            }
        }
        return $value;
    }
}
