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
import { fileURLToPath } from 'node:url'
import { publicEnvKeys } from '../../config/site'
import type { Env } from '../../config/env'
import { cachePolicy } from '../http/cache-control.server'
import { OG_CARD_HEADER } from '../content/og-image/card-key.server'
import type { StoredPage } from './html-cache.server'
import { contentSecurityPolicy, inlineScriptHashes } from '../http/security-headers.server'

export const PRERENDER_MANIFEST = 'manifest.json'

export interface PrerenderManifest {
  /** When the pages were rendered (ms since the epoch): how stale they are when the server starts. */
  builtAt: number
  /**
   * What the pages' HTML depends on beyond their content (renderIdentity): the backend, the
   * public origin and the public variables (tag IDs, the image service) that the HTML
   * carries. A server configured otherwise does not serve them.
   */
  renderedFor: string
  /** By cache key: the path as requested (percent-encoded, with its locale prefix). */
  pages: Record<string, { file: string; etag: string; contentType: string; tags: string[]; card?: string }>
}

/** Which backend a server reads: CONTENT_API_URL, or the embedded CMS. */
export function backendId(contentApiUrl: string | undefined): string {
  if (!contentApiUrl) return 'embedded'
  const url = new URL(contentApiUrl)
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/** Everything of a server's configuration a rendered page carries in its HTML. */
export function renderIdentity(env: Pick<Env, 'CONTENT_API_URL' | 'SITE_URL' | (typeof publicEnvKeys)[number]>): string {
  return [
    `backend=${backendId(env.CONTENT_API_URL)}`,
    `site=${env.SITE_URL ?? ''}`,
    ...publicEnvKeys.map((key) => `${key}=${env[key] ?? ''}`),
  ].join('; ')
}

/**
 * Beside the server entry (`.output/server/index.mjs`): the build's own folder. Nitro's entry
 * records its own URL, as Nitro finds its public files; the process's first argument is no
 * guide, since `npm start` imports the entry from scripts/start.mjs (read from there, `npm
 * start` found no prerendered page and rendered every page on its first request).
 */
function prerenderedDir(): string | null {
  const main: unknown = Reflect.get(globalThis, '__nitro_main__')
  const entry = typeof main === 'string' ? fileURLToPath(main) : process.argv[1]
  return entry ? path.join(path.dirname(entry), 'prerendered') : null
}

/**
 * The prerendered pages, when they were rendered for this server's configuration. Built
 * against another backend (a staging one in CI, say) or with other tag IDs, they would
 * show that content or carry those IDs until each was refreshed: then every page is
 * rendered on its first request instead.
 */
export async function loadPrerendered(
  identity: string,
  dir: string | null = prerenderedDir(),
): Promise<{ builtAt: number; pages: Map<string, StoredPage> }> {
  const pages = new Map<string, StoredPage>()
  if (!dir || !existsSync(path.join(dir, PRERENDER_MANIFEST))) return { builtAt: 0, pages }
  const manifest = JSON.parse(await readFile(path.join(dir, PRERENDER_MANIFEST), 'utf8')) as PrerenderManifest
  if (manifest.renderedFor !== identity) {
    const built = manifest.renderedFor.split('; ')
    const differences = identity.split('; ').filter((part) => !built.includes(part))
    console.warn(`[prerendered] not served: built for another configuration (here ${differences.join(', ')})`)
    return { builtAt: 0, pages }
  }
  await Promise.all(
    Object.entries(manifest.pages).map(async ([key, page]) => {
      const file = path.join(dir, page.file)
      if (!page.contentType.startsWith('text/html')) {
        // A page's generated social image (docs/decisions/018): a PNG, kept as it is.
        const bytes = new Uint8Array(await readFile(file))
        const none = new Uint8Array(0)
        pages.set(key, {
          status: 200,
          // With the card it was drawn from: refreshed while the card is the same, it is not drawn again.
          headers: {
            'content-type': page.contentType,
            'cache-control': cachePolicy.page,
            ...(page.card ? { [OG_CARD_HEADER]: page.card } : {}),
          },
          identity: bytes,
          br: none,
          gzip: none,
          etag: page.etag,
          tags: page.tags,
        })
        return
      }
      const [html, br, gzip] = await Promise.all([readFile(file, 'utf8'), readFile(`${file}.br`), readFile(`${file}.gz`)])
      pages.set(key, {
        status: 200,
        headers: {
          'content-type': page.contentType,
          // Written at build without a nonce: its inline scripts are allowed by their hashes.
          'content-security-policy': contentSecurityPolicy({ hashes: inlineScriptHashes(html) }),
        },
        // Only the compressed copies are kept (StoredPage.identity says why).
        identity: null,
        br: new Uint8Array(br),
        gzip: new Uint8Array(gzip),
        etag: page.etag,
        tags: page.tags,
      })
    }),
  )
  return { builtAt: manifest.builtAt, pages }
}
