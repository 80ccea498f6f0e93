<?php
/**
 * The block classes of the contract's HTML (docs/decisions/028, which replaces 024): the
 * classes the editor stores and that carry what the editor meant (a table, columns, a
 * button, a cover, alignment, palette colours, font sizes, layout) stay, so the site can
 * style them (app/styles/wp-blocks.css); the ones WordPress adds only while it renders,
 * and differently on each release, go. Layout that WordPress writes into a generated
 * stylesheet (`wp-container-*`) is carried by the block's own classes and, for the gap,
 * an inline style.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class BlockMarkup
{
    /**
     * `wp-block-*` classes kept: the blocks whose look depends on them. Everything else of
     * that prefix (`wp-block-heading`, `wp-block-list`, `wp-block-paragraph`, the
     * `wp-block-group-is-layout-flex` twins of `is-layout-flex`) is render-time only.
     */
    private const KEPT_BLOCK_CLASS = '/^wp-block-(?:table|columns?|buttons?|button__link|gallery|image|embed(?:__wrapper|-[a-z0-9-]+)?|file(?:__button)?|separator|spacer|cover(?:__[a-z-]+)?|media-text(?:__[a-z-]+)?|group|pullquote|quote|code|preformatted|verse|details|video|audio)$/';

    /**
     * Render-time classes of other prefixes: generated container and element hashes, a
     * style variation's numbered twin (`is-style-outline--2`, counted per request) and the
     * root padding a theme's layout setting adds (`has-global-padding`).
     */
    private const DROPPED_CLASS = '/^(?:wp-container-|wp-elements-|is-style-[a-z0-9-]+--\d+$|has-global-padding$)/';

    public static function boot(): void
    {
        add_filter('render_block', [self::class, 'withLayoutGap'], 10, 2);
    }

    public static function keepsClass(string $name): bool
    {
        if (str_starts_with($name, 'wp-block-')) {
            return preg_match(self::KEPT_BLOCK_CLASS, $name) === 1;
        }
        return preg_match(self::DROPPED_CLASS, $name) !== 1;
    }

    /** HTML without the render-time classes; a tag left with no class loses the attribute. Only tags change. */
    public static function withoutRenderClasses(string $html): string
    {
        if (!str_contains($html, 'wp-block-') && !str_contains($html, 'wp-container-') && !str_contains($html, 'wp-elements-') && !str_contains($html, '--') && !str_contains($html, 'has-global-padding')) {
            return $html;
        }
        return (string) preg_replace_callback('/<[a-zA-Z][^<>]*>/', static fn (array $tag): string => (string) preg_replace_callback(
            '/\s+class="([^"]*)"/',
            static function (array $attribute): string {
                $kept = array_filter(preg_split('/\s+/', $attribute[1]) ?: [], static fn (string $name): bool => $name !== '' && self::keepsClass($name));
                return $kept === [] ? '' : ' class="' . implode(' ', $kept) . '"';
            },
            $tag[0],
        ), $html);
    }

    /** @param mixed $value Every string in it without render-time classes (a REST answer's data). */
    public static function withoutRenderClassesIn(mixed $value): mixed
    {
        if (is_string($value)) {
            return self::withoutRenderClasses($value);
        }
        if (is_array($value)) {
            return array_map([self::class, 'withoutRenderClassesIn'], $value);
        }
        return $value;
    }

    /**
     * A flex or grid block's gap, which WordPress writes into the generated `wp-container-*`
     * stylesheet, as an inline `gap` on the block's outer tag (the site keeps `gap` in its
     * style allow-list). A preset (`var:preset|spacing|50`) becomes its custom property.
     */
    public static function withLayoutGap(string $html, array $block): string
    {
        $type = $block['attrs']['layout']['type'] ?? ($block['blockName'] === 'core/buttons' || $block['blockName'] === 'core/columns' ? 'flex' : null);
        $gap = $block['attrs']['style']['spacing']['blockGap'] ?? null;
        if (!in_array($type, ['flex', 'grid'], true) || !is_string($gap) || $gap === '') {
            return $html;
        }
        $value = preg_match('/^var:preset\|spacing\|([a-z0-9-]+)$/', $gap, $preset) === 1 ? 'var(--wp--preset--spacing--' . $preset[1] . ')' : $gap;
        if (preg_match('/^(?:var\(--wp--preset--spacing--[a-z0-9-]+\)|[0-9.]+(?:px|rem|em|%))$/', $value) !== 1) {
            return $html;
        }
        return (string) preg_replace_callback('/^(\s*<[a-zA-Z][a-zA-Z0-9]*)([^>]*)>/', static function (array $tag) use ($value): string {
            if (preg_match('/\sstyle="([^"]*)"/', $tag[2], $style) === 1) {
                $merged = rtrim($style[1], '; ') . ';gap:' . $value;
                return $tag[1] . str_replace($style[0], ' style="' . ltrim($merged, ';') . '"', $tag[2]) . '>';
            }
            return $tag[1] . $tag[2] . ' style="gap:' . $value . '">';
        }, $html, 1);
    }
}
