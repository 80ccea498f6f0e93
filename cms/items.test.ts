import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { wireBaseResponse, wireErrorResponse, wirePostsResponse, wireSitemapResponse } from '../app/contract/wire'
import { signPreview } from '../app/contract/preview-token.server'
import { createContentStore } from './content-store'
import { openDatabase } from './db'
import { createCmsHandler } from './handler'
import { createSearchIndex } from './search'
import { tagsForContentFile } from './watch'

const store = createContentStore(path.resolve('content'), ['en', 'de'])
const database = openDatabase(':memory:')
const handle = createCmsHandler({
  store,
  defaultLocale: 'en',
  search: createSearchIndex(() => database, store, 'en'),
  database: () => database,
})
const get = async (pathAndQuery: string) => {
  const response = await handle(new Request(`http://cms.test${pathAndQuery}`))
  return { status: response.status, body: (await response.json()) as unknown }
}
const page = async (pathAndQuery: string) => wireBaseResponse.parse((await get(pathAndQuery)).body).result.page.data.result

describe('embedded CMS: content types (GET /api/v1/items/{type}, decision 029)', () => {
  it('answers the case study listing in its frame, newest first, in en and de', async () => {
    const en = await page('/api/v1/items/case_study?locale=en')
    expect(en).toMatchObject({ type: 'archive', item_type: 'case_study', title: 'Case studies' })
    expect(en.content.filtered_blogs.map((item) => item.slug)).toEqual([
      'harrow-veterinary-group-network-refresh',
      'northgate-logistics-microsoft-365-migration',
      'st-aidans-trust-schools-help-desk',
    ])
    expect(en.content.pagination).toMatchObject({ page: 1, total: 3, total_pages: 1 })
    expect(en.lang.map((language) => language.code)).toEqual(['en', 'de'])
    const de = await page('/api/v1/items/case_study?locale=de')
    expect(de.title).toBe('Fallstudien')
    expect(de.content.filtered_blogs[0]?.title).toBe('Harrow Veterinary Group: ein Netzwerk für sechs Tierarztpraxen')
  })

  it('answers one case study with its facts, its home breadcrumb and each translation’s slug', async () => {
    const item = await page('/api/v1/items/case_study/northgate-logistics-microsoft-365-migration?locale=en')
    expect(item).toMatchObject({ type: 'item', item_type: 'case_study', slug: 'northgate-logistics-microsoft-365-migration' })
    const post = item.content.blog_post
    expect(post && post.fields).toContainEqual({ label: 'Industry', value: 'Logistics and warehousing' })
    expect(post && post.content).toContain('<h2')
    expect(item.content.breadcrumbs).toEqual([{ url: '/', title: 'Home' }])
    expect(item.lang.map((language) => [language.code, language.slug])).toEqual([
      ['en', 'northgate-logistics-microsoft-365-migration'],
      ['de', 'northgate-logistics-umzug-microsoft-365'],
    ])
    expect(item.meta.description).toMatch(/^A haulier with 220 staff/)
  })

  it('answers an unknown type or slug with the 404 and the frame, never a 500', async () => {
    for (const call of [
      '/api/v1/items/job?locale=en',
      '/api/v1/items/case_study/no-such-study?locale=en',
      '/api/v1/items/case_study/harrow-veterinary-group-netzwerk?locale=en',
    ]) {
      const { status, body } = await get(call)
      expect(status, call).toBe(404)
      expect(wireErrorResponse.parse(body).data?.result?.menu?.primary?.length).toBeGreaterThan(0)
    }
    expect((await get('/api/v1/items/case_study?locale=xx')).status).toBe(400)
    expect((await get('/api/v1/items/Case%20Study?locale=en')).status).toBe(404)
  })

  it('lists a type’s later pages through /api/v1/posts?type=, and the posts unchanged without it', async () => {
    const second = wirePostsResponse.parse((await get('/api/v1/posts?type=case_study&locale=en&posts_per_page=2&page=2')).body).result
    expect(second.blog_posts.map((item) => item.slug)).toEqual(['st-aidans-trust-schools-help-desk'])
    expect(second.pagination).toMatchObject({ page: 2, per_page: 2, total: 3, total_pages: 2 })
    const posts = wirePostsResponse.parse((await get('/api/v1/posts?locale=en')).body).result
    expect(posts.blog_posts.some((post) => post.slug.startsWith('harrow'))).toBe(false)
    expect(wirePostsResponse.parse((await get('/api/v1/posts?type=job&locale=en')).body).result.blog_posts).toEqual([])
  })

  it('lists every case study in the sitemap by type and slug, keyed across translations', async () => {
    const entries = async (locale: string) =>
      wireSitemapResponse
        .parse((await get(`/api/v1/sitemap?locale=${locale}`)).body)
        .result.entries.filter((entry) => entry.type === 'item')
    const en = await entries('en')
    const de = await entries('de')
    expect(en).toHaveLength(3)
    expect(en[0]).toMatchObject({ type: 'item', item_type: 'case_study', slug: 'harrow-veterinary-group-network-refresh' })
    expect(de.map((entry) => entry.key).sort()).toEqual(en.map((entry) => entry.key).sort())
  })

  it('finds case studies in the site search, as hits by type and slug', async () => {
    const en = await page('/api/v1/base/home?locale=en&s=veterinary')
    expect(en.content.search?.results[0]).toMatchObject({
      type: 'item',
      item_type: 'case_study',
      slug: 'harrow-veterinary-group-network-refresh',
    })
    const de = await page('/api/v1/base/home?locale=de&s=Tierarztpraxen')
    expect(de.content.search?.results[0]).toMatchObject({ type: 'item', slug: 'harrow-veterinary-group-netzwerk' })
  })

  it('tags a changed case study file with its item tag', () => {
    expect(tagsForContentFile('en/case-studies/harrow-veterinary-group-network-refresh.md')).toEqual([
      'item:case_study/harrow-veterinary-group-network-refresh',
    ])
  })
})

