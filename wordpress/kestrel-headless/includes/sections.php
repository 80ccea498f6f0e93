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
        $rows = get_field($field, $post->ID);
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
            $forced = self::forcedLayout($block);
            $mapped = self::coreSection($block, $forced);
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
            if (self::hasClass($block, 'kestrel-animate')) {
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

    private static function hasClass(array $block, string $class): bool
    {
        return in_array($class, preg_split('/\s+/', (string) ($block['attrs']['className'] ?? '')) ?: [], true);
    }

    private static function forcedLayout(array $block): ?string
    {
        if (preg_match('/(?:^|\s)kestrel-(?!animate\b)([a-z_-]+)/', (string) ($block['attrs']['className'] ?? ''), $match)) {
            return str_replace('-', '_', $match[1]);
        }
        return null;
    }

    /** A core block (or group) as a section, or null when it is loose text for rich_text. */
    private static function coreSection(array $block, ?string $forced): ?array
    {
        $name = (string) $block['blockName'];
        $layout = $forced ?? match ($name) {
            'core/cover' => 'hero',
            'core/media-text' => 'image_with_text',
            'core/columns' => 'cards',
            'core/quote', 'core/pullquote' => 'testimonials',
            'core/details' => 'faq',
            'core/group' => self::groupLayout($block),
            default => null,
        };
        if ($layout === null) {
            return null;
        }
        // A rich text group keeps the groups inside it whole (a row, a stack, a border, a
        // full-width background: docs/decisions/028); the other layouts read their fields
        // from the blocks however deep the editor nested them.
        $inner = match (true) {
            $layout === 'rich_text' && $name === 'core/group' => self::directInner($block),
            $name === 'core/group' || $name === 'core/cover' => self::flatInner($block),
            default => [$block],
        };
        $section = match ($layout) {
            'hero' => self::hero($block, $inner),
            'image_with_text' => self::imageWithText($block),
            'cards' => self::cards($inner),
            'testimonials' => self::testimonials($inner),
            'faq' => self::faq($inner),
            'call_to_action' => self::callToAction($inner),
            'rich_text' => self::richText($inner),
            default => null,
        };
        if ($section === null) {
            return null;
        }
        if (self::hasClass($block, 'kestrel-animate')) {
            $section['animate'] = true;
        }
        if (is_string($block['attrs']['anchor'] ?? null) && $block['attrs']['anchor'] !== '') {
            $section['id'] = $block['attrs']['anchor'];
        }
        return ['layout' => $layout] + (array) Util::prune($section);
    }

    private static function groupLayout(array $block): string
    {
        $names = array_map(static fn ($child) => (string) $child['blockName'], self::flatInner($block));
        return match (true) {
            in_array('core/columns', $names, true) => 'cards',
            in_array('core/quote', $names, true) || in_array('core/pullquote', $names, true) => 'testimonials',
            in_array('core/details', $names, true) => 'faq',
            in_array('core/buttons', $names, true) && count(array_diff($names, ['core/heading', 'core/paragraph', 'core/buttons'])) === 0 => 'call_to_action',
            default => 'rich_text',
        };
    }

    /** A group's children (nested groups opened), without empty freeform chunks. */
    private static function flatInner(array $block): array
    {
        $out = [];
        foreach ((array) $block['innerBlocks'] as $child) {
            if ($child['blockName'] === 'core/group' && self::forcedLayout($child) === null) {
                array_push($out, ...self::flatInner($child));
            } elseif ($child['blockName'] !== null || trim((string) $child['innerHTML']) !== '') {
                $out[] = $child;
            }
        }
        return $out;
    }

    /** A block's own children, without empty freeform chunks. */
    private static function directInner(array $block): array
    {
        return array_values(array_filter((array) $block['innerBlocks'], static fn ($child) => $child['blockName'] !== null || trim((string) $child['innerHTML']) !== ''));
    }

    /** @return list<array{label: string, url: string}> the links of a buttons block (or any block). */
    private static function links(array $block): array
    {
        $links = [];
        if (preg_match_all('/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/is', render_block($block), $matches, PREG_SET_ORDER)) {
            foreach ($matches as $match) {
                $links[] = ['label' => Util::text($match[2]), 'url' => html_entity_decode($match[1], ENT_QUOTES | ENT_HTML5, 'UTF-8')];
            }
        }
        return $links;
    }

    private static function hero(array $block, array $inner): array
    {
        $hero = [];
        $texts = [];
        $links = [];
        foreach ($inner as $child) {
            $name = (string) $child['blockName'];
            if ($name === 'core/heading' && !isset($hero['heading'])) {
                $hero['heading'] = Util::text(render_block($child));
            } elseif ($name === 'core/paragraph') {
                if (!isset($hero['heading'])) {
                    $hero['eyebrow'] = Util::text(render_block($child));
                } else {
                    $texts[] = Util::text(render_block($child));
                }
            } elseif ($name === 'core/buttons') {
                array_push($links, ...self::links($child));
            }
        }
        $hero['heading'] ??= '';
        if ($texts !== []) {
            $hero['text'] = implode(' ', $texts);
        }
        if (isset($links[0])) {
            $hero['cta'] = $links[0];
        }
        if (isset($links[1])) {
            $hero['secondary_cta'] = $links[1];
        }
        $attrs = (array) $block['attrs'];
        if ($block['blockName'] === 'core/cover' && (!empty($attrs['url']) || !empty($attrs['id']))) {
            // The cover's alt text lives in its markup, not in the block comment.
            $alt = (string) ($attrs['alt'] ?? '');
            if (preg_match('/<img\s[^>]*class="[^"]*wp-block-cover__image-background[^"]*"[^>]*>/i', (string) $block['innerHTML'], $img) === 1 && preg_match('/\salt="([^"]*)"/i', $img[0], $match) === 1) {
                $alt = html_entity_decode($match[1], ENT_QUOTES | ENT_HTML5, 'UTF-8');
            }
            $hero['background_image'] = Util::imageFrom(['id' => (int) ($attrs['id'] ?? 0), 'url' => (string) ($attrs['url'] ?? ''), 'alt' => $alt]);
        }
        return $hero;
    }

    private static function imageWithText(array $block): ?array
    {
        $attrs = (array) $block['attrs'];
        $heading = null;
        $body = '';
        foreach (self::flatInner($block) as $child) {
            if ($heading === null && $child['blockName'] === 'core/heading') {
                $heading = Util::text(render_block($child));
            } else {
                $body .= trim(render_block($child));
            }
        }
        $alt = '';
        if (preg_match('/<img\s[^>]*alt="([^"]*)"/i', (string) $block['innerHTML'], $match)) {
            $alt = html_entity_decode($match[1], ENT_QUOTES | ENT_HTML5, 'UTF-8');
        }
        $image = Util::imageFrom(['id' => (int) ($attrs['mediaId'] ?? 0), 'url' => (string) ($attrs['mediaUrl'] ?? ''), 'alt' => $alt]);
        if ($image === null) {
            return null;
        }
        return ['heading' => $heading ?? '', 'body_html' => $body, 'image' => $image, 'image_side' => ($attrs['mediaPosition'] ?? 'left') === 'right' ? 'right' : 'left'];
    }

    private static function cards(array $inner): array
    {
        $cards = ['items' => []];
        $intro = [];
        foreach ($inner as $child) {
            $name = (string) $child['blockName'];
            if ($name === 'core/heading' && !isset($cards['heading'])) {
                $cards['heading'] = Util::text(render_block($child));
            } elseif ($name === 'core/paragraph') {
                $intro[] = Util::text(render_block($child));
            } elseif ($name === 'core/columns') {
                foreach ((array) $child['innerBlocks'] as $column) {
                    $item = [];
                    $texts = [];
                    foreach (self::flatInner($column) as $part) {
                        if ($part['blockName'] === 'core/heading' && !isset($item['title'])) {
                            $item['title'] = Util::text(render_block($part));
                        } elseif ($part['blockName'] === 'core/buttons') {
                            $item['link'] ??= self::links($part)[0] ?? null;
                        } elseif ($part['blockName'] === 'core/paragraph') {
                            $links = self::links($part);
                            $text = Util::text(render_block($part));
                            // A paragraph that is only a link is the card's link.
                            if (count($links) === 1 && $links[0]['label'] === $text) {
                                $item['link'] ??= $links[0];
                            } else {
                                $texts[] = $text;
                            }
                        }
                    }
                    if (isset($item['title'])) {
                        if ($texts !== []) {
                            $item['text'] = implode(' ', $texts);
                        }
                        $cards['items'][] = $item;
                    }
                }
            }
        }
        if ($intro !== []) {
            $cards['intro'] = implode(' ', $intro);
        }
        return $cards;
    }

    private static function testimonials(array $inner): array
    {
        $section = ['items' => []];
        foreach ($inner as $child) {
            $name = (string) $child['blockName'];
            if ($name === 'core/heading' && !isset($section['heading'])) {
                $section['heading'] = Util::text(render_block($child));
            } elseif ($name === 'core/quote' || $name === 'core/pullquote') {
                $html = render_block($child);
                $cite = '';
                if (preg_match('/<cite[^>]*>(.*?)<\/cite>/is', $html, $match)) {
                    $cite = $match[1];
                    $html = str_replace($match[0], '', $html);
                }
                $parts = preg_split('/<br\s*\/?>/i', $cite, 2) ?: [];
                if (count($parts) < 2) {
                    $parts = array_map('trim', explode(',', Util::text($cite), 2));
                }
                $item = ['quote' => Util::text($html), 'name' => Util::text((string) ($parts[0] ?? ''))];
                if (isset($parts[1]) && Util::text((string) $parts[1]) !== '') {
                    $item['role'] = Util::text((string) $parts[1]);
                }
                $section['items'][] = $item;
            }
        }
        return $section;
    }

    private static function faq(array $inner): array
    {
        $section = ['items' => []];
        foreach ($inner as $child) {
            $name = (string) $child['blockName'];
            if ($name === 'core/heading' && !isset($section['heading'])) {
                $section['heading'] = Util::text(render_block($child));
            } elseif ($name === 'core/details') {
                $html = render_block($child);
                $question = '';
                if (preg_match('/<summary[^>]*>(.*?)<\/summary>/is', $html, $match)) {
                    $question = Util::text($match[1]);
                    $html = str_replace($match[0], '', $html);
                }
                $answer = trim((string) preg_replace('/^\s*<details[^>]*>|<\/details>\s*$/i', '', $html));
                if ($question !== '') {
                    $section['items'][] = ['question' => $question, 'answer_html' => $answer];
                }
            }
        }
        return $section;
    }

    private static function callToAction(array $inner): array
    {
        $section = [];
        $texts = [];
        foreach ($inner as $child) {
            $name = (string) $child['blockName'];
            if ($name === 'core/heading' && !isset($section['heading'])) {
                $section['heading'] = Util::text(render_block($child));
            } elseif ($name === 'core/paragraph') {
                $texts[] = Util::text(render_block($child));
            } elseif ($name === 'core/buttons' && !isset($section['button'])) {
                $section['button'] = self::links($child)[0] ?? null;
            }
        }
        $section['heading'] ??= '';
        if ($texts !== []) {
            $section['text'] = implode(' ', $texts);
        }
        return $section;
    }

    private static function richText(array $inner): array
    {
        $section = ['body_html' => ''];
        foreach ($inner as $index => $child) {
            if ($index === 0 && $child['blockName'] === 'core/heading') {
                $section['heading'] = Util::text(render_block($child));
                continue;
            }
            $section['body_html'] .= trim(render_block($child));
        }
        return $section;
    }
}
