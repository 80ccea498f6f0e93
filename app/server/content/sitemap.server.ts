/**
 * Loads the sitemap from the backend for every routed locale, with a short in-memory
 * cache (the sitemap is read by crawlers, not people).
 */
import { defaultLocale, type Locale, routedLocales } from '../../config/site'
import { getContentSource } from './get-content-source.server'
import type { SitemapEntry } from './content-source.server'
import { buildSitemap, collectSitemapUrls } from './sitemap-xml.server'

const TTL_MS = 5 * 60_000
let cached: { at: number; value: Promise<{ index: string; parts: string[]; siteUrl: string }> } | null = null

/** A revalidation can add or remove pages: the next crawler gets a fresh sitemap (app/server/page-cache/purge.server.ts). */
export function forgetSitemap(): boolean {
  const had = cached !== null
  cached = null
  return had
}

export function loadSitemap() {
  if (cached && Date.now() - cached.at < TTL_MS) return cached.value
  const value = (async () => {
    const source = getContentSource()
    const home = await source.getPage({ locale: defaultLocale, pageName: 'home' })
    const siteUrl = home.options.siteUrl
    const entries: Partial<Record<Locale, SitemapEntry[]>> = {}
    for (const locale of routedLocales) entries[locale] = await source.getSitemapEntries(locale)
    return { ...buildSitemap(collectSitemapUrls(entries, siteUrl), siteUrl), siteUrl }
  })()
  cached = { at: Date.now(), value }
  value.catch(() => {
    cached = null
  })
  return value
}

export async function siteUrlForRobots(): Promise<string> {
  return (await loadSitemap()).siteUrl
}
