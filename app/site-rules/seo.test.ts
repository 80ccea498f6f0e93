import { describe, expect, it } from 'vitest'
import { buildHead, type HeadInput } from './seo'

const base: HeadInput = {
  meta: null,
  options: { organizationName: 'Kestrel IT Support', logoUrl: '/logo.svg', siteUrl: 'https://www.kestrel-it.example' },
  locale: 'en',
  path: '/about',
  languages: [
    { locale: 'en', name: 'English', href: '/about', active: true },
    { locale: 'de', name: 'Deutsch', href: '/about', active: false },
  ],
  breadcrumbs: [],
  schema: [],
  post: null,
  noindex: false,
  generatedImage: null,
}

const metaOf = (head: ReturnType<typeof buildHead>, key: string) =>
  head.meta.flatMap((tag) => (('name' in tag && tag.name === key) || ('property' in tag && tag.property === key) ? [tag.content] : []))
const ldOf = (head: ReturnType<typeof buildHead>) => head.meta.flatMap((tag) => ('script:ld+json' in tag ? [tag['script:ld+json']] : []))

describe('buildHead', () => {
  it('uses every Meta field', () => {
    const head = buildHead({
      ...base,
      meta: {
        title: 'About | Kestrel',
        description: 'Who we are',
        keywords: 'it, support',
        author: 'Hannah',
        robots: 'index, follow',
        ogTitle: 'OG title',
        ogDescription: 'OG desc',
        ogImage: '/og.png',
        twitterTitle: 'TW title',
        twitterDescription: 'TW desc',
        twitterImage: 'https://cdn.example.com/tw.png',
        twitterCard: 'summary',
        canonical: '/about-us',
        favicon: '/favicon.ico',
      },
    })
    expect(head.meta[0]).toEqual({ title: 'About | Kestrel' })
    expect(metaOf(head, 'description')).toEqual(['Who we are'])
    expect(metaOf(head, 'keywords')).toEqual(['it, support'])
    expect(metaOf(head, 'author')).toEqual(['Hannah'])
    expect(metaOf(head, 'robots')).toEqual(['index, follow'])
    expect(metaOf(head, 'og:title')).toEqual(['OG title'])
    expect(metaOf(head, 'og:description')).toEqual(['OG desc'])
    expect(metaOf(head, 'og:image')).toEqual(['https://www.kestrel-it.example/og.png'])
    expect(metaOf(head, 'twitter:title')).toEqual(['TW title'])
    expect(metaOf(head, 'twitter:description')).toEqual(['TW desc'])
    expect(metaOf(head, 'twitter:image')).toEqual(['https://cdn.example.com/tw.png'])
    expect(metaOf(head, 'twitter:card')).toEqual(['summary'])
    expect(head.links).toContainEqual({ rel: 'canonical', href: 'https://www.kestrel-it.example/about-us' })
    expect(head.links).toContainEqual({ rel: 'icon', href: 'https://www.kestrel-it.example/favicon.ico' })
  })

  it('fills in what is missing: organization name as title, own URL as canonical, logo as image', () => {
    const head = buildHead({ ...base, locale: 'de' })
    expect(head.meta[0]).toEqual({ title: 'Kestrel IT Support' })
    expect(metaOf(head, 'description')).toEqual([])
    expect(head.links).toContainEqual({ rel: 'canonical', href: 'https://www.kestrel-it.example/de/about' })
    expect(metaOf(head, 'og:image')).toEqual(['https://www.kestrel-it.example/logo.svg'])
    expect(metaOf(head, 'og:locale')).toEqual(['de_DE'])
  })

  it('links the generated social image in the page locale, with its size, type and alt text', () => {
    const generatedImage = { path: '/og/about.png', alt: 'About us – Kestrel IT Support' }
    for (const [locale, url] of [
      ['en', 'https://www.kestrel-it.example/og/about.png'],
      ['de', 'https://www.kestrel-it.example/de/og/about.png'],
    ] as const) {
      const head = buildHead({ ...base, locale, generatedImage })
      expect(metaOf(head, 'og:image')).toEqual([url])
      expect(metaOf(head, 'twitter:image')).toEqual([url])
      expect(metaOf(head, 'og:image:width')).toEqual(['1200'])
      expect(metaOf(head, 'og:image:height')).toEqual(['630'])
      expect(metaOf(head, 'og:image:type')).toEqual(['image/png'])
      expect(metaOf(head, 'og:image:alt')).toEqual(['About us – Kestrel IT Support'])
      expect(metaOf(head, 'twitter:image:alt')).toEqual(['About us – Kestrel IT Support'])
      expect(metaOf(head, 'twitter:card')).toEqual(['summary_large_image'])
    }
  })

  it('keeps a page image of its own that social networks show, and gives an SVG one the generated card', () => {
    const generatedImage = { path: '/og/about.png', alt: 'About' }
    const meta = { ...buildHeadMeta(), ogImage: 'https://cdn.example.com/team.jpg' }
    const own = buildHead({ ...base, meta, generatedImage })
    expect(metaOf(own, 'og:image')).toEqual(['https://cdn.example.com/team.jpg'])
    expect(metaOf(own, 'twitter:image')).toEqual(['https://cdn.example.com/team.jpg'])
    // Its size is not known, so none is claimed.
    expect(metaOf(own, 'og:image:width')).toEqual([])
    const svg = buildHead({ ...base, meta: { ...meta, ogImage: '/images/pages/about.svg' }, generatedImage })
    expect(metaOf(svg, 'og:image')).toEqual(['https://www.kestrel-it.example/og/about.png'])
    expect(metaOf(svg, 'og:image:alt')).toEqual(['About'])
  })

  it('lists hreflang alternates for every routed locale plus x-default', () => {
    const head = buildHead(base)
    expect(head.links.filter((link) => link.rel === 'alternate')).toEqual([
      { rel: 'alternate', hrefLang: 'en', href: 'https://www.kestrel-it.example/about' },
      { rel: 'alternate', hrefLang: 'de', href: 'https://www.kestrel-it.example/de/about' },
      { rel: 'alternate', hrefLang: 'x-default', href: 'https://www.kestrel-it.example/about' },
    ])
  })

  it('marks search results and previews noindex, without canonical or alternates', () => {
    const head = buildHead({ ...base, noindex: true })
    expect(metaOf(head, 'robots')).toEqual(['noindex, follow'])
    expect(head.links.filter((link) => link.rel === 'canonical' || link.rel === 'alternate')).toEqual([])
  })

  it('adds Organization, WebSite with SearchAction, BreadcrumbList and BlogPosting', () => {
    const head = buildHead({
      ...base,
      locale: 'de',
      path: '/blog/x',
      breadcrumbs: [
        { href: '/', title: 'Startseite', internal: true },
        { href: '/blog/x', title: 'X', internal: true },
      ],
      schema: [{ '@context': 'https://schema.org', '@type': 'WebPage', name: 'X' }],
      post: { title: 'X', date: '2026-01-02', modified: null, author: 'Priya', featuredImage: null },
    })
    const types = ldOf(head).map((item) => item['@type'])
    expect(types).toEqual(['WebPage', 'Organization', 'WebSite', 'BreadcrumbList', 'BlogPosting'])
    const website = ldOf(head)[2] as { potentialAction: { target: { urlTemplate: string } } }
    expect(website.potentialAction.target.urlTemplate).toBe('https://www.kestrel-it.example/de?s={search_term_string}')
    const crumbs = ldOf(head)[3] as { itemListElement: Array<{ item: string }> }
    expect(crumbs.itemListElement.map((entry) => entry.item)).toEqual([
      'https://www.kestrel-it.example/de',
      'https://www.kestrel-it.example/de/blog/x',
    ])
    expect(metaOf(head, 'og:type')).toEqual(['article'])
  })

  it('drops hostile URLs and keeps hostile text as data', () => {
    const head = buildHead({
      ...base,
      meta: {
        ...buildHeadMeta(),
        title: '</title><script>alert(1)</script>',
        canonical: 'javascript:alert(1)',
        ogImage: 'data:text/html,<script>',
        favicon: 'javascript:x',
      },
      schema: [{ '@type': 'WebPage', name: '</script><script>alert(1)</script>' }],
    })
    expect(head.meta[0]).toEqual({ title: '</title><script>alert(1)</script>' })
    expect(head.links.find((link) => link.rel === 'canonical')?.href).toBe('https://www.kestrel-it.example/about')
    expect(metaOf(head, 'og:image')).toEqual(['https://www.kestrel-it.example/logo.svg'])
    expect(head.links.some((link) => link.rel === 'icon')).toBe(false)
  })
})

function buildHeadMeta() {
  return {
    title: null,
    description: null,
    keywords: null,
    author: null,
    robots: null,
    ogTitle: null,
    ogDescription: null,
    ogImage: null,
    twitterTitle: null,
    twitterDescription: null,
    twitterImage: null,
    twitterCard: null,
    canonical: null,
    favicon: null,
  }
}
