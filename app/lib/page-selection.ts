/**
 * SPEC §2 Page selection: which backend page a URL asks for, and with which query.
 * Pure, so the rules are unit-tested without a router.
 */
import { z } from 'zod'
import type { Locale } from '../../app.config'
import { siteConfig } from '../../app.config'
import { pageNameForPath, stripLocale } from './url'

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

/** Longer search strings are cut, not refused: the visitor still gets results. */
export const MAX_SEARCH_LENGTH = 200

export interface PageSelection {
  locale: Locale
  /** The app path without the locale prefix. */
  path: string
  pageName: string
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

/** A listing page number from the URL: 1 to 1000, anything else is 1. */
export function pageNumber(value: string | undefined): number {
  const parsed = Number(value)
  return Number.isInteger(parsed) && parsed >= 1 && parsed <= 1000 ? parsed : 1
}

export function selectPage(publicPathname: string, params: SiteSearch): PageSelection {
  const { locale, path } = stripLocale(publicPathname)
  const search = asText(params.s)?.trim().slice(0, MAX_SEARCH_LENGTH) || undefined
  const p = asText(params.p)
  const previewId = asText(params.preview) === 'true' && p && /^\d{1,20}$/.test(p) ? p : undefined
  return {
    locale,
    path,
    pageName: pageNameForPath(path),
    search,
    previewId,
    previewExpires: previewId ? asText(params.expires) : undefined,
    previewToken: previewId ? asText(params.token) : undefined,
    dev: asText(params.dev) === 'true',
    page: pageNumber(asText(params.page)),
  }
}

/** SPEC §2: the tag route with a slug sets the selected blog tag; elsewhere it is "all". */
export function selectedTag(tagSlug: string | undefined): string {
  return tagSlug && tagSlug.trim() !== '' ? tagSlug : 'all'
}

/** The locale of a router location (its public href still carries the prefix). */
export function localeOfHref(publicHref: string): Locale {
  return stripLocale(new URL(publicHref, 'http://site.invalid').pathname).locale
}

/** The blog's base page name (`blog`) and the page name of one article. */
export const blogPageName = siteConfig.content.blogBase
export function articlePageName(slug: string): string {
  return `${siteConfig.content.blogBase}/${slug}`
}
