/**
 * The seed's menus and sidebar (scripts/wordpress/seed.ts): content/'s menus by location,
 * their items pointing at the seeded pages and categories where they can, and the blog
 * page's widgets in the `sidebar` area.
 */
import { defaultLocale } from '../../app/config/site'
import type { LocaleContent, PageFile } from '../../cms/content-store'
import { all, batch, rest, type Json } from './wp-rest'

/** The id of the page seeded for a locale and path (`home`, `services/cloud`). */
export type PageId = (locale: string, pagePath: string) => number | undefined

/** The menus of content/ by location (other locales' in `{location}__{locale}`); the count of menu items written. */
export async function seedMenus(contents: Map<string, LocaleContent>, pageId: PageId, categoryIds: Map<string, number>): Promise<number> {
  const menus = await all<{ id: number; slug: string }>('/wp/v2/menus?context=edit')
  // With Polylang's languages the built-in per-locale locations (`primary__de`) are not
  // registered: Polylang keeps those menus in its own option (the migration sets it), so a
  // menu is only given the locations WordPress knows.
  const registeredLocations = new Set(Object.keys(await rest<Record<string, unknown>>('GET', '/wp/v2/menu-locations')))
  let itemCount = 0
  for (const [locale, content] of contents) {
    for (const [location, items] of Object.entries(content.menus)) {
      // The primary submenu's items nest under the primary menu's items in WordPress (one menu, children).
      if (location === 'primary-submenu') continue
      const wpLocation = locale === defaultLocale ? location : `${location}__${locale}`
      const slug = `${location}-${locale}`
      const existing = menus.find((menu) => menu.slug === slug)
      const menu = await rest<{ id: number }>('POST', existing ? `/wp/v2/menus/${existing.id}` : '/wp/v2/menus', {
        name: `${location} (${locale})`,
        slug,
        ...(registeredLocations.has(wpLocation) ? { locations: [wpLocation] } : {}),
      })
      const old = await all<{ id: number }>(`/wp/v2/menu-items?menus=${menu.id}&context=edit`)
      if (old.length > 0) await batch(old.map((item) => ({ method: 'DELETE' as const, path: `/wp/v2/menu-items/${item.id}?force=true` })))
      const children = location === 'primary' ? (content.menus['primary-submenu'] ?? []) : []
      const created = new Map<string, number>()
      let order = 1
      for (const item of items) {
        const answer = await rest<{ id: number }>('POST', '/wp/v2/menu-items', {
          ...menuItem(item, locale, pageId, categoryIds),
          menus: menu.id,
          menu_order: order++,
          status: 'publish',
        })
        created.set(String(item.id), answer.id)
        itemCount++
      }
      const nested = children
        .filter((child) => child.post_parent !== false && created.has(String(child.post_parent)))
        .map((child) => ({
          method: 'POST' as const,
          path: '/wp/v2/menu-items',
          body: {
            ...menuItem(child, locale, pageId, categoryIds),
            menus: menu.id,
            parent: created.get(String(child.post_parent)),
            menu_order: order++,
            status: 'publish',
          },
        }))
      if (nested.length > 0) await batch(nested)
      itemCount += nested.length
    }
  }
  return itemCount
}

/** A menu item of content/ as a WordPress one: a page or a category where it points at one, else a custom link. */
function menuItem(
  item: { title: string; url: string; target?: string; relative_path?: string },
  locale: string,
  pageOf: PageId,
  categoryIds: Map<string, number>,
): Json {
  const sitePath = (item.relative_path ?? '').replace(new RegExp(`^/${locale}(?=/|$)`), '').replace(/^\/+|\/+$/g, '')
  const target = item.target ?? ''
  const pageId = sitePath === '' && item.relative_path !== undefined ? pageOf(locale, 'home') : pageOf(locale, sitePath)
  if (item.relative_path !== undefined && pageId) {
    return { title: item.title, type: 'post_type', object: 'page', object_id: pageId, target }
  }
  const category = /^blog\/category\/([a-z0-9-]+)$/.exec(sitePath)
  if (category && categoryIds.has(category[1]!)) {
    return { title: item.title, type: 'taxonomy', object: 'category', object_id: categoryIds.get(category[1]!), target }
  }
  return { title: item.title, type: 'custom', url: item.relative_path ?? item.url, target }
}

/** The blog page's sidebar widgets of content/ in the `sidebar` area, replacing what it held. */
export async function seedSidebar(blogPage: PageFile | undefined): Promise<void> {
  const widgets = await all<{ id: string; sidebar: string }>('/wp/v2/widgets?context=edit')
  const oldWidgets = widgets.filter((widget) => widget.sidebar === 'sidebar' || widget.sidebar === 'wp_inactive_widgets')
  if (oldWidgets.length > 0)
    await batch(oldWidgets.map((widget) => ({ method: 'DELETE' as const, path: `/wp/v2/widgets/${widget.id}?force=true` })))
  const widgetIds: string[] = []
  for (const widget of blogPage?.widgets.sidebar ?? []) {
    const title = widget.title ?? ''
    const instance =
      widget.widget_type === 'recent_posts'
        ? { id_base: 'recent-posts', instance: { raw: { title, number: 3 } } }
        : widget.widget_type === 'categories'
          ? { id_base: 'categories', instance: { raw: { title, count: 1 } } }
          : widget.widget_type === 'custom_html'
            ? { id_base: 'custom_html', instance: { raw: { title, content: String(widget.content ?? '') } } }
            : { id_base: 'text', instance: { raw: { title, text: String(widget.content ?? ''), filter: false, visual: false } } }
    const created = await rest<{ id: string }>('POST', '/wp/v2/widgets', { ...instance, sidebar: 'sidebar' })
    widgetIds.push(created.id)
  }
  // WordPress 6.1 files a widget created over REST under "inactive" on a block theme; placing the list fixes that.
  await rest('POST', '/wp/v2/sidebars/sidebar', { widgets: widgetIds })
}
