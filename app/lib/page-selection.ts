/**
 * SPEC §2 Page selection: which backend page a URL asks for, and with which query.
 * Pure, so the rules are unit-tested without a router.
 */
import { z } from 'zod'
import type { Locale } from '../../app.config'
import { siteConfig } from '../../app.config'
import { pageQuerySchema, type PageQuery } from '../content/queries'
import { stripLocale } from './url'

/**
 * Search params the site reads on every page. Validation must not change them (the
 * router would redirect to the changed URL), so values pass through as they came and
 * selectPage() normalizes them; other params (utm_*, gclid) are kept.
 */
const param = z.union([z.string(), z.number(), z.boolean()]).optional().catch(undefined)

export const siteSearchSchema = z.looseObject({
  /** SPEC §2: s, the search string. */
  s: param,
  /** SPEC §2: preview=true with p, the preview id. */
  preview: param,
  p: param,
  /** The signed preview link's expiry and token (docs/decisions and the preview issue). */
  expires: param,
  token: param,
  /** SPEC §2: dev=true, developer mode. */
  dev: param,
  /** Listing and search result page (crawlable `?page=2`). */
  page: param,
})
export type SiteSearch = z.infer<typeof siteSearchSchema>

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
 * The URL read once (SPEC §2 Page selection): its locale (from the public path, whose
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
  const query = pageQuerySchema.safeParse({
    locale: selection.locale,
    pageName: target.pageName,
    category: target.category,
    search: selection.search,
    searchPage: selection.search && selection.page > 1 ? selection.page : undefined,
    previewId: selection.previewId,
    previewExpires: selection.previewExpires,
    previewToken: selection.previewToken,
    dev: selection.dev || undefined,
  })
  return query.success ? query.data : null
}

/** The page name of a splat or page param (decoded by the router): SPEC §2, the empty path is the home slug. */
export function pageNameOf(param: string | undefined): string {
  const trimmed = (param ?? '').replace(/^\/+|\/+$/g, '')
  return trimmed === '' ? siteConfig.content.homeSlug : trimmed
}

/** The app path of a page name, as SPEC §7 `layout{path}` takes it: `/` for the home slug, else `/{pageName}`. */
export function layoutPathOf(pageName: string): string {
  return pageName === siteConfig.content.homeSlug ? '/' : `/${pageName}`
}

/** SPEC §2: the tag route with a slug sets the selected blog tag; elsewhere it is "all". */
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
