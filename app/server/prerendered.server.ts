/**
 * The pages `npm run build` prerendered (scripts/prerender.ts): a manifest and, per page,
 * its HTML with brotli and gzip copies, in `.output/server/prerendered/` beside the
 * server. The server reads them when it starts and keeps them in the rendered-HTML cache,
 * so they answer at once with the bytes written at build; from then on they are cache
 * entries like any other (refreshed when stale, replaced when a revalidation purges them).
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { StoredPage } from './html-cache.server'

export const PRERENDER_MANIFEST = 'manifest.json'

export interface PrerenderManifest {
  /** When the pages were rendered (ms since the epoch): how stale they are when the server starts. */
  builtAt: number
  /** The backend they were rendered from (prerenderBackendId): a server on another backend does not serve them. */
  backend: string
  /** By cache key: the path as requested (percent-encoded, with its locale prefix). */
  pages: Record<string, { file: string; etag: string; contentType: string; tags: string[] }>
}

/** Which backend a server reads: CONTENT_API_URL, or the embedded CMS. */
export function prerenderBackendId(contentApiUrl: string | undefined): string {
  if (!contentApiUrl) return 'embedded'
  const url = new URL(contentApiUrl)
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/** Beside the server entry that runs (`.output/server/index.mjs`): the build's own folder. */
export function prerenderedDir(): string | null {
  const entry = process.argv[1]
  return entry ? path.join(path.dirname(entry), 'prerendered') : null
}

/**
 * The prerendered pages, when they were rendered from the backend this server reads. Built
 * against another (a staging backend in CI, say), they would show its content until each
 * was refreshed: then every page is rendered on its first request instead.
 */
export async function loadPrerendered(
  backend: string,
  dir: string | null = prerenderedDir(),
): Promise<{ builtAt: number; pages: Map<string, StoredPage> }> {
  const pages = new Map<string, StoredPage>()
  if (!dir || !existsSync(path.join(dir, PRERENDER_MANIFEST))) return { builtAt: 0, pages }
  const manifest = JSON.parse(await readFile(path.join(dir, PRERENDER_MANIFEST), 'utf8')) as PrerenderManifest
  if (manifest.backend !== backend) {
    console.warn(`[prerendered] not served: rendered from ${manifest.backend}, this server reads ${backend}`)
    return { builtAt: 0, pages }
  }
  await Promise.all(
    Object.entries(manifest.pages).map(async ([key, page]) => {
      const file = path.join(dir, page.file)
      const [identity, br, gzip] = await Promise.all([readFile(file), readFile(`${file}.br`), readFile(`${file}.gz`)])
      pages.set(key, {
        status: 200,
        headers: { 'content-type': page.contentType },
        identity: new Uint8Array(identity),
        br: new Uint8Array(br),
        gzip: new Uint8Array(gzip),
        etag: page.etag,
        tags: page.tags,
      })
    }),
  )
  return { builtAt: manifest.builtAt, pages }
}
