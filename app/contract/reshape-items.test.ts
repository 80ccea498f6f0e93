import { describe, expect, it } from 'vitest'
import { cacheTagsFor, expandTag } from './cache-tags'
import { baseResponseFixture } from '../../tests/fixtures/wire'
import type { ItemPage, Page } from './model'
import { reshapeBaseResponse } from './reshape'
import { wireBaseResponse } from './wire'

function withResult(result: Record<string, unknown>) {
  const base = baseResponseFixture()
  return { ...base, result: { ...base.result, page: { data: { result } } } }
}

function itemPage(page: Page): ItemPage {
  if (page.kind !== 'item') throw new Error(`expected an item, got ${page.kind}`)
  return page
}

const item = {
  id: 402,
  slug: 'northgate',
  title: 'Northgate &amp; Co',
  type: 'item',
  item_type: 'case_study',
  lang: [
    { code: 'en', name: 'English', url: '/wherever/the-backend/puts-it', slug: 'northgate', active: true },
    { code: 'de', name: 'Deutsch', url: '/de/anything', slug: 'northgate-umzug' },
    { code: 'fr', name: 'Français', url: '/fr/x', slug: 'northgate-fr' },
  ],
  content: {
    breadcrumbs: [{ url: 'https://www.acme.example/de', title: 'Startseite' }],
    blog_post: {
      id: 402,
      slug: 'northgate',
      title: 'Northgate &amp; Co',
      date: '2026-07-08',
      content: '<p>Text</p><script>alert(1)</script>',
      fields: [
        { label: 'Industry', value: 'Logistics &amp; warehousing' },
        { label: 'Empty', value: '' },
      ],
    },
  },
}

describe('reshaping items of a content type (decision 029)', () => {
  it('makes an item answer an item page whose links the site builds from its own base paths', () => {
    const page = itemPage(reshapeBaseResponse(wireBaseResponse.parse(withResult(item)), undefined, 'de').page)
    expect(page.itemType).toBe('case_study')
    expect(page.post.contentHtml).not.toContain('script')
    expect(page.post.fields).toEqual([{ label: 'Industry', value: 'Logistics & warehousing' }])
    // Links in every routed locale by the translation's slug; a locale the site does not route is left out.
    expect(page.languages.map((language) => [language.locale, language.href])).toEqual([
      ['en', '/case-studies/northgate'],
      ['de', '/fallstudien/northgate-umzug'],
    ])
    // The backend's home crumb, then the listing and the item in the locale asked for.
    expect(page.breadcrumbs).toEqual([
      { href: '/', title: 'Startseite', internal: true },
      { href: '/fallstudien', title: 'Fallstudien', internal: true },
      { href: '/fallstudien/northgate', title: 'Northgate & Co', internal: true },
    ])
  })

  it('makes an archive answer a listing of that type, with its first page', () => {
    const archive = {
      title: 'Case studies (the backend’s label)',
      type: 'archive',
      item_type: 'case_study',
      lang: [{ code: 'de', name: 'Deutsch', url: '/de/x' }],
      content: {
        filtered_blogs: [{ id: 1, slug: 'a', title: 'A', date: '2026-01-01' }],
        pagination: { page: 1, per_page: 9, total: 1, total_pages: 1 },
      },
    }
    const { page } = reshapeBaseResponse(wireBaseResponse.parse(withResult(archive)), undefined, 'en')
    // The site's own name for the listing, in the locale asked for.
    expect(page).toMatchObject({ kind: 'archive', itemType: 'case_study', category: null, title: 'Case studies' })
    expect(page.kind === 'archive' && page.firstPosts?.posts.map((post) => post.slug)).toEqual(['a'])
    expect(page.languages).toEqual([{ locale: 'de', name: 'Deutsch', href: '/fallstudien', active: false }])
  })

  it('links an item search hit by its type and slug, named by its type, and drops one of a type the site does not route', () => {
    const search = {
      query: 'network',
      total: 3,
      results: [
        { type: 'item', item_type: 'case_study', slug: 'harrow', title: 'Harrow', excerpt: '…' },
        { type: 'item', item_type: 'job', slug: 'engineer', title: 'Engineer', excerpt: '' },
        { type: 'post', url: '/blog/x', title: 'X', excerpt: '' },
      ],
    }
    const { page } = reshapeBaseResponse(wireBaseResponse.parse(withResult({ title: 'Home', content: { search } })), undefined, 'de')
    expect(page.search?.results.map((hit) => [hit.type, hit.href, hit.label])).toEqual([
      ['item', '/fallstudien/harrow', 'Fallstudie'],
      ['post', '/blog/x', null],
    ])
  })

  it('reads an item answer without its type as a plain page, not an item', () => {
    const { page } = reshapeBaseResponse(wireBaseResponse.parse(withResult({ ...item, item_type: undefined })), undefined, 'en')
    expect(page.kind).toBe('page')
  })

  it('tags an item page with its item tag and a listing with its type’s, so the backend’s item tag purges both', () => {
    const itemData = reshapeBaseResponse(wireBaseResponse.parse(withResult(item)), undefined, 'en')
    const itemTags = cacheTagsFor(itemData, 'case-studies/northgate')
    expect(itemTags).toEqual(['page:case-studies/northgate', 'item:case_study/northgate'])
    const archive = { title: 'x', type: 'archive', item_type: 'case_study', content: {} }
    const listingTags = cacheTagsFor(reshapeBaseResponse(wireBaseResponse.parse(withResult(archive)), undefined, 'en'), 'case-studies')
    const purged = new Set(expandTag('item:case_study/northgate'))
    expect(itemTags.some((tag) => purged.has(tag))).toBe(true)
    expect(listingTags.some((tag) => purged.has(tag))).toBe(true)
    expect(
      cacheTagsFor(reshapeBaseResponse(wireBaseResponse.parse(baseResponseFixture()), undefined, 'en'), 'about').some((tag) =>
        purged.has(tag),
      ),
    ).toBe(false)
  })
})
