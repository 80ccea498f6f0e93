import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressAs, compressHtml, etagOf, matchesIfNoneMatch, negotiateEncoding } from './compression.server'
import { compressed } from './final-headers.server'

/**
 * The sliding window a brotli stream declares in its first bits (RFC 7932 §9.1, WBITS): the
 * decoder keeps that much of the output, and the encoder allocated a ring buffer of it.
 */
function windowBitsOf(stream: Uint8Array): number {
  let position = 0
  const bits = (count: number) => {
    let value = 0
    for (let index = 0; index < count; index++, position++) value |= ((stream[position >> 3]! >> (position & 7)) & 1) << index
    return value
  }
  if (bits(1) === 0) return 16
  const n = bits(3)
  if (n !== 0) return 17 + n
  const m = bits(3)
  return m === 0 ? 17 : 8 + m
}

/** An HTML page of about `bytes` bytes that compresses as pages do (repeated markup, varying text). */
function page(bytes: number): Uint8Array {
  let html = '<!DOCTYPE html><html lang="en"><body>'
  for (let index = 0; html.length < bytes; index++)
    html += `<section class="mx-auto max-w-6xl px-4"><h2>Section ${index}</h2><p>${index * 7919}</p></section>`
  return new TextEncoder().encode(html.slice(0, bytes))
}

describe('compressAs', () => {
  it('gives back the same bytes in either encoding', async () => {
    const body = page(70_000)
    expect(brotliDecompressSync(await compressAs(body, 'br'))).toEqual(Buffer.from(body))
    expect(gunzipSync(await compressAs(body, 'gzip'))).toEqual(Buffer.from(body))
    const both = await compressHtml(body)
    expect(brotliDecompressSync(both.br)).toEqual(Buffer.from(body))
    expect(gunzipSync(both.gzip)).toEqual(Buffer.from(body))
  })

  it("sizes brotli's window to the body, not to brotli's default of 4 MB", async () => {
    // Brotli's streaming encoder (the one Node's zlib drives) takes the default 22-bit window
    // whatever the size hint: 4 MB of ring buffer per answer, which made a miss answered in
    // brotli cost four times its render (docs/decisions/044-brotli-window.md).
    expect(windowBitsOf(await compressAs(page(2_000), 'br'))).toBe(11)
    expect(windowBitsOf(await compressAs(page(200), 'br'))).toBe(10)
    expect(windowBitsOf(await compressAs(page(70_000), 'br', { brotliQuality: 11 }))).toBe(17)
    expect(windowBitsOf(await compressAs(page(3_000_000), 'br', { brotliQuality: 9 }))).toBe(16)
  })

  it("keeps a request's brotli at 16 bits or less, where qualities below 10 use their small hashers", async () => {
    // A 17-bit window at quality 6 takes a 2 MB hash table per answer; 16 bits take the
    // small hashers, half the time for home (docs/decisions/046-brotli-small-hasher.md).
    const body = page(70_000)
    expect(windowBitsOf(await compressAs(body, 'br'))).toBe(16)
    expect(brotliDecompressSync(await compressAs(body, 'br'))).toEqual(Buffer.from(body))
  })

  it("covers the whole body with the window it chooses at the build's quality", async () => {
    // A window of 2^n bytes holds 2^n − 16 of them (RFC 7932 §9.1): a body just under a power of two needs the next.
    const body = page(2 ** 17 - 8)
    expect(windowBitsOf(await compressAs(body, 'br', { brotliQuality: 11 }))).toBe(18)
    expect(brotliDecompressSync(await compressAs(body, 'br', { brotliQuality: 11 }))).toEqual(Buffer.from(body))
  })
})

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, honours q=0 and a wildcard', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br')
    expect(negotiateEncoding('gzip')).toBe('gzip')
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip')
    expect(negotiateEncoding('*')).toBe('br')
    expect(negotiateEncoding('*;q=0')).toBe('identity')
    expect(negotiateEncoding(null)).toBe('identity')
  })
})

describe('etagOf and matchesIfNoneMatch', () => {
  it('match the same body weakly, whatever the encoding sent', () => {
    const etag = etagOf(page(1000))
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/)
    expect(matchesIfNoneMatch(etag.slice(2), etag)).toBe(true)
    expect(matchesIfNoneMatch(`"other", ${etag}`, etag)).toBe(true)
    expect(matchesIfNoneMatch('*', etag)).toBe(true)
    expect(matchesIfNoneMatch(etagOf(page(1001)), etag)).toBe(false)
  })
})

/** A gzip stream's XFL byte (RFC 1952 §2.3.1): zlib writes 2 at level 9 and 0 at levels 2 to 8. */
const gzipExtraFlags = (stream: Uint8Array) => stream[8]

describe('gzip levels', () => {
  it('compress a stored page at level 9, and an answer rendered for one request at level 4 (decision 051)', async () => {
    const body = page(70_000)
    expect(gzipExtraFlags((await compressHtml(body)).gzip)).toBe(2)
    const answer = await compressed(
      new Request('http://site.test/', { headers: { 'accept-encoding': 'gzip' } }),
      new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
    )
    expect(answer.headers.get('content-encoding')).toBe('gzip')
    const bytes = new Uint8Array(await answer.arrayBuffer())
    expect(gzipExtraFlags(bytes)).toBe(0)
    // zlib's output is fixed by its level: the answer is exactly level 4's.
    expect(Buffer.from(bytes)).toEqual(gzipSync(body, { level: 4 }))
    expect(gunzipSync(bytes)).toEqual(Buffer.from(body))
  })
})
