<?php
/**
 * The widgets of the `sidebar` area as the blog's answers carry them (requirements §3):
 * classic widgets by their kind, block widgets by their first block.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Widgets
{
    /** Requirements §3: the widgets of the `sidebar` area, by their kind. @return list<array<string, mixed>> */
    public static function sidebar(): array
    {
        $areas = wp_get_sidebars_widgets();
        $out = [];
        foreach ((array) ($areas['sidebar'] ?? []) as $widgetId) {
            if (!preg_match('/^(.+)-(\d+)$/', (string) $widgetId, $match)) {
                continue;
            }
            [$all, $base, $number] = $match;
            $instances = get_option('widget_' . $base);
            $instance = is_array($instances) ? ($instances[(int) $number] ?? null) : null;
            if (!is_array($instance)) {
                continue;
            }
            $widget = self::widget($base, $instance);
            if ($widget !== null) {
                $out[] = ['id' => $all] + $widget;
            }
        }
        return array_slice($out, 0, 50);
    }

    private static function widget(string $base, array $instance): ?array
    {
        $title = Util::text((string) ($instance['title'] ?? ''));
        $widget = match ($base) {
            'text' => ['widget_type' => 'text', 'content' => !empty($instance['filter']) || !empty($instance['visual']) ? wpautop((string) ($instance['text'] ?? '')) : (string) ($instance['text'] ?? '')],
            'custom_html' => ['widget_type' => 'custom_html', 'content' => (string) ($instance['content'] ?? '')],
            'media_image' => ['widget_type' => 'media_image', 'content' => self::imageHtml((int) ($instance['attachment_id'] ?? 0), (string) ($instance['url'] ?? ''), (string) ($instance['alt'] ?? ''))],
            'recent-posts' => ['widget_type' => 'recent_posts'],
            'categories' => ['widget_type' => 'categories'],
            'block' => self::blockWidget((string) ($instance['content'] ?? '')),
            default => null,
        };
        if ($widget === null) {
            return null;
        }
        if ($title !== '' && !isset($widget['title'])) {
            $widget['title'] = $title;
        }
        return $widget;
    }

    /** A block widget: the kind of its main block; a heading in it is the title. */
    private static function blockWidget(string $content): ?array
    {
        $blocks = array_values(array_filter(parse_blocks($content), static fn ($block) => $block['blockName'] !== null));
        if (count($blocks) === 1 && $blocks[0]['blockName'] === 'core/group') {
            $blocks = array_values(array_filter($blocks[0]['innerBlocks'], static fn ($block) => $block['blockName'] !== null));
        }
        $title = null;
        $html = '';
        $type = null;
        foreach ($blocks as $block) {
            $name = $block['blockName'];
            if ($name === 'core/heading' && $title === null) {
                $title = Util::text(render_block($block));
                continue;
            }
            $type ??= match ($name) {
                'core/latest-posts' => 'recent_posts',
                'core/categories' => 'categories',
                'core/html' => 'custom_html',
                'core/image' => 'media_image',
                default => 'text',
            };
            if (!in_array($name, ['core/latest-posts', 'core/categories'], true)) {
                $html .= $name === 'core/html' ? (string) $block['innerHTML'] : render_block($block);
            }
        }
        if ($type === null) {
            return null;
        }
        $widget = ['widget_type' => $type];
        if ($title !== null) {
            $widget['title'] = $title;
        }
        if ($html !== '') {
            $widget['content'] = trim($html);
        }
        return $widget;
    }

    private static function imageHtml(int $attachmentId, string $url, string $alt): string
    {
        $image = Util::attachmentImage($attachmentId) ?? Util::imageFrom(['url' => $url, 'alt' => $alt]);
        if (!$image) {
            return '';
        }
        return sprintf('<img src="%s" alt="%s"%s>', esc_url($image['url']), esc_attr($image['alt'] ?? ''), isset($image['width']) ? sprintf(' width="%d" height="%d"', $image['width'], $image['height']) : '');
    }
}
