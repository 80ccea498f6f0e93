import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { loadPrerendered, prerenderBackendId, PRERENDER_MANIFEST, type PrerenderManifest } from './prerendered.server'

const dir = mkdtempSync(path.join(tmpdir(), 'prerendered-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('prerendered pages', () => {
  const manifest: PrerenderManifest = {
    builtAt: 1_700_000_000_000,
    backend: 'https://cms.example.org/wp',
    pages: { '/about': { file: 'about/index.html', etag: 'W/"a"', contentType: 'text/html; charset=utf-8', tags: ['page:about'] } },
  }
  writeFileSync(path.join(dir, PRERENDER_MANIFEST), JSON.stringify(manifest))

  it('names a backend by its URL without a trailing slash, or the embedded CMS', () => {
    expect(prerenderBackendId(undefined)).toBe('embedded')
    expect(prerenderBackendId('https://cms.example.org/wp/')).toBe('https://cms.example.org/wp')
  })

  it('serves the pages only to a server that reads the backend they were rendered from', async () => {
    mkdirSync(path.join(dir, 'about'), { recursive: true })
    for (const suffix of ['', '.br', '.gz']) writeFileSync(path.join(dir, `about/index.html${suffix}`), `<p>about${suffix}</p>`)
    const same = await loadPrerendered('https://cms.example.org/wp', dir)
    expect(same.builtAt).toBe(manifest.builtAt)
    expect([...same.pages.keys()]).toEqual(['/about'])
    expect(new TextDecoder().decode(same.pages.get('/about')?.br)).toBe('<p>about.br</p>')
    expect(same.pages.get('/about')?.tags).toEqual(['page:about'])
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const other = await loadPrerendered('embedded', dir)
    expect(other.pages.size).toBe(0)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('rendered from https://cms.example.org/wp'))
    warn.mockRestore()
  })
})
