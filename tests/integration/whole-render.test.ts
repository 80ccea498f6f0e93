/**
 * A page is rendered whole by React's string renderer, and by the stream renderer when a part
 * of it is not ready (docs/decisions/049-pages-rendered-whole.md), against the production
 * build (`npm run build` first; `npm test` does it). HTML_CACHE=off, so every request renders.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBuiltSite, type BuiltSite } from '../support/built-site'

const work = mkdtempSync(path.join(tmpdir(), 'site-whole-render-'))
let site: BuiltSite

beforeAll(async () => {
  site = await startBuiltSite({ dataDir: work, env: { HTML_CACHE: 'off' } })
})

afterAll(async () => {
  await site?.stop()
  rmSync(work, { recursive: true, force: true })
})

/** A post: its comment form's code loads on first use, so the first render of a post waits for it. */
const POST = '/blog/phishing-training-that-staff-do-not-hate'

/** A GET asking for gzip, its body as it came (fetch would inflate it). */
function rawGet(pathname: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = get(`${site.origin}${pathname}`, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }))
      response.on('error', reject)
    })
    request.on('error', reject)
  })
}

const page = async (pathname: string) => {
  const response = await fetch(`${site.origin}${pathname}`, { headers: { 'accept-encoding': 'identity' } })
  expect(response.status).toBe(200)
  return response.text()
}

/** A render without what is the request's own: its nonce and the router's timestamps. */
const normal = (html: string) => html.replace(/nonce="[^"]+"|"csp-nonce" content="[^"]+"|\bu:\d+/g, '')

/** How often the router's state is written into the page: once, or the page cannot hydrate. */
const routerStates = (html: string) => html.match(/\$_TSR\.router=/g)?.length ?? 0

describe('pages rendered whole', () => {
  it('a part whose code is not loaded yet is waited for, and the page keeps its router state', async () => {
    const first = await page(POST)
    // The precondition: this render had to wait (the stream renderer's boundary, filled in later
    // in the document). If the comment form's code is ever loaded with the server, pick another
    // part that loads on first use.
    expect(first).toContain('<!--$?-->')
    // Nothing is left to the browser, and the form is in the server's HTML.
    expect(first).not.toContain('<!--$!-->')
    expect(first).toContain('Leave a comment')
    expect(first).toContain('name="website_url"')
    expect(routerStates(first)).toBe(1)
  })

  it('once the code is loaded, the page comes whole, with the same content', async () => {
    const first = await page(POST)
    const second = await page(POST)
    for (const html of [first, second]) {
      expect(html).not.toContain('<!--$?-->')
      expect(html).not.toContain('<!--$!-->')
      expect(html).toContain('Leave a comment')
      expect(routerStates(html)).toBe(1)
    }
    // Two renders of one page differ only by the request's nonce and the router's timestamps.
    expect(normal(second)).toBe(normal(first))
  })

  it('every page type renders whole without a part left to the browser', async () => {
    for (const pathname of ['/', '/services/cyber-security', '/contact', '/blog', '/de', '/this-page-does-not-exist']) {
      const response = await fetch(`${site.origin}${pathname}`)
      const html = await response.text()
      expect(html.startsWith('<!DOCTYPE html>'), pathname).toBe(true)
      expect(html, pathname).not.toContain('<!--$!-->')
      expect(routerStates(html), pathname).toBe(1)
    }
  })

  it("carries a page's data once, as a JSON data block the router's state refers to (docs/decisions/050)", async () => {
    for (const pathname of ['/', '/blog', '/de']) {
      const html = await page(pathname)
      const blocks = [...html.matchAll(/<script type="application\/json" id="page-data">([^<]*)<\/script>/g)]
      expect(blocks, pathname).toHaveLength(1)
      const data = JSON.parse(blocks[0]![1]!) as { menus: unknown }
      expect(data.menus, pathname).toBeTruthy()
      expect(html, pathname).toContain('$_TSR.t.get("page-data")')
      // The data is not written a second time inside the router's state.
      const routerState = /\$_TSR\.router=[^<]*/.exec(html)?.[0] ?? ''
      expect(routerState, pathname).not.toContain('menus:')
    }
    // The blog's first list comes from the block too.
    expect(await page('/blog')).toContain('$_TSR.t.get("first-list")')
    // A missing page has no data: no block.
    const missing = await (await fetch(`${site.origin}/this-page-does-not-exist`)).text()
    expect(missing).not.toContain('id="page-data"')
  })

  it('answers gzip with the same document, its shared runs deflated once (docs/decisions/052)', async () => {
    const gzipped = async (pathname: string) => {
      const response = await fetch(`${site.origin}${pathname}`, { headers: { 'accept-encoding': 'gzip' } })
      expect(response.headers.get('content-encoding'), pathname).toBe('gzip')
      expect(response.headers.get('vary'), pathname).toContain('Accept-Encoding')
      // fetch inflates the body; rawGet reads it as it was sent.
      return response
    }
    for (const pathname of ['/', POST, '/services/cyber-security', '/contact', '/blog', '/de', '/this-page-does-not-exist']) {
      const plain = await (await fetch(`${site.origin}${pathname}`, { headers: { 'accept-encoding': 'identity' } })).text()
      const inflated = await (await gzipped(pathname)).text()
      expect(normal(inflated), pathname).toBe(normal(plain))
    }
    // Two answers for two requests (two nonces) carry the same deflate blocks for the page's
    // frame, sections and data: a whole page deflated per request differs from its first nonce on.
    const raw = async () => {
      const { status, body } = await rawGet('/')
      expect(status).toBe(200)
      return body
    }
    const [first, second] = [await raw(), await raw()]
    expect(gunzipSync(first).toString()).not.toBe(gunzipSync(second).toString())
    const middle = first.subarray(first.byteLength / 2 - 2_048, first.byteLength / 2 + 2_048)
    expect(second.includes(middle)).toBe(true)
  })
})
