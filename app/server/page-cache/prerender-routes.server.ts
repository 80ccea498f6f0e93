/**
 * Which pages are prerendered at build (requirements §10.1): chosen from the
 * backend's own lists, never a hard-coded list. In every routed locale: home, every
 * internal page a menu links to, the blog home, the first page of every category and
 * tag listing, the newest posts, and every routed content type's listing with its newest
 * items (decision 029). Account and reset pages are never prerendered
 * (they are never kept in a shared cache either).
 */
import { type Locale, routedLocales, siteConfig } from '../../config/site'
import type { MenuLink } from '../../contract/model'
import { routedTypes, typePath } from '../../contract/content-types'
import { localizePath } from '../../lib/url'
import { isAccountPath } from '../http/cache-control.server'
import { ContentUnavailableError, type ContentSource } from '../content/content-source.server'

function menuPaths(links: readonly MenuLink[]): string[] {
  return links.flatMap((link) => {
    const own = link.internal && link.href.startsWith('/') && !link.popupId ? [link.href.split(/[?#]/)[0] ?? ''] : []
    return [...own, ...menuPaths(link.children)]
  })
}

export async function prerenderRoutes(source: ContentSource, locales: readonly Locale[] = routedLocales): Promise<string[]> {
  const routes = new Set<string>()
  const blog = `/${siteConfig.content.blogBase}`
  for (const locale of locales) {
    const add = (path: string) => {
      const clean = path.length > 1 ? path.replace(/\/+$/, '') : path
      if (clean !== '' && !isAccountPath(clean)) routes.add(localizePath(clean, locale))
    }
    const home = await source.getPage({ locale, pageName: siteConfig.content.homeSlug })
    add('/')
    for (const links of Object.values(home.menus)) menuPaths(links).forEach(add)
    const listing = await source.getPage({ locale, pageName: siteConfig.content.blogBase })
    add(blog)
    for (const category of listing.page.categories) add(`${blog}/category/${category.slug}`)
    for (const tag of listing.page.tags) add(`${blog}/tag/${tag.slug}`)
    const newest = await source.getPosts({ locale, perPage: siteConfig.prerender.newestPosts })
    // The contract lets a failed list read as empty; at build time that must not pass for "no posts".
    if (newest.failed) throw new ContentUnavailableError('unreachable', `the newest posts (${locale}) could not be listed`)
    for (const post of newest.posts) add(`${blog}/${post.slug}`)
    for (const route of routedTypes) {
      const items = await source.getPosts({ locale, type: route.type, perPage: siteConfig.prerender.newestPosts })
      if (items.failed) throw new ContentUnavailableError('unreachable', `the newest ${route.type} items (${locale}) could not be listed`)
      add(typePath(locale, route.type) ?? '')
      for (const item of items.posts) add(typePath(locale, route.type, item.slug) ?? '')
    }
  }
  return [...routes].sort()
}
