/**
 * Requirements §3.2 `filtered_blogs`: a listing's first page comes with the page answer.
 * Through the `wp` adapter over the embedded CMS (in-process, its real handler): the page
 * the site builds from `filtered_blogs` is exactly `/api/v1/posts` page 1 at the site's
 * size, and page 2 of `/api/v1/posts` follows on from it with no post twice and none
 * missed, for the blog home and a category, although the CMS lists 9 per page and the
 * site 6.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { siteConfig } from '../../app/config/site'
import { parseEnv } from '../../app/config/env'
import { cmsConfig } from '../../cms/config'
import type { ListingPage } from '../../app/contract/model'
import { firstListPage, listingFilter } from '../../app/site-rules/listing'
import { createWpSource } from '../../app/server/content/backend-source.server'
import { cmsOptionsFromEnv, createEmbeddedCms } from '../../cms/index'

const work = mkdtempSync(path.join(tmpdir(), 'site-listing-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))
const env = parseEnv({ CMS_DATABASE_URL: `file:${path.join(work, 'cms.db')}`, CMS_UPLOAD_DIR: path.join(work, 'uploads') })
const cms = createEmbeddedCms(cmsOptionsFromEnv(env))
const source = createWpSource({
  baseUrl: 'http://cms.test',
  timeoutMs: 10_000,
  fetch: (input, init) => cms.fetch(new Request(input, init)),
})

async function listingOf(category?: string): Promise<ListingPage> {
  const { page } = await source.getPage({ locale: 'en', pageName: siteConfig.content.blogBase, category })
  if (page.kind !== 'blog' && page.kind !== 'category') throw new Error(`blog is a ${page.kind}`)
  return page
}

describe('firstListPage', () => {
  it('the CMS lists more per page than the site shows (what the slicing is for)', () => {
    expect(cmsConfig.posts.defaultPerPage).toBeGreaterThan(siteConfig.content.postsPerPage)
  })

  for (const category of [undefined, 'guides']) {
    it(`is /api/v1/posts page 1 at the site's size, and page 2 follows on (${category ?? 'blog home'})`, async () => {
      const page = await listingOf(category)
      const first = firstListPage(page)
      const filter = listingFilter(page, 'en')
      const [one, two] = await Promise.all([source.getPosts({ ...filter, page: 1 }), source.getPosts({ ...filter, page: 2 })])
      expect(first).toEqual(one)
      const slugs = [...first!.posts, ...two.posts].map((post) => post.slug)
      expect(new Set(slugs).size).toBe(slugs.length)
      expect(slugs.length).toBe(Math.min(one.pagination!.total, 2 * siteConfig.content.postsPerPage))
    })
  }

  it('is null when the answer has no pagination, or holds less than the first page', async () => {
    const page = await listingOf()
    expect(firstListPage({ ...page, firstPosts: null })).toBeNull()
    expect(firstListPage({ ...page, firstPosts: { ...page.firstPosts!, posts: page.firstPosts!.posts.slice(0, 2) } })).toBeNull()
    // An empty listing is a whole first page: no call needed to learn there is nothing.
    const empty = { posts: [], pagination: { page: 1, perPage: 9, total: 0, totalPages: 0 } }
    expect(firstListPage({ ...page, firstPosts: empty })).toEqual({
      ...empty,
      pagination: { ...empty.pagination, perPage: siteConfig.content.postsPerPage },
    })
  })
})
