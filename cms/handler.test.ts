import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  wireBaseResponse,
  wireErrorResponse,
  wireLayoutResponse,
  wirePopupResponse,
  wirePostsResponse,
  wireTagsResponse,
} from '../app/contract/wire'
import { createContentStore } from './content-store'
import { openDatabase } from './db'
import { createCmsHandler } from './handler'
import { createSearchIndex } from './search'

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

describe('embedded CMS: /api/v1/base/{page}', () => {
  it('answers the home page in the contract shape, in en and de', async () => {
    for (const locale of ['en', 'de']) {
      const { status, body } = await get(`/api/v1/base/home?locale=${locale}`)
      expect(status).toBe(200)
      const parsed = wireBaseResponse.parse(body)
      expect(parsed.result.page.data.result.content.sections.length).toBeGreaterThan(0)
      expect(parsed.result.options.organization.name).toBe('Kestrel IT Support')
      expect(parsed.result.menu.primary?.length).toBeGreaterThan(0)
      expect(parsed.result.page.data.result.lang.map((language) => language.code)).toEqual(['en', 'de'])
    }
  })

  it('answers an empty page name as home, and nested paths', async () => {
    expect(wireBaseResponse.parse((await get('/api/v1/base/')).body).result.page.data.result.slug).toBe('home')
    const landing = await get('/api/v1/base/landing/managed-it-support')
    expect(wireBaseResponse.parse(landing.body).result.page.data.result.options.layout).toBe('static')
  })

  it('answers an unknown page with the contract 404, carrying the frame', async () => {
    const { status, body } = await get('/api/v1/base/no-such-page?locale=de')
    expect(status).toBe(404)
    const parsed = wireErrorResponse.parse(body)
    expect(parsed.code).toBe('not_found')
    expect(parsed.data?.result?.options?.organization.name).toBe('Kestrel IT Support')
  })

  it('answers a flagged page with error: true', async () => {
    const parsed = wireBaseResponse.parse((await get('/api/v1/base/withdrawn-offer')).body)
    expect(parsed.result.page.data.result.error).toBe(true)
  })

  it('answers articles under blog/{slug} and 404s unknown ones', async () => {
    const article = wireBaseResponse.parse((await get('/api/v1/base/blog/five-signs-your-backups-will-not-restore?locale=de')).body)
    const post = article.result.page.data.result.content.blog_post
    expect(post && post.title).toMatch(/Fünf Anzeichen/)
    expect((await get('/api/v1/base/blog/no-such-post')).status).toBe(404)
  })

  it('lists and filters the blog by category, flagging unknown categories', async () => {
    const blog = wireBaseResponse.parse((await get('/api/v1/base/blog')).body).result.page.data.result.content
    // The first page of the 12 demo posts.
    expect(blog.filtered_blogs).toHaveLength(9)
    const guides = wireBaseResponse.parse((await get('/api/v1/base/blog?category=guides')).body).result.page.data.result
    expect(guides.content.filtered_blogs.every((post) => post.categories.some((c) => c.slug === 'guides'))).toBe(true)
    expect(guides.content.filtered_blogs.length).toBeLessThan(6)
    expect(wireBaseResponse.parse((await get('/api/v1/base/blog?category=nope')).body).result.page.data.result.error).toBe(true)
  })

  it('searches pages and posts with s', async () => {
    const result = wireBaseResponse.parse((await get('/api/v1/base/home?s=backups')).body).result.page.data.result
    expect(result.content.search?.total).toBeGreaterThan(0)
    expect(result.content.search?.results[0]).toMatchObject({ url: '/blog/five-signs-your-backups-will-not-restore' })
  })

  it('rejects an unknown locale', async () => {
    expect((await get('/api/v1/base/home?locale=xx')).status).toBe(400)
  })
})

