/**
 * The `wp` adapter over real HTTP against `npm run cms` (the embedded CMS on its own
 * port), plus a closed port and a backend that never answers.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContentNotFoundError, ContentUnavailableError } from '../../app/server/content/source.server'
import { createWpSource } from '../../app/server/content/wp-source.server'
import { startTestServer, type TestServer } from '../support/test-server'

let cms: TestServer | undefined
let baseUrl: string

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

beforeAll(async () => {
  const port = await freePort()
  baseUrl = `http://127.0.0.1:${port}`
  cms = await startTestServer({
    command: 'npm',
    args: ['run', '--silent', 'cms'],
    env: { ...process.env, CMS_PORT: String(port), CMS_DATABASE_URL: 'file:.cache/test-cms/integration.db', npm_config_loglevel: 'error' },
    readyUrl: `${baseUrl}/api/v1/layout/`,
  })
})

afterAll(async () => {
  await cms?.stop()
})

describe('wp adapter against npm run cms', () => {
  const source = () => createWpSource({ baseUrl, timeoutMs: 5000 })

  it('loads a page with its menus and options', async () => {
    const data = await source().getPage({ locale: 'de', pageName: 'about' })
    expect(data.page.title).toBe('Über uns')
    expect(data.menus.primary.map((item) => item.href)).toContain('/about')
    expect(data.options.organizationName).toBe('Kestrel IT Support')
  })

  it('loads an article and a search', async () => {
    const article = await source().getPage({ locale: 'en', pageName: 'blog/new-office-in-manchester' })
    expect(article.page.kind).toBe('post')
    expect(article.page.kind === 'post' && article.page.post.contentHtml).toContain('Quay Street')
    const search = await source().getPage({ locale: 'en', pageName: 'home', search: 'phishing' })
    expect(search.page.search?.results[0]?.href).toBe('/blog/phishing-training-that-staff-do-not-hate')
  })

  it('turns a 404 and the error flag into ContentNotFoundError with the frame', async () => {
    for (const pageName of ['no-such-page', 'withdrawn-offer']) {
      const error = await source()
        .getPage({ locale: 'en', pageName })
        .catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ContentNotFoundError)
      expect(error instanceof ContentNotFoundError && error.frame?.options.organizationName).toBe('Kestrel IT Support')
    }
  })

  it('reads posts, tag ids, layouts and popups', async () => {
    const posts = await source().getPosts({ locale: 'en', perPage: 2, page: 3 })
    expect(posts.posts).toHaveLength(2)
    expect(posts.pagination).toMatchObject({ page: 3, totalPages: 6 })
    expect(await source().getTagId('cloud', 'en')).toBe('31')
    expect(await source().getTagId('nope', 'en')).toBeNull()
    expect(await source().getLayout('/landing/managed-it-support', 'en')).toEqual({ layout: 'static' })
    expect(await source().getLayout('nothing', 'en')).toEqual({})
    expect((await source().getPopup('newsletter', 'en')).title).toMatch(/security briefing/)
    await expect(source().getPopup('nope', 'en')).rejects.toBeInstanceOf(ContentNotFoundError)
  })

  it('submits a form as multipart and reads both Gravity Forms answers', async () => {
    const marker = `integration-${Date.now()}`
    const valid = await source().submitForm({
      formId: '1',
      locale: 'en',
      entries: [
        ['input_1', 'Ada Lovelace'],
        ['input_2', 'ada@example.org'],
        ['input_5', marker],
        ['input_6_1', '1'],
        ['input_99', 'Referrer: No Referrer | IP: 127.0.0.1 | Country: Unknown | Platform: Linux | User agent: test'],
      ],
      visitorIp: '127.0.0.1',
      sourceUrl: 'http://127.0.0.1/contact',
    })
    expect(valid.kind).toBe('valid')
    expect(valid.kind === 'valid' && valid.confirmationHtml).toContain('Thank you')
    const invalid = await source().submitForm({ formId: '1', locale: 'de', entries: [['input_2', 'nope']], visitorIp: null, sourceUrl: '' })
    expect(invalid.kind).toBe('invalid')
    expect(invalid.kind === 'invalid' && Object.keys(invalid.messages).sort()).toEqual(['1', '2', '5', '6'])
    expect(await source().submitForm({ formId: '404', locale: 'en', entries: [], visitorIp: null, sourceUrl: '' })).toMatchObject({
      kind: 'rejected',
      status: 404,
    })
  })

  it('registers and logs in through the account calls', async () => {
    const email = `integration-${Date.now()}@example.org`
    const fields = { name: 'Ada', email, password: 'a-long-password' }
    expect(await source().userRequest({ action: 'register', locale: 'en', fields, visitorIp: null })).toMatchObject({ ok: true })
    const login = await source().userRequest({
      action: 'login',
      locale: 'en',
      fields: { email, password: 'a-long-password' },
      visitorIp: null,
    })
    expect(login.ok && login.token && login.user?.email).toBe(email)
    const wrong = await source().userRequest({
      action: 'login',
      locale: 'en',
      fields: { email, password: 'wrong-password' },
      visitorIp: null,
    })
    expect(wrong).toMatchObject({ ok: false, status: 401 })
  })
})

describe('wp adapter when the backend is down', () => {
  let hanging: Server
  let hangingUrl: string

  beforeAll(async () => {
    hanging = createServer(() => {
      /* never answers */
    })
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve))
    hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`
  })

  afterAll(() => {
    hanging.closeAllConnections()
    hanging.close()
  })

  it('reports a closed port as unreachable, and lists and tags degrade to empty', async () => {
    expect(
      await createWpSource({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }).submitForm({
        formId: '1',
        locale: 'en',
        entries: [],
        visitorIp: null,
        sourceUrl: '',
      }),
    ).toEqual({
      kind: 'unavailable',
    })
    const errors: Error[] = []
    const source = createWpSource({
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      timeoutMs: 2000,
      onError: (error) => errors.push(error),
    })
    const error = await source.getPage({ locale: 'en', pageName: 'home' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ContentUnavailableError)
    expect(error instanceof ContentUnavailableError && error.reason).toBe('unreachable')
    expect(await source.getPosts({ locale: 'en' })).toEqual({ posts: [], pagination: null, failed: true })
    expect(await source.getTagId('x', 'en')).toBeNull()
    expect(await source.getLayout('x', 'en')).toEqual({})
    expect(errors.length).toBe(2)
  })

  it('gives up after the timeout', async () => {
    const source = createWpSource({ baseUrl: hangingUrl, timeoutMs: 300 })
    const error = await source.getPage({ locale: 'en', pageName: 'home' }).catch((caught: unknown) => caught)
    expect(error instanceof ContentUnavailableError && error.reason).toBe('timeout')
  })

  it('treats an answer that breaks the contract as unavailable, not as a page', async () => {
    const source = createWpSource({
      baseUrl: 'http://backend.test',
      timeoutMs: 1000,
      fetch: async () => Response.json({ result: { page: 'nope' } }),
    })
    const error = await source.getPage({ locale: 'en', pageName: 'home' }).catch((caught: unknown) => caught)
    expect(error instanceof ContentUnavailableError && error.reason).toBe('invalid')
  })
})

describe("tag id lookup (SPEC §7: the first item's id, null on failure)", () => {
  const answering = (body: unknown, status = 200) =>
    createWpSource({
      baseUrl: 'http://backend.test',
      timeoutMs: 1000,
      fetch: async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
    })

  it('takes the first item and gives null for none, an error status, junk or a broken shape', async () => {
    expect(
      await answering([
        { id: 7, name: 'A', slug: 'a' },
        { id: 8, name: 'B', slug: 'a' },
      ]).getTagId('a', 'en'),
    ).toBe('7')
    expect(await answering([]).getTagId('a', 'en')).toBeNull()
    expect(await answering({ code: 'rest_error' }, 500).getTagId('a', 'en')).toBeNull()
    expect(await answering('<html>').getTagId('a', 'en')).toBeNull()
    expect(await answering([{ id: 'x' }]).getTagId('a', 'en')).toBeNull()
  })
})
