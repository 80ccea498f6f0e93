/**
 * The content types part of the contract (docs/content-api.md, Content types; decision
 * 029), against either backend as tests/contract/backend.ts starts it: the listing and an
 * item of `case_study` in the page frame, the listing's later pages, the sitemap and the
 * search, read through the site's own adapter and validated against the JSON Schema.
 * Both backends are seeded from content/, so the expectations are read from there.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, describe, expect, it } from 'vitest'
import { defaultLocale, routedLocales } from '../../app/config/site'
import { ContentNotFoundError } from '../../app/server/content/content-source.server'
import { createWpSource } from '../../app/server/content/backend-source.server'
import { createContentStore, type ItemRecord } from '../../cms/content-store'
import { startBackend } from './backend'

const backend = await startBackend()
afterAll(() => backend.stop())
const source = () => createWpSource({ baseUrl: backend.url, timeoutMs: 10_000 })

const store = createContentStore(path.resolve('content'), routedLocales, defaultLocale)
const studies = new Map<string, ItemRecord[]>()
for (const locale of routedLocales)
  studies.set(
    locale,
    ((await store.get(locale))!.items.get('case_study') ?? []).filter((item) => item.status === 'publish'),
  )
const en = studies.get('en')!
const de = studies.get('de')!
const translationOf = (item: ItemRecord) => de.find((other) => other.key === item.key)!
/** WordPress curls quotes in titles (wptexturize); the words are what must match. */
const plain = (text: string) => text.replace(/[’‘]/g, "'")

const schemaDocument = JSON.parse(readFileSync('docs/content-api.schema.json', 'utf8')) as { $id: string }
const ajv = new Ajv2020({ allErrors: true, strict: false })
ajv.addSchema(schemaDocument)
function expectSchema(name: string, body: unknown): void {
  const validate = ajv.getSchema(`${schemaDocument.$id}#/$defs/${name}`)
  if (!validate) throw new Error(`no schema ${name}`)
  expect(validate(body), `${name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true)
}
async function raw(pathAndQuery: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${backend.url}${pathAndQuery}`, { headers: { accept: 'application/json' } })
  return { status: response.status, body: (await response.json()) as unknown }
}

describe(`content types against ${backend.kind} (decision 029)`, () => {
  it('answers the case study listing in both locales: the frame, the first page newest first, the translations', async () => {
    for (const locale of routedLocales) {
      const answer = await raw(`/api/v1/items/case_study?locale=${locale}`)
      expect(answer.status).toBe(200)
      expectSchema('BaseResponse', answer.body)
      const name = locale === 'en' ? 'case-studies' : 'fallstudien'
      const data = await source().getPage({ locale, pageName: name })
      expect(data.page).toMatchObject({ kind: 'archive', itemType: 'case_study' })
      if (data.page.kind !== 'archive') throw new Error('not an archive')
      expect(data.page.firstPosts?.posts.map((post) => post.slug)).toEqual(studies.get(locale)!.map((item) => item.slug))
      expect(data.page.languages.map((language) => language.href)).toEqual(['/case-studies', '/fallstudien'])
      expect(data.menus.primary.length).toBeGreaterThan(0)
    }
  })

  it('answers every case study with its content, its facts and its translation’s path', async () => {
    for (const item of en) {
      const answer = await raw(`/api/v1/items/case_study/${item.slug}?locale=en`)
      expect(answer.status, item.slug).toBe(200)
      expectSchema('BaseResponse', answer.body)
      const { page } = await source().getPage({ locale: 'en', pageName: `case-studies/${item.slug}` })
      if (page.kind !== 'item') throw new Error(`${item.slug}: not an item but ${page.kind}`)
      expect(plain(page.post.title)).toBe(item.title)
      expect(page.post.contentHtml).toContain('<h2')
      expect(page.post.fields.map((field) => field.value)).toEqual(item.fields.map((field) => field.value))
      expect(page.languages.map((language) => [language.locale, language.href])).toEqual([
        ['en', `/case-studies/${item.slug}`],
        ['de', `/fallstudien/${translationOf(item).slug}`],
      ])
      expect(page.breadcrumbs.map((crumb) => crumb.href)).toEqual(['/', '/case-studies', `/case-studies/${item.slug}`])
    }
    const german = await source().getPage({ locale: 'de', pageName: `fallstudien/${de[0]!.slug}` })
    expect(german.page.kind === 'item' && plain(german.page.post.title)).toBe(de[0]!.title)
  })

  it('answers an unknown type, an unknown slug and another locale’s slug with the 404 and its frame', async () => {
    for (const call of [
      '/api/v1/items/no_such_type?locale=en',
      '/api/v1/items/case_study/no-such-study?locale=en',
      `/api/v1/items/case_study/${de[0]!.slug}?locale=en`,
    ]) {
      const answer = await raw(call)
      expect(answer.status, call).toBe(404)
      expectSchema('ErrorResponse', answer.body)
    }
    await expect(source().getPage({ locale: 'en', pageName: 'case-studies/no-such-study' })).rejects.toBeInstanceOf(ContentNotFoundError)
  })

  it('lists later pages through /api/v1/posts?type=, and the posts without it as before', async () => {
    const answer = await raw('/api/v1/posts?type=case_study&locale=en&posts_per_page=2&page=2')
    expect(answer.status).toBe(200)
    expectSchema('PostsResponse', answer.body)
    const second = await source().getPosts({ locale: 'en', type: 'case_study', perPage: 2, page: 2 })
    expect(second.posts.map((post) => post.slug)).toEqual(en.slice(2, 4).map((item) => item.slug))
    expect(second.pagination).toMatchObject({ page: 2, total: en.length })
    const posts = await source().getPosts({ locale: 'en', perPage: 50 })
    expect(posts.posts.some((post) => en.some((item) => item.slug === post.slug))).toBe(false)
  })

  it('lists each case study in the sitemap under its path, translations under one key, and the listing', async () => {
    for (const locale of routedLocales) {
      const answer = await raw(`/api/v1/sitemap?locale=${locale}`)
      expectSchema('SitemapResponse', answer.body)
    }
    const [enEntries, deEntries] = await Promise.all([source().getSitemapEntries('en'), source().getSitemapEntries('de')])
    const item = en[0]!
    const enEntry = enEntries.find((entry) => entry.path === `/case-studies/${item.slug}`)
    const deEntry = deEntries.find((entry) => entry.path === `/fallstudien/${translationOf(item).slug}`)
    expect(enEntry?.type).toBe('item')
    expect(deEntry?.key).toBe(enEntry?.key)
    expect(enEntries.map((entry) => entry.path)).toContain('/case-studies')
    expect(deEntries.map((entry) => entry.path)).toContain('/fallstudien')
  })

  it('finds a case study in the site search, linked under the locale’s base path', async () => {
    const answer = await raw('/api/v1/base/home?locale=en&s=veterinary')
    expectSchema('BaseResponse', answer.body)
    const { page } = await source().getPage({ locale: 'en', pageName: 'home', search: 'veterinary' })
    expect(page.search?.results.map((hit) => hit.href)).toContain('/case-studies/harrow-veterinary-group-network-refresh')
    const german = await source().getPage({ locale: 'de', pageName: 'home', search: 'Tierarztpraxen' })
    expect(german.page.search?.results.map((hit) => hit.href)).toContain('/fallstudien/harrow-veterinary-group-netzwerk')
  })
})
