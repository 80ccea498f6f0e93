import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildSitemap, collectSitemapUrls, renderRobots } from './sitemap-xml.server'

const site = 'https://www.example.com'
const entries = {
  en: [
    { key: 'home', path: '/', modified: '2026-11-02', type: 'page' as const },
    { key: 'about', path: '/about', modified: '2026-10-01T10:00:00Z', type: 'page' as const },
    { key: 'post:x', path: '/blog/x & y', modified: null, type: 'post' as const },
  ],
  de: [
    { key: 'home', path: '/', modified: '2026-11-03', type: 'page' as const },
    { key: 'about', path: '/about', modified: 'not a date', type: 'page' as const },
  ],
}

/** Validates XML against the sitemaps.org schema with xmllint (libxml2). */
function validate(xml: string, schema: 'sitemap.xsd' | 'siteindex.xsd') {
  // The sitemap on stdin: the test writes nothing outside the repository.
  return execFileSync('xmllint', ['--noout', '--schema', path.resolve('tests/fixtures/sitemaps', schema), '-'], {
    input: xml,
    encoding: 'utf8',
    stdio: 'pipe',
  })
}

describe('sitemap builder', () => {
  it('lists every document in every locale with lastmod and hreflang alternates', () => {
    const urls = collectSitemapUrls(entries, site)
    expect(urls.map((url) => url.loc)).toEqual([
      'https://www.example.com/',
      'https://www.example.com/de',
      'https://www.example.com/about',
      'https://www.example.com/de/about',
      'https://www.example.com/blog/x%20&%20y',
    ])
    expect(urls[0]?.lastmod).toBe('2026-11-02')
    expect(urls[2]?.lastmod).toBe('2026-10-01')
    expect(urls[3]?.lastmod).toBeNull()
    expect(urls[1]?.alternates).toEqual([
      { hreflang: 'en', href: 'https://www.example.com/' },
      { hreflang: 'de', href: 'https://www.example.com/de' },
      { hreflang: 'x-default', href: 'https://www.example.com/' },
    ])
    expect(urls[4]?.alternates).toEqual([])
  })

  it('escapes XML and validates against the sitemaps.org schema', () => {
    const { index, parts } = buildSitemap(collectSitemapUrls(entries, site), site)
    expect(parts).toEqual([])
    expect(index).toContain('<loc>https://www.example.com/blog/x%20&amp;%20y</loc>')
    expect(validate(index, 'sitemap.xsd')).toBe('')
  })

  it('becomes a valid sitemap index with valid parts above the limit', () => {
    const { index, parts } = buildSitemap(collectSitemapUrls(entries, site), site, 2)
    expect(parts).toHaveLength(3)
    expect(index).toContain('<loc>https://www.example.com/sitemaps/3</loc>')
    expect(validate(index, 'siteindex.xsd')).toBe('')
    for (const part of parts) expect(validate(part, 'sitemap.xsd')).toBe('')
  })

  it('points robots.txt at the sitemap', () => {
    expect(renderRobots(site)).toContain('Sitemap: https://www.example.com/sitemap.xml')
  })
})