describe('embedded CMS: a draft case study (decision 029)', () => {
  const secret = 'items-test-preview-secret-0123456789abcdef'
  /** The demo's English content with one draft case study beside the published ones. */
  function draftHandler() {
    const root = mkdtempSync(path.join(tmpdir(), 'kestrel-items-'))
    cpSync(path.resolve('content/en'), path.join(root, 'en'), { recursive: true })
    writeFileSync(
      path.join(root, 'en/case-studies/draft-study.md'),
      [
        '---',
        'id: 499',
        'key: draft-study',
        'slug: draft-study',
        "title: 'A draft study'",
        'date: 2026-11-01',
        'author: Priya Shah',
        "excerpt: 'Not yet published.'",
        'status: draft',
        '---',
        '',
        'Draft text.',
        '',
      ].join('\n'),
    )
    const draftStore = createContentStore(root, ['en'])
    const draftHandle = createCmsHandler({
      store: draftStore,
      defaultLocale: 'en',
      previewSecret: secret,
      search: createSearchIndex(() => database, draftStore, 'en'),
    })
    return {
      get: (pathAndQuery: string) => draftHandle(new Request(`http://cms.test${pathAndQuery}`)),
      remove: () => rmSync(root, { recursive: true, force: true }),
    }
  }

  it('is a 404 and left out of the listing without a signed link, and answered as a preview with one', async () => {
    const cms = draftHandler()
    try {
      expect((await cms.get('/api/v1/items/case_study/draft-study?locale=en')).status).toBe(404)
      const listing = wireBaseResponse.parse(await (await cms.get('/api/v1/items/case_study?locale=en')).json()).result.page.data.result
      expect(listing.content.filtered_blogs.map((item) => item.slug)).not.toContain('draft-study')
      const expires = Math.floor(Date.now() / 1000) + 3600
      const signed = `preview_id=499&preview_expires=${expires}&preview_token=${signPreview({ id: '499', expires }, secret)}`
      const preview = wireBaseResponse.parse(await (await cms.get(`/api/v1/items/case_study/draft-study?locale=en&${signed}`)).json())
        .result.page.data.result
      expect(preview).toMatchObject({ type: 'item', preview: true, title: 'A draft study' })
      const forged = await cms.get(
        `/api/v1/items/case_study/draft-study?locale=en&preview_id=499&preview_expires=${expires}&preview_token=${'0'.repeat(64)}`,
      )
      expect(forged.status).toBe(404)
    } finally {
      cms.remove()
    }
  })
})
