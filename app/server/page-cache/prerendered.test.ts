import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { backendId, loadPrerendered, PRERENDER_MANIFEST, renderIdentity, type PrerenderManifest } from './prerendered.server'

const dir = mkdtempSync(path.join(tmpdir(), 'prerendered-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('prerendered pages', () => {
  const manifest: PrerenderManifest = {
    builtAt: 1_700_000_000_000,
    renderedFor: renderIdentity({ CONTENT_API_URL: 'https://cms.example.org/wp/', GTM_ID: 'GTM-ABC123' }),
    pages: { '/about': { file: 'about/index.html', etag: 'W/"a"', contentType: 'text/html; charset=utf-8', tags: ['page:about'] } },
  }
  writeFileSync(path.join(dir, PRERENDER_MANIFEST), JSON.stringify(manifest))

  it('names a backend by its URL without a trailing slash, or the embedded CMS', () => {
    expect(backendId(undefined)).toBe('embedded')
    expect(backendId('https://cms.example.org/wp/')).toBe('https://cms.example.org/wp')
  })

  it('serves the pages only to a server configured as they were rendered: the same backend, origin and tag IDs', async () => {
    mkdirSync(path.join(dir, 'about'), { recursive: true })
    for (const suffix of ['', '.br', '.gz']) writeFileSync(path.join(dir, `about/index.html${suffix}`), `<p>about${suffix}</p>`)
    const same = await loadPrerendered(renderIdentity({ CONTENT_API_URL: 'https://cms.example.org/wp', GTM_ID: 'GTM-ABC123' }), dir)
    expect(same.builtAt).toBe(manifest.builtAt)
    expect([...same.pages.keys()]).toEqual(['/about'])
    expect(new TextDecoder().decode(same.pages.get('/about')?.br)).toBe('<p>about.br</p>')
    expect(same.pages.get('/about')?.tags).toEqual(['page:about'])
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const otherBackend = await loadPrerendered(renderIdentity({ GTM_ID: 'GTM-ABC123' }), dir)
    expect(otherBackend.pages.size).toBe(0)
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining('backend=embedded'))
    // The HTML carries the tag IDs the page loads after consent: built without them, a server with them renders afresh.
    const otherTags = await loadPrerendered(renderIdentity({ CONTENT_API_URL: 'https://cms.example.org/wp', GTM_ID: 'GTM-OTHER1' }), dir)
    expect(otherTags.pages.size).toBe(0)
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining('GTM_ID=GTM-OTHER1'))
    warn.mockRestore()
  })
})
