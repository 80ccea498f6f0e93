/**
 * A page as the page cache keeps it: read whole, compressed once, with its validators and
 * tags; and the answer built from those bytes for one request (requirements §10.1).
 */
import { gunzipSync } from 'node:zlib'
import { FastResponse } from 'srvx'
import { compressHtml, etagOf, matchesIfNoneMatch, negotiateEncoding } from '../http/compression.server'
import { offerReplay } from '../http/replay.server'
import { CACHE_TAGS_HEADER, isHtml, SHARED_LIFETIME_HEADER } from '../http/responses.server'
import { contentSecurityPolicy, inlineScriptHashes } from '../http/security-headers.server'
import type { OgImageAnswer } from '../content/og-image/og-image.server'
import type { StoredPage } from './html-cache.server'

/** A rendered response, read whole and compressed once: what the cache keeps and every waiter answers from. */
export async function toStoredPage(response: Response): Promise<StoredPage> {
  const identity = new Uint8Array(await response.arrayBuffer())
  const headers: Record<string, string> = {}
  for (const [name, value] of response.headers) {
    if (name !== 'content-length' && name !== 'content-encoding' && name !== CACHE_TAGS_HEADER) headers[name] = value
  }
  const html = isHtml(response.headers)
  // A stored page is answered to many requests: its inline scripts are allowed by their hashes.
  if (html) headers['content-security-policy'] = contentSecurityPolicy({ hashes: inlineScriptHashes(new TextDecoder().decode(identity)) })
  const compressed = html ? await compressHtml(identity) : { br: identity, gzip: identity }
  const tags = response.headers.get(CACHE_TAGS_HEADER)?.split(',').filter(Boolean) ?? []
  // HTML keeps only its compressed copies (StoredPage.identity says why).
  return { status: response.status, headers, identity: html ? null : identity, ...compressed, etag: etagOf(identity), tags }
}

/**
 * A stored page's bytes in `encoding`. HTML keeps no uncompressed copy: a request that
 * accepts neither brotli nor gzip (a health check, a script) has the gzip copy unpacked,
 * about 0.2 ms for a 70 KB page.
 */
function bodyFor(page: StoredPage, encoding: 'br' | 'gzip' | 'identity'): Uint8Array {
  if (encoding === 'br') return page.br
  if (encoding === 'gzip') return page.gzip
  return page.identity ?? new Uint8Array(gunzipSync(page.gzip))
}

/** A generated social image as the cache keeps it: a PNG needs no compressed copies. */
export function storedOgImage(image: OgImageAnswer): StoredPage {
  const none = new Uint8Array(0)
  return {
    status: image.status,
    headers: image.headers,
    identity: image.body,
    br: none,
    gzip: none,
    etag: etagOf(image.body),
    tags: image.tags,
  }
}

/**
 * The bytes of a stored page in the encoding the request accepts, with its validators;
 * `sharedSeconds`, when given, is how much longer a CDN may keep it (its policy's lifetime at most).
 * `sameWhile`, when given, says how long the very same answer holds: it is offered for replay
 * (app/server/http/replay.server.ts).
 */
export function answerStored(
  request: Request,
  page: StoredPage,
  cacheStatus: string,
  sharedSeconds?: number,
  sameWhile?: () => boolean,
): Response {
  const html = isHtml(page.headers)
  const encoding = html ? negotiateEncoding(request.headers.get('accept-encoding')) : 'identity'
  const headers = new Headers(page.headers)
  headers.set('x-html-cache', cacheStatus)
  if (sharedSeconds !== undefined) headers.set(SHARED_LIFETIME_HEADER, String(sharedSeconds))
  // What the page shows, so a CDN can purge by tag too (docs/content-api.md, Revalidation).
  if (page.tags.length > 0) headers.set('cache-tag', page.tags.map((tag) => encodeURI(tag)).join(','))
  // Pages and generated images alike are validated by their ETag; only HTML comes in several encodings.
  headers.set('etag', page.etag)
  if (html) headers.set('vary', 'Accept-Encoding')
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), page.etag)) {
    return new FastResponse(null, { status: 304, headers })
  }
  if (encoding !== 'identity') headers.set('content-encoding', encoding)
  const body = bodyFor(page, encoding)
  headers.set('content-length', String(body.byteLength))
  if (sameWhile) offerReplay(headers, { body, stillValid: sameWhile })
  return new FastResponse(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: page.status, headers })
}
