/**
 * SPEC §2 Page selection: which backend page a URL asks for, and with which query.
 * Pure, so the rules are unit-tested without a router.
 */
import { z } from 'zod'
import type { Locale } from '../../app.config'
import { siteConfig } from '../../app.config'
import { pageNameForPath, stripLocale } from './url'

/** Search params the site reads on every page. The router may hand them over parsed (numbers, booleans). */
const text = (max: number) =>
  z
    .union([z.string(), z.number(), z.boolean()])
    .transform((value) => String(value).slice(0, max))
    .optional()
    .catch(undefined)

export const siteSearchSchema = z.object({
  /** SPEC §2: s, the search string. */
  s: text(200),
  /** SPEC §2: preview=true with p, the preview id. */
  preview: text(10),
  p: text(20),
  /** SPEC §2: dev=true, developer mode. */
  dev: text(10),
})
export type SiteSearch = z.infer<typeof siteSearchSchema>

export interface PageSelection {
  locale: Locale
  /** The app path without the locale prefix. */
  path: string
  pageName: string
  search?: string
  previewId?: string
  dev: boolean
}

export function selectPage(publicPathname: string, params: SiteSearch): PageSelection {
  const { locale, path } = stripLocale(publicPathname)
  const search = params.s?.trim() || undefined
  const previewId = params.preview === 'true' && params.p && /^\d+$/.test(params.p) ? params.p : undefined
  return {
    locale,
    path,
    pageName: pageNameForPath(path),
    search,
    previewId,
    dev: params.dev === 'true',
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