describe('embedded CMS: the other read calls', () => {
  it('answers the layout of a path, and {} with 404 for none', async () => {
    expect(wireLayoutResponse.parse((await get('/api/v1/layout/landing/managed-it-support')).body).layout).toBe('static')
    expect(wireLayoutResponse.parse((await get('/api/v1/layout/')).body).layout).toBe('default')
    const missing = await get('/api/v1/layout/nothing-here')
    expect(missing).toEqual({ status: 404, body: {} })
  })

  it('answers a popup by id', async () => {
    const popup = wirePopupResponse.parse((await get('/api/v1/popups/newsletter?locale=de')).body)
    expect(popup.result.props.title).toMatch(/Sicherheits-Briefing/)
    expect((await get('/api/v1/popups/nope')).status).toBe(404)
  })

  it('pages posts and filters them by tag, category and s', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map(async (page) => wirePostsResponse.parse((await get(`/api/v1/posts?posts_per_page=5&page=${page}`)).body).result),
    )
    expect(pages.map((page) => page.blog_posts.length)).toEqual([5, 5, 2])
    expect(pages[0]!.pagination).toMatchObject({ total: 12, total_pages: 3 })
    const ids = pages.flatMap((page) => page.blog_posts.map((post) => post.id))
    expect(new Set(ids).size).toBe(12)
    const tagged = wirePostsResponse.parse((await get('/api/v1/posts?tag=34')).body).result.blog_posts
    expect(tagged.every((post) => post.tags.some((tag) => tag.slug === 'remote-work'))).toBe(true)
    expect(wirePostsResponse.parse((await get('/api/v1/posts?cat=21')).body).result.blog_posts).toHaveLength(2)
    expect(wirePostsResponse.parse((await get('/api/v1/posts?s=sharepoint')).body).result.blog_posts).toHaveLength(1)
    expect(wirePostsResponse.parse((await get('/api/v1/posts?tag=999')).body).result.blog_posts).toEqual([])
  })

  it('answers tags by slug like WordPress', async () => {
    expect(wireTagsResponse.parse((await get('/api/wp/v2/tags?slug=security')).body)).toEqual([
      { id: 30, name: 'Security', slug: 'security' },
    ])
    expect((await get('/api/wp/v2/tags?slug=nope')).body).toEqual([])
  })

  it('answers unknown routes, methods and bad encodings with clear 4xx', async () => {
    expect((await get('/api/v1/nothing')).status).toBe(404)
    expect((await handle(new Request('http://cms.test/api/v1/posts', { method: 'DELETE' }))).status).toBe(404)
    expect((await get('/api/v1/base/%E0%A4%A')).status).toBe(400)
  })
})

describe('embedded CMS: the route table', () => {
  /** The REST error code of an answer, else its text (the comment endpoint answers HTML, as WordPress does). */
  const code = async (response: Response) => {
    const text = await response.text()
    const error = response.headers.get('content-type')?.startsWith('application/json')
      ? wireErrorResponse.safeParse(JSON.parse(text))
      : null
    return error?.success ? error.data.code : text
  }
  const send = (path: string, method = 'GET') => handle(new Request(`http://cms.test${path}`, { method }))

  it('reaches every endpoint of docs/content-api.md', async () => {
    const reads = [
      '/api/v1/base/home',
      '/api/v1/layout/about',
      '/api/v1/popups/newsletter',
      '/api/v1/posts',
      '/api/wp/v2/tags',
      '/api/wp/v2/categories',
      '/api/v1/sitemap',
    ]
    for (const path of reads) {
      for (const method of ['GET', 'HEAD'])
        expect({ path, method, status: (await send(path, method)).status }).toEqual({ path, method, status: 200 })
    }
    // The writes answer their own errors for an empty body, never rest_no_route.
    const writes = [
      '/api/gf/v2/forms/1/submissions',
      '/wp-comments-post.php',
      '/api/user/register',
      '/api/user/login',
      '/api/user/me',
      '/api/user/logout',
      '/api/user/forgot',
      '/api/user/reset-password',
    ]
    for (const path of writes) expect({ path, code: await code(await send(path, 'POST')) }).not.toEqual({ path, code: 'rest_no_route' })
    expect(await code(await send('/api/user/me'))).toBe('not_logged_in')
  })

  it('answers rest_no_route for unknown paths, and for known paths with a method they do not take', async () => {
    const requests: [path: string, method: string][] = [
      ['/api/v1/nothing', 'GET'],
      ['/api/v1/posts/extra', 'GET'],
      ['/api/v2/base/home', 'GET'],
      ['/api/v1/base/home', 'PUT'],
      ['/api/v1/posts', 'POST'],
      ['/api/gf/v2/forms/1/submissions', 'GET'],
      ['/wp-comments-post.php', 'GET'],
      ['/api/user/login', 'GET'],
      ['/api/user/me', 'HEAD'],
      ['/api/user/me', 'DELETE'],
      ['/api/user/nope', 'POST'],
    ]
    for (const [path, method] of requests) {
      const response = await send(path, method)
      expect({ path, method, status: response.status, code: await code(response) }).toEqual({
        path,
        method,
        status: 404,
        code: 'rest_no_route',
      })
    }
  })

  it("points the admin bar at the configured admin URL, else at /wp-admin on the CMS's own origin", async () => {
    const adminBar = async (handler: typeof handle, origin: string) =>
      wireBaseResponse.parse(await (await handler(new Request(`${origin}/api/v1/base/about`))).json()).result.page.data.result.admin_bar
    expect(await adminBar(handle, 'http://127.0.0.1:4321')).toEqual({
      dashboard_url: 'http://127.0.0.1:4321/wp-admin',
      edit_post_url: 'http://127.0.0.1:4321/wp-admin/post.php?post=3&action=edit',
      page_layout: 'default',
    })
    const configured = createCmsHandler({
      store,
      defaultLocale: 'en',
      search: createSearchIndex(() => database, store, 'en'),
      adminUrl: 'https://cms.example/wp-admin',
    })
    expect((await adminBar(configured, 'http://cms.test'))?.dashboard_url).toBe('https://cms.example/wp-admin')
  })
})
