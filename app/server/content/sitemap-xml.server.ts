/**
 * The sitemap (sitemaps.org 0.9 with xhtml:link alternates): every public page and post
 * in every routed locale, with lastmod, built from the backend's sitemap list. Above
 * `limit` URLs it becomes a sitemap index. Pure string building, unit-tested and
 * validated against the sitemaps.org schema.
 */
import { defaultLocale, type Locale, routedLocales } from '../../config/site'
import { absoluteUrl } from '../../site-rules/seo'
import { localizePath } from '../../lib/url'
import type { SitemapEntry } from './content-source.server'

/** sitemaps.org: at most 50,000 URLs per file. */
const SITEMAP_LIMIT = 50_000

export interface SitemapUrl {
  loc: string
  lastmod: string | null
  alternates: Array<{ hreflang: string; href: string }>
}

export function collectSitemapUrls(entries: Partial<Record<Locale, SitemapEntry[]>>, siteUrl: string): SitemapUrl[] {
  const groups = new Map<string, Map<Locale, SitemapEntry>>()
  for (const locale of routedLocales) {
    for (const entry of entries[locale] ?? []) {
      const group = groups.get(entry.key) ?? new Map<Locale, SitemapEntry>()
      group.set(locale, entry)
      groups.set(entry.key, group)
    }
  }
  const urls: SitemapUrl[] = []
  for (const group of groups.values()) {
    const versions = [...group].flatMap(([locale, entry]) => {
      const href = absoluteUrl(siteUrl, localizePath(entry.path, locale))
      return href ? [{ locale, entry, href }] : []
    })
    const alternates =
      versions.length > 1
        ? [
            ...versions.map((version) => ({ hreflang: version.locale, href: version.href })),
            ...versions
              .filter((version) => version.locale === defaultLocale)
              .map((version) => ({ hreflang: 'x-default', href: version.href })),
          ]
        : []
    for (const version of versions) {
      urls.push({ loc: version.href, lastmod: w3cDate(version.entry.modified), alternates })
    }
  }
  return urls
}

function w3cDate(value: string | null): string | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10)
}

/**
 * Characters XML 1.0 forbids even as references (its `Char` production): C0 controls
 * other than tab, line feed and carriage return, lone surrogates, U+FFFE and U+FFFF. A
 * vertical tab pasted from Word would make the whole feed unreadable to a strict parser.
 */
const notXmlChar = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** Text or an attribute value for the feeds and sitemaps: escaped once, with what XML cannot carry dropped. */
export function escapeXml(value: string): string {
  return value
    .replace(notXmlChar, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c)
}

function renderUrlset(urls: SitemapUrl[]): string {
  const body = urls
    .map((url) => {
      const parts = [`    <loc>${escapeXml(url.loc)}</loc>`]
      if (url.lastmod) parts.push(`    <lastmod>${url.lastmod}</lastmod>`)
      for (const alternate of url.alternates) {
        parts.push(`    <xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`)
      }
      return `  <url>\n${parts.join('\n')}\n  </url>`
    })
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`
}

function renderSitemapIndex(locations: string[]): string {
  const body = locations.map((loc) => `  <sitemap>\n    <loc>${escapeXml(loc)}</loc>\n  </sitemap>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`
}

/** The whole sitemap as files: one urlset, or an index plus numbered parts above the limit. */
export function buildSitemap(urls: SitemapUrl[], siteUrl: string, limit = SITEMAP_LIMIT): { index: string; parts: string[] } {
  if (urls.length <= limit) return { index: renderUrlset(urls), parts: [] }
  const parts: string[] = []
  for (let start = 0; start < urls.length; start += limit) parts.push(renderUrlset(urls.slice(start, start + limit)))
  const locations = parts.map((_, index) => absoluteUrl(siteUrl, `/sitemaps/${index + 1}`) ?? `/sitemaps/${index + 1}`)
  return { index: renderSitemapIndex(locations), parts }
}

export function renderRobots(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // Search results and internal endpoints are not for crawling.
    'Disallow: /*?s=',
    'Disallow: /_serverFn/',
    '',
    `Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n')
}
