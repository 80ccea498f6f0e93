/**
 * The `wp` adapter when the backend fails: a closed port, a backend that never answers,
 * an answer that breaks the contract, the tag lookup's fallbacks. Its calls against a
 * working backend (the embedded CMS or WordPress) are the contract suite, tests/contract/.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContentUnavailableError } from '../../app/server/content/content-source.server'
import { createWpSource } from '../../app/server/content/backend-source.server'
import { freePort } from '../support/built-site'

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

  it('reports a closed port as unreachable; lists degrade to empty; the layout and tag lookups say the backend is down', async () => {
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
      detail: expect.stringContaining('(unreachable)'),
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
    // Down is not "no such tag" or "no layout": the cache in front answers its last good copy, then null or {} (requirements §7).
    await expect(source.getTagId('x', 'en')).rejects.toBeInstanceOf(ContentUnavailableError)
    await expect(source.getLayout('/x', 'en')).rejects.toBeInstanceOf(ContentUnavailableError)
    // Outages are logged by the breaker, once each way; onError is for answers that break the contract.
    expect(errors).toEqual([])
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

describe("tag id lookup (requirements §7: the first item's id, null on failure)", () => {
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
    await expect(answering({ code: 'rest_error' }, 500).getTagId('a', 'en')).rejects.toBeInstanceOf(ContentUnavailableError)
    expect(await answering('<html>').getTagId('a', 'en')).toBeNull()
    expect(await answering([{ id: 'x' }]).getTagId('a', 'en')).toBeNull()
  })
})
