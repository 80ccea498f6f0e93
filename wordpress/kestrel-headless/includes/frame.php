<?php
/**
 * The site frame every page answer carries (docs/content-api.md): the menus of the theme's
 * locations in a locale, and the options (organization, contact fields, badges, the
 * theme's colour palette).
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Frame
{
    /** @return array{menu: array<string, mixed>|\stdClass, options: array<string, mixed>} */
    public static function of(string $locale): array
    {
        $menus = self::menus($locale);
        // An object on the wire even when no location has a menu.
        return ['menu' => $menus === [] ? new \stdClass() : $menus, 'options' => self::options($locale)];
    }

    /** @return array<string, list<array<string, mixed>>> */
    public static function menus(string $locale): array
    {
        $menus = [];
        foreach (array_keys(ContentTypes::MENU_LOCATIONS) as $location) {
            $id = Languages::menuId($location, $locale);
            if ($id <= 0) {
                continue;
            }
            $items = wp_get_nav_menu_items($id, ['update_post_term_cache' => false]) ?: [];
            $list = [];
            foreach (array_slice($items, 0, 500) as $item) {
                if (!empty($item->_invalid) || $item->post_status !== 'publish') {
                    continue;
                }
                $entry = [
                    'id' => (int) $item->ID,
                    'title' => Util::text((string) $item->title),
                    'url' => (string) $item->url,
                    'target' => (string) $item->target,
                    'object_id' => (int) $item->object_id,
                    'post_parent' => (int) $item->menu_item_parent > 0 ? (int) $item->menu_item_parent : false,
                ];
                $path = self::menuItemPath($item, $locale);
                if ($path !== null) {
                    $entry['relative_path'] = $path;
                }
                $classes = array_values(array_filter(array_map('strval', (array) $item->classes)));
                if ($classes !== []) {
                    $entry['classes'] = array_slice($classes, 0, 20);
                }
                $list[] = $entry;
            }
            $menus[$location] = $list;
        }
        return $menus;
    }

    /** A menu item's path on the site (requirements §3 relative_path), when it points at the site. */
    private static function menuItemPath(object $item, string $locale): ?string
    {
        if ($item->type === 'post_type') {
            $post = get_post((int) $item->object_id);
            return $post ? Documents::siteUrlPath($post) : null;
        }
        if ($item->type === 'taxonomy') {
            $term = get_term((int) $item->object_id);
            if ($term instanceof \WP_Term) {
                $kind = $term->taxonomy === 'post_tag' ? 'tag' : 'category';
                return Languages::prefix($locale) . '/blog/' . $kind . '/' . $term->slug;
            }
            return null;
        }
        $url = (string) $item->url;
        if (str_starts_with($url, '#')) {
            return null;
        }
        return Util::isOwnUrl($url) ? Util::relativePath($url) : null;
    }

    /** @return array<string, mixed> */
    public static function options(string $locale): array
    {
        $fields = Settings::siteFields($locale);
        $logo = (string) Settings::get('logo_url', '');
        if ($logo === '') {
            $logoId = (int) get_theme_mod('custom_logo');
            $logo = $logoId > 0 ? (string) wp_get_attachment_image_url($logoId, 'full') : (string) get_site_icon_url(512);
        }
        $options = [
            'organization' => array_filter(['name' => Util::text(get_bloginfo('name')), 'logo_url' => $logo], static fn ($value) => $value !== ''),
            'host_url' => Settings::siteUrl() !== '' ? Settings::siteUrl() : home_url(),
        ];
        if ($fields['address'] !== '') {
            $options['address'] = $fields['address'];
        }
        if ($fields['phone'] !== '') {
            $options['phone'] = mb_substr($fields['phone'], 0, 40);
        }
        if ($fields['shop_url'] !== '') {
            $options['shop_url'] = $fields['shop_url'];
        }
        foreach (['review_badge', 'status_badge'] as $badge) {
            if ($fields[$badge . '_label'] !== '' && $fields[$badge . '_url'] !== '') {
                $options[$badge] = ['label' => $fields[$badge . '_label'], 'url' => $fields[$badge . '_url']];
            }
        }
        $palette = self::palette();
        if ($palette !== []) {
            $options['palette'] = $palette;
        }
        return $options;
    }

    /**
     * The theme's colour palette (docs/decisions/028): theme.json's, then the editor's own
     * colours, then WordPress's defaults, the first of each slug winning. A theme names a
     * colour's dark-theme value in `settings.custom.kestrel.darkPalette` (slug => colour).
     *
     * @return list<array{slug: string, name: string, color: string, dark?: string}>
     */
    private static function palette(): array
    {
        if (!function_exists('wp_get_global_settings')) {
            return [];
        }
        $origins = (array) wp_get_global_settings(['color', 'palette']);
        $dark = (array) wp_get_global_settings(['custom', 'kestrel', 'darkPalette']);
        $palette = [];
        foreach (['theme', 'custom', 'default'] as $origin) {
            foreach ((array) ($origins[$origin] ?? []) as $entry) {
                $slug = is_array($entry) ? (string) ($entry['slug'] ?? '') : '';
                if ($slug === '' || isset($palette[$slug]) || !is_string($entry['color'] ?? null)) {
                    continue;
                }
                $palette[$slug] = ['slug' => $slug, 'name' => Util::text((string) ($entry['name'] ?? $slug)), 'color' => $entry['color']];
                if (is_string($dark[$slug] ?? null)) {
                    $palette[$slug]['dark'] = $dark[$slug];
                }
            }
        }
        return array_values($palette);
    }
}
