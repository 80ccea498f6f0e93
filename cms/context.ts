/**
 * What every resource module of the embedded CMS is handed (the content store, the
 * database, this CMS's settings), and the reading helpers they share.
 */
import type { Client } from '@libsql/client'
import type { z } from 'zod'
import type { wireLanguage } from '../app/contract/wire-page'
import type { ContentStore, LocaleContent, PostRecord } from './content-store'
import { localePrefix, pagePath, postPath } from './paths'
import type { SearchIndex } from './search'

export interface CmsContext {
  store: ContentStore
  defaultLocale: string
  /** Language names for a page's language list; other locales go by their code. */
  languageNames: Readonly<Record<string, string>>
  /** The admin bar's base URL for a request (CmsOptions.adminUrl, else on the request's own origin). */
  adminUrl: (url: URL) => string
  /** Verifies signed preview links; without it, drafts are never shown. */
  previewSecret: string | undefined
  search: SearchIndex
  /** The SQLite store; without it, comments, form entries and accounts are unavailable. */
  database: (() => Promise<Client>) | undefined
  /** Where uploaded form files are written. */
  uploadDir: string
  /** All uploaded files together may take at most this many bytes. */
  maxUploadBytes: number
}

/** The content of the request's `?locale=` (the default locale when absent), or null for an unknown locale. */
export async function contentFor(ctx: CmsContext, url: URL): Promise<LocaleContent | null> {
  return ctx.store.get(url.searchParams.get('locale') || ctx.defaultLocale)
}

/** The published posts, newest first (the store's order). */
export function published(content: LocaleContent): PostRecord[] {
  return content.posts.filter((post) => post.status === 'publish')
}

/** A whole number of at least 1 from a query parameter, at most `max`; else the fallback. */
export function positiveInt(value: string | null, fallback: number, max: number): number {
  const parsed = Number(value)
  return Number.isInteger(parsed) && parsed >= 1 ? Math.min(parsed, max) : fallback
}

/** The translations of one page or post (by its key), as the language list of an answer. */
export async function languagesFor(
  ctx: CmsContext,
  key: string,
  kind: 'page' | 'post',
  currentLocale: string,
): Promise<z.input<typeof wireLanguage>[]> {
  const list: z.input<typeof wireLanguage>[] = []
  for (const locale of ctx.store.locales()) {
    const other = await ctx.store.get(locale)
    if (!other) continue
    const prefix = localePrefix(locale, ctx.defaultLocale)
    const name = ctx.languageNames[locale] ?? locale
    if (kind === 'page') {
      const page = [...other.pages.values()].find((p) => p.key === key && p.status === 'publish')
      if (page) list.push({ code: locale, name, url: `${prefix}${pagePath(page.path)}`, active: locale === currentLocale })
    } else {
      const post = other.posts.find((p) => p.key === key && p.status === 'publish')
      if (post) list.push({ code: locale, name, url: `${prefix}${postPath(post.slug)}`, active: locale === currentLocale })
    }
  }
  return list
}
