/**
 * Content types beyond pages and posts (decision 029): which page names are a
 * routed type's listing or one of its items, and the path of each. The site owns these
 * paths (siteConfig.content.types); the backend names items by type and slug only, so
 * every link to an item (listings, search hits, the sitemap, language links) is built
 * here. Pure, so the rules are unit-tested without a router.
 */
import { type ContentTypeRoute, type Locale, siteConfig } from '../config/site'
import { isSlug } from './page-name'

/** A type name as WordPress registers post types: at most 20 characters of `a-z0-9_-`. */
export const TYPE_NAME = /^[a-z0-9_-]{1,20}$/

export const routedTypes: readonly ContentTypeRoute[] = siteConfig.content.types

/** What a page name stands for when it is under a routed type's base: its listing (`slug: null`) or one item. */
export interface TypeTarget {
  type: string
  slug: string | null
}

/** The routed type whose base (in this locale) a page name is, or is under; null for every other page name. */
export function typeTargetOf(locale: Locale, pageName: string, types: readonly ContentTypeRoute[] = routedTypes): TypeTarget | null {
  const [base, slug, ...rest] = pageName.split('/')
  const route = types.find((candidate) => candidate.base[locale] !== undefined && candidate.base[locale] === base)
  if (!route || rest.length > 0) return null
  if (slug === undefined) return { type: route.type, slug: null }
  return isSlug(slug) ? { type: route.type, slug } : null
}

/** The routed type by its backend name, or undefined for a type the site does not route. */
function routedType(type: string, types: readonly ContentTypeRoute[] = routedTypes): ContentTypeRoute | undefined {
  return types.find((candidate) => candidate.type === type)
}

/** The page name (app path without `/` or locale) of a type's listing, or of one item; null for a type the site does not route. */
export function typePageName(locale: Locale, type: string, slug: string | null = null, types: readonly ContentTypeRoute[] = routedTypes) {
  const base = routedType(type, types)?.base[locale]
  if (base === undefined) return null
  return slug === null ? base : `${base}/${slug}`
}

/** The app path (no locale prefix) of a type's listing or item, as links and the sitemap use it. */
export function typePath(locale: Locale, type: string, slug: string | null = null, types: readonly ContentTypeRoute[] = routedTypes) {
  const name = typePageName(locale, type, slug, types)
  return name === null ? null : `/${name}`
}

/** The listing's name in a locale: its breadcrumb. */
export function typeLabel(locale: Locale, type: string, types: readonly ContentTypeRoute[] = routedTypes): string | null {
  return routedType(type, types)?.label[locale] ?? null
}

/** One item's kind in a locale (Case study): above its title and on its search hits. */
export function typeSingular(locale: Locale, type: string, types: readonly ContentTypeRoute[] = routedTypes): string | null {
  return routedType(type, types)?.singular[locale] ?? null
}

/**
 * Configuration mistakes that would make a type unreachable or shadow another's paths:
 * a base that is no plain slug, the same base twice in a locale, a type name WordPress
 * would not accept. Checked by a unit test over the shipped configuration.
 */
export function typeConfigProblems(types: readonly ContentTypeRoute[], locales: readonly Locale[]): string[] {
  const problems: string[] = []
  for (const route of types) {
    if (!TYPE_NAME.test(route.type)) problems.push(`${route.type}: not a type name (a-z, 0-9, _ and -, at most 20)`)
    for (const locale of locales) {
      const base = route.base[locale]
      // A locale without a base does not route the type.
      if (base === undefined) continue
      if (!isSlug(base)) problems.push(`${route.type}: base "${base}" (${locale}) is not one slug`)
      if (base === siteConfig.content.blogBase || base === siteConfig.content.homeSlug)
        problems.push(`${route.type}: base "${base}" (${locale}) is the blog's or the home page's`)
      if (types.some((other) => other !== route && other.base[locale] === base))
        problems.push(`${route.type}: base "${base}" (${locale}) is used twice`)
    }
  }
  return problems
}

/**
 * The sitemap entries of the routed types' listings: one per type with an item among
 * `entries` (the listing exists in every locale the type has items in), keyed across
 * locales, modified when its newest item was.
 */
export function typeListingEntries<E extends { key: string; path: string; modified: string | null; type: string }>(
  locale: Locale,
  entries: readonly E[],
  types: readonly ContentTypeRoute[] = routedTypes,
): Array<{ key: string; path: string; modified: string | null; type: 'page' }> {
  return types.flatMap((route) => {
    const base = route.base[locale]
    if (base === undefined) return []
    const listing = `/${base}`
    const items = entries.filter((entry) => entry.type === 'item' && entry.path.startsWith(`${listing}/`))
    if (items.length === 0) return []
    const modified = items.reduce<string | null>(
      (newest, item) => (item.modified && (!newest || item.modified > newest) ? item.modified : newest),
      null,
    )
    return [{ key: `items:${route.type}`, path: listing, modified, type: 'page' as const }]
  })
}
