/**
 * Reshaping the parts of an answer about items of a content type (decision 029):
 * the backend names an item by type and slug, and the site builds its links from its
 * own base paths (app/contract/content-types.ts). A type or a locale the site does not route
 * gives no link, and the link is left out.
 */
import { type Locale, siteConfig } from '../config/site'
import { typeLabel, typePath, typeSingular } from './content-types'
import { isLocale } from '../lib/url'
import type { Breadcrumb, Language } from './model'
import { decodeText } from './sanitize'
import type { WirePageResult } from './wire-page'

/** A translation of an item (its slug in that locale) or of an archive, as a language link. */
export function itemLanguage(item: WirePageResult['lang'][number], itemType: string, isItem: boolean): Language[] {
  if (!isLocale(item.code) || (isItem && !item.slug)) return []
  const path = typePath(item.code, itemType, isItem ? (item.slug ?? null) : null)
  // An app path, as every language link is: the locale prefix is added where it is shown.
  return path ? [{ locale: item.code, name: decodeText(item.name), href: path, active: item.active ?? false }] : []
}

/** A search hit on an item: its path in the locale asked for. */
export function itemSearchHref(hit: { item_type: string; slug: string }, locale: Locale | undefined): string | null {
  return typePath(locale ?? siteConfig.i18n.defaultLocale, hit.item_type, hit.slug)
}

/** A type's listing name in the locale asked for (the default locale's when none is given). */
export function typeLabelIn(locale: Locale | undefined, itemType: string): string | null {
  return typeLabel(locale ?? siteConfig.i18n.defaultLocale, itemType)
}

/** A search hit's kind as the site names an item of its type (Case study). */
export function itemSearchLabel(hit: { item_type: string }, locale: Locale | undefined): string | null {
  return typeSingular(locale ?? siteConfig.i18n.defaultLocale, hit.item_type)
}

/**
 * An item's or archive's breadcrumbs: the backend's first one (the home page, whose
 * title and path the backend knows), then the listing and the item.
 */
export function typeBreadcrumbs(
  backend: Breadcrumb[],
  locale: Locale | undefined,
  itemType: string,
  item: { title: string; slug: string } | null,
): Breadcrumb[] {
  const inLocale = locale ?? siteConfig.i18n.defaultLocale
  const listing = typePath(inLocale, itemType)
  const label = typeLabel(inLocale, itemType)
  if (listing === null || label === null) return backend
  const crumbs: Breadcrumb[] = [...backend.slice(0, 1), { href: listing, title: label, internal: true }]
  const itemPath = item ? typePath(inLocale, itemType, item.slug) : null
  if (item && itemPath) crumbs.push({ href: itemPath, title: item.title, internal: true })
  return crumbs
}
