/**
 * The site's frame, wire → model (reshape.ts): the menus as trees of app links and the
 * site-wide options; and the context every reshaping needs, the origins whose URLs count
 * as the site's own.
 */
import { type Locale, siteConfig } from '../config/site'
import { originOf, popupIdFromHref, toAppHref } from '../lib/url'
import type { MenuLink, Menus, SiteOptions } from './model'
import { paletteColor } from './palette'
import { darkFallback } from './palette-contrast'
import { decodeText, sanitizeCmsHtml } from './sanitize'
import { menuLocations, type WireMenuItem, type WireMenus, type WireOptions } from './wire-site'

/** The origins whose URLs count as the site's own (the backend and the public site). */
export interface ReshapeContext {
  ownOrigins: readonly string[]
  /** The locale asked for: the links to items of a content type are built in it (decision 029). */
  locale?: Locale
}

export function contextFor(options: Pick<WireOptions, 'host_url'> | null, ...origins: Array<string | undefined>): ReshapeContext {
  const ownOrigins = [options?.host_url, ...origins].map((value) => originOf(value)).filter((value): value is string => value !== null)
  return { ownOrigins: [...new Set(ownOrigins)] }
}

function reshapeMenuLink(item: WireMenuItem, ctx: ReshapeContext): Omit<MenuLink, 'children'> | null {
  // relative_path is the backend's own rewrite of the URL into a site path (requirements §3).
  const source = item.relative_path && item.relative_path.startsWith('/') ? item.relative_path : item.url
  const link = toAppHref(source, ctx.ownOrigins)
  if (!link) return null
  return {
    id: String(item.id),
    title: decodeText(item.title) || link.href,
    href: link.href,
    internal: link.internal,
    newTab: item.target === '_blank',
    popupId: popupIdFromHref(link.href),
    parentId: item.post_parent === false ? null : String(item.post_parent),
  }
}

/**
 * One menu location as a tree: items nest under the item whose id is their
 * `post_parent` (false for the top level). Orphans are shown at the top level rather
 * than lost; cycles cannot form because only top-level items are roots.
 */
export function reshapeMenu(items: readonly WireMenuItem[], ctx: ReshapeContext): MenuLink[] {
  const links = new Map<string, MenuLink>()
  for (const item of items) {
    const link = reshapeMenuLink(item, ctx)
    if (link) links.set(link.id, { ...link, children: [] })
  }
  const roots: MenuLink[] = []
  for (const item of items) {
    const link = links.get(String(item.id))
    if (!link) continue
    const parent = item.post_parent === false ? undefined : links.get(String(item.post_parent))
    if (parent && parent !== link && item.post_parent !== false) parent.children.push(link)
    else roots.push(link)
  }
  return roots
}

export function reshapeMenus(menus: WireMenus | undefined, ctx: ReshapeContext): Menus {
  const result = {} as Menus
  for (const location of menuLocations) {
    result[location] = reshapeMenu(menus?.[location] ?? [], ctx)
  }
  return result
}

export function reshapeOptions(options: WireOptions, ctx: ReshapeContext): SiteOptions {
  const hostUrl = toAppHref(options.host_url, [])
  const badge = (value: { label: string; url: string } | undefined) => {
    const link = value ? toAppHref(value.url, []) : null
    return value && link ? { label: decodeText(value.label), url: link.href } : null
  }
  return {
    organizationName: decodeText(options.organization.name) || siteConfig.productName,
    logoUrl: options.organization.logo_url ? (toAppHref(options.organization.logo_url, [])?.href ?? null) : null,
    hostUrl: hostUrl && !hostUrl.internal ? hostUrl.href : '/',
    siteUrl: hostUrl && !hostUrl.internal ? new URL(hostUrl.href).origin : 'http://localhost:3000',
    ownOrigins: [...ctx.ownOrigins],
    addressHtml: sanitizeCmsHtml(options.address ?? ''),
    phone: options.phone?.trim() || null,
    shopUrl: options.shop_url ? (toAppHref(options.shop_url, [])?.href ?? null) : null,
    reviewBadge: badge(options.review_badge),
    statusBadge: badge(options.status_badge),
    palette: reshapePalette(options.palette ?? []),
  }
}

/** The palette entries the site can use: a plain slug and a colour that is one (a bad entry is left out, not an error). */
function reshapePalette(palette: NonNullable<WireOptions['palette']>): SiteOptions['palette'] {
  const seen = new Set<string>()
  return palette.flatMap((entry) => {
    const slug = entry.slug.trim().toLowerCase()
    const light = paletteColor(entry.color)
    if (!/^[a-z0-9][a-z0-9-]{0,59}$/.test(slug) || !light || seen.has(slug)) return []
    seen.add(slug)
    const dark = paletteColor(entry.dark ?? '')
    // A theme that names its dark value is taken at its word; else one is made that reads (decision 028).
    const fallback = dark ? null : darkFallback(light)
    return [{ slug, light, dark: dark ?? fallback?.text ?? light, darkBackground: dark ?? fallback?.background ?? light }]
  })
}
