/**
 * HTML compression for the Node server: brotli or gzip by the request's
 * Accept-Encoding: a stored page is compressed once in both encodings (asynchronously, off
 * the event loop's hot path), a page answered once only in the encoding it is sent in.
 */
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, crc32, deflateRawSync, gzip } from 'node:zlib'
import { bytesOf, type DocumentPart } from './document-parts.server'

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export type Encoding = 'br' | 'gzip' | 'identity'

/**
 * The encoding to answer with: brotli when accepted, else gzip, else none. A `q=0`
 * refuses an encoding (RFC 9110 §12.5.3); `*` accepts any the header does not name.
 */
export function negotiateEncoding(acceptEncoding: string | null): Encoding {
  if (!acceptEncoding) return 'identity'
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined)
    weights.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0
  if (weight('br') > 0) return 'br'
  if (weight('gzip') > 0) return 'gzip'
  return 'identity'
}

/** The largest window with which brotli's qualities 5–9 use their small hashers (H40–H42, its encoder's ChooseHasher). */
const SMALL_HASHER_WINDOW_BITS = 16

/**
 * Brotli's window for a body of this size: the smallest that holds all of it (a window of
 * 2^n bytes holds 2^n − 16), at most brotli's default. Node's zlib drives brotli's streaming
 * encoder, which ignores the size hint and allocates the default 4 MB of ring buffer for every
 * answer: a page's miss answered in brotli cost four times its render (docs/decisions/044-brotli-window.md).
 * Below quality 10 (what a request is compressed with) the window is at most 16 bits: brotli
 * then takes its small hashers instead of a 2 MB table, which halves the time home's 71 KB
 * take, for 0–0.2 % more bytes on this site's pages (docs/decisions/046-brotli-small-hasher.md).
 */
function windowBits(bytes: number, quality: number): number {
  const fits = Math.ceil(Math.log2(bytes + 16))
  const most = quality < 10 ? SMALL_HASHER_WINDOW_BITS : constants.BROTLI_DEFAULT_WINDOW
  return Math.min(most, Math.max(constants.BROTLI_MIN_WINDOW_BITS, fits))
}

/**
 * How hard gzip works on an answer compressed for its one request (a page rendered for it, a
 * server function's data). Level 4 takes about 30 % less CPU than zlib's default 6 for about
 * 3 % more bytes on this site's pages (home: 0.43 against 0.63 ms, 15 318 against 14 867 bytes);
 * level 3 would save more CPU for 8 % more bytes. A stored page, compressed once and sent many
 * times, keeps level 9. Browsers take brotli; gzip answers go to clients without it (tools,
 * some crawlers and proxies) (docs/decisions/051-gzip-level-4-per-request.md, which follows 047).
 */
export const PER_REQUEST_GZIP_LEVEL = 4

/**
 * One encoding of an HTML body. Brotli at quality 6 costs about a millisecond for home's
 * 71 KB and lands within 1–2 % of quality 9; the build's prerendered pages use 11
 * (scripts/prerender.ts). Its window is sized to the body and the quality (windowBits).
 * Gzip takes level 9 unless told otherwise (PER_REQUEST_GZIP_LEVEL).
 */
export async function compressAs(
  body: Uint8Array,
  encoding: 'br' | 'gzip',
  { brotliQuality = 6, gzipLevel = 9 }: { brotliQuality?: number; gzipLevel?: number } = {},
): Promise<Uint8Array> {
  const compressed =
    encoding === 'br'
      ? await brotliAsync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
            [constants.BROTLI_PARAM_LGWIN]: windowBits(body.byteLength, brotliQuality),
          },
        })
      : await gzipAsync(body, { level: gzipLevel })
  return new Uint8Array(compressed)
}

/**
 * A run of shared text is deflated once and sent again: at zlib's default level, within 0.3 % of
 * level 9's bytes on home's run (10 654 against 10 628 bytes) for 0.45 against 0.52 ms. A run
 * seen once (a search's results) costs about what the whole page at level 4 did (0.34 ms for it).
 */
const RUN_GZIP_LEVEL = 6

/** A gzip member's header (RFC 1952 §2.3): deflate, no name or time, extra flags 0, made on Unix, as zlib writes it. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])

/**
 * A document answered for one request in gzip, from its parts (document-parts.server.ts):
 * its own text is deflated now at `level`, and each run's deflate blocks are made once
 * (RUN_GZIP_LEVEL) and sent again (docs/decisions/052-gzip-from-shared-parts.md). Every part's
 * blocks start from an empty window and end on a byte boundary (a sync flush), so the blocks
 * can follow one another: no part refers back into another. Only the last part ends the stream.
 * Synchronous: its own text is a fifth of a page, less work than handing it to the thread pool.
 */
export function stitchedGzip(parts: readonly DocumentPart[], level: number): Buffer {
  const blocks: Buffer[] = [GZIP_HEADER]
  let crc = 0
  let size = 0
  parts.forEach((part, index) => {
    const bytes = bytesOf(part)
    crc = crc32(bytes, crc)
    size += bytes.byteLength
    const last = index === parts.length - 1
    if (!Buffer.isBuffer(part)) {
      part.deflated ??= deflateRawSync(part.bytes, { level: RUN_GZIP_LEVEL, finishFlush: constants.Z_SYNC_FLUSH })
      blocks.push(part.deflated)
    } else if (last || bytes.byteLength > 0) {
      blocks.push(deflateRawSync(bytes, { level, finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }))
    }
  })
  // The trailer: the CRC-32 of the whole text and its length modulo 2^32, little-endian.
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(size % 2 ** 32, 4)
  blocks.push(trailer)
  return Buffer.concat(blocks)
}

/** Both encodings, for a page that is stored and answers many requests. */
export async function compressHtml(body: Uint8Array, brotliQuality = 6): Promise<{ br: Uint8Array; gzip: Uint8Array }> {
  const [br, gzip] = await Promise.all([compressAs(body, 'br', { brotliQuality }), compressAs(body, 'gzip')])
  return { br, gzip }
}

/** A weak validator of the page's bytes: the same for every encoding of one body (RFC 9110 §8.8.3). */
export function etagOf(body: Uint8Array): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`
}

/** RFC 9110 §13.1.2: If-None-Match matches a weak validator by weak comparison, or `*`. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false
  const weak = (value: string) => value.trim().replace(/^W\//, '')
  return header.split(',').some((candidate) => candidate.trim() === '*' || weak(candidate) === weak(etag))
}
