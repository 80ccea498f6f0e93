<?php
/**
 * WordPress's core blocks as sections of the site's registry (includes/sections.php has
 * the table): which layout a block or group becomes (its `kestrel-{layout}` class, else its
 * kind and what it holds), and each layout's fields read from the blocks.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class CoreSections
{
    public static function hasClass(array $block, string $class): bool
    {
        return in_array($class, preg_split('/\s+/', (string) ($block['attrs']['className'] ?? '')) ?: [], true);
    }

    /** The layout a `kestrel-{layout}` class names, or null. */
    public static function forcedLayout(array $block): ?string
    {
        if (preg_match('/(?:^|\s)kestrel-(?!animate\b)([a-z_-]+)/', (string) ($block['attrs']['className'] ?? ''), $match)) {
            return str_replace('-', '_', $match[1]);
        }
        return null;
    }

    /** A core block (or group) as a section, or null when it is loose text for rich_text. */
    public static function section(array $block, ?string $forced): ?array
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
