/**
 * Requirements §2 Page selection: which backend page a URL asks for, and with which query.
 * Pure, so the rules are unit-tested without a router.
 */
import type { Locale } from '../config/site'
import { siteConfig } from '../config/site'
import { isPageName, isSlug } from '../contract/page-name'
import type { PageQuery } from '../contract/queries'
import { stripLocale } from '../lib/url'

/** A search param as the router hands it over: `?p=12&dev=true` may arrive as a number or a boolean. */
type Param = string | number | boolean

/**
 * Search params the site reads on every page (requirements §2): `s` the search string,
 * `preview=true` with `p` (the preview id) and the signed link's `expires` and `token`,
 * `dev=true` developer mode, and `page` for listings and search results (crawlable
 * `?page=2`). Other params (utm_*, gclid) are kept as they are.
 */
export interface SiteSearch {
  s?: Param
  preview?: Param
  p?: Param
  expires?: Param
  token?: Param
  dev?: Param
  page?: Param
  [other: string]: unknown
}

/** The query parameters the site reads; a page's URL with any of them is not its prerendered copy (scripts/deploy/platform-output.ts). */
export const SITE_PARAMS = ['s', 'preview', 'p', 'expires', 'token', 'dev', 'page'] as const

/**
 * The root route's validateSearch. Validation must not change a URL's params (the router
 * would redirect to the changed URL), so values pass through as they came and
 * selectPage() normalizes them; a known param that is not a plain value (`?dev[x]=1`) is
 * dropped.
 */
export function validateSiteSearch(search: Record<string, unknown>): SiteSearch {
  const result: SiteSearch = { ...search }
  for (const key of SITE_PARAMS) {
    const value = search[key]
    if (value !== undefined && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') delete result[key]
  }
  return result
}

/**
 * The search params a page's data depends on, and nothing else: a loader's deps. Tracking
 * params (utm_*, gclid) must not make a different page (the server renders and caches
 * pages without them, and the browser must hydrate the same data).
 */
export function pageSearchDeps(search: SiteSearch) {
  const { s, preview, p, expires, token, dev, page } = search
  return { s, preview, p, expires, token, dev, page }
}

export interface PageSelection {
  locale: Locale
  /** The app path without the locale prefix. */
  path: string
  search?: string
  previewId?: string
  previewExpires?: string
  previewToken?: string
  dev: boolean
  /** 1 unless `?page=N` asks for another page of a listing or of search results. */
  page: number
}

/** The router may hand a param over as a number or boolean (`?p=12&dev=true`). */
function asText(value: string | number | boolean | undefined): string | undefined {
  return value === undefined ? undefined : String(value)
}

/** A listing page number from the URL: 1 to the limit, anything else is 1. */
export function pageNumber(value: string | undefined): number {
  const parsed = Number(value)
  return Number.isInteger(parsed) && parsed >= 1 && parsed <= siteConfig.content.maxListPage ? parsed : 1
}

/**
 * The URL read once (requirements §2 Page selection): its locale (from the public path, whose
 * prefix the router's rewrite hides from routes), its app path and its search params.
 */
export function selectPage(publicPathname: string, params: SiteSearch): PageSelection {
  const { locale, path } = stripLocale(publicPathname)
  const search = asText(params.s)?.trim().slice(0, siteConfig.content.maxSearchLength) || undefined
  const p = asText(params.p)
  const previewId = asText(params.preview) === 'true' && p && /^\d{1,20}$/.test(p) ? p : undefined
  return {
    locale,
    path,
    search,
    previewId,
    previewExpires: previewId ? asText(params.expires) : undefined,
    previewToken: previewId ? asText(params.token) : undefined,
    dev: asText(params.dev) === 'true',
    page: pageNumber(asText(params.page)),
  }
}

/** What a route asks the backend for: a page name (from its params) and, on category listings, a category. */
export interface PageTarget {
  pageName: string
  category?: string
}

/**
 * The backend query for a selection and a route's target, or null when the target is
 * not a page name at all (too long, dots, slashes out of place): such a URL is a 404
 * without asking the backend.
 */
export function pageQueryFor(selection: PageSelection, target: PageTarget): PageQuery | null {
  if (!isPageName(target.pageName)) return null
  if (target.category !== undefined && !isSlug(target.category)) return null
  // A signed link's parts have a known size (preview-token.server.ts); anything longer is not one.
  if ((selection.previewExpires?.length ?? 0) > 20 || (selection.previewToken?.length ?? 0) > 128) return null
  const query: PageQuery = { locale: selection.locale, pageName: target.pageName }
  if (target.category !== undefined) query.category = target.category
  if (selection.search !== undefined) query.search = selection.search
  if (selection.search && selection.page > 1) query.searchPage = selection.page
  if (selection.previewId !== undefined) {
    query.previewId = selection.previewId
    query.previewExpires = selection.previewExpires
    query.previewToken = selection.previewToken
  }
  if (selection.dev) query.dev = true
  return query
}

/** The page name of a splat or page param (decoded by the router): requirements §2, the empty path is the home slug. */
export function pageNameOf(param: string | undefined): string {
  const trimmed = (param ?? '').replace(/^\/+|\/+$/g, '')
  return trimmed === '' ? siteConfig.content.homeSlug : trimmed
}

/** The app path of a page name, as requirements §7 `layout{path}` takes it: `/` for the home slug, else `/{pageName}`. */
export function layoutPathOf(pageName: string): string {
  return pageName === siteConfig.content.homeSlug ? '/' : `/${pageName}`
}

/** Requirements §2: the tag route with a slug sets the selected blog tag; elsewhere it is "all". */
export function selectedTag(tagSlug: string | undefined): string {
  return tagSlug && tagSlug.trim() !== '' ? tagSlug : 'all'
}

/** The path of a router location's public href, which still carries the locale prefix the router's rewrite hides (decision 001). */
export function pathnameOf(publicHref: string): string {
  return new URL(publicHref, 'http://site.invalid').pathname
}

/** The blog's base page name (`blog`) and the page name of one article. */
export const blogPageName = siteConfig.content.blogBase
export function articlePageName(slug: string): string {
  return `${siteConfig.content.blogBase}/${slug}`
}
