/**
 * A document answered for one request, in parts: its own text and runs of text other renders
 * share, and its gzip answer stitched from them (docs/decisions/052-gzip-from-shared-parts.md).
 */
import { gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { stitchedGzip } from './compression.server'
import {
  bytesOfPieces,
  documentParts,
  noteSharedText,
  notingSharedTexts,
  type DocumentPart,
  type SharedPart,
} from './document-parts.server'

const NONCE = 'bm9uY2Utb25lLXJlcXVlc3Q='

/** A shared text as a kept part is: markup of its own, long enough to be a part (1 KB or more). */
const kept = (name: string, size = 2_000) => `<section data-part="${name}">${`${name} – ünïcødé “text” `.repeat(size / 20)}</section>`

const isShared = (part: DocumentPart): part is SharedPart => !Buffer.isBuffer(part)
const textOf = (part: DocumentPart) => (isShared(part) ? part.bytes : part).toString('utf8')

describe('documentParts', () => {
  it('cuts the document at its shared texts, and the parts make the document again', () => {
    const header = kept('header')
    const hero = kept('hero')
    const document = `<head><script nonce="${NONCE}">x</script></head><body>${header}<main>${hero}</main><script nonce="${NONCE}">y</script></body>`
    const { parts, bytes } = documentParts(document, [header, hero], NONCE)
    expect(bytes.toString('utf8')).toBe(document)
    expect(Buffer.concat(parts.map((part) => (isShared(part) ? part.bytes : part)))).toEqual(bytes)
    // The markup between two shared texts joins them in one run; the nonce's text is the request's own.
    expect(parts.map((part) => (isShared(part) ? 'run' : 'own'))).toEqual(['own', 'run', 'own'])
    expect(textOf(parts[1]!)).toBe(`${header}<main>${hero}`)
  })

  it('ends a run where the markup between carries the nonce', () => {
    const [a, b] = [kept('a'), kept('b')]
    const document = `${a}<script nonce="${NONCE}">z</script>${b}`
    const { parts } = documentParts(document, [a, b], NONCE)
    expect(parts.map((part) => (isShared(part) ? 'run' : 'own'))).toEqual(['run', 'own', 'run', 'own'])
    expect(parts.map(textOf)).toEqual([a, `<script nonce="${NONCE}">z</script>`, b, ''])
  })

  it('finds texts noted out of order, leaves a text inside another inside it, and skips short ones', () => {
    const inner = kept('inner')
    const outer = `<div>${inner}${kept('rest')}</div>`
    const block = kept('block')
    const short = '<p>short shared text</p>'
    const document = `<body>${block}<p>between</p>${outer}${short}</body>`
    // As a first render notes them: the inner part before the part around it, the block last.
    const { parts, bytes } = documentParts(document, [inner, outer, short, block], NONCE)
    expect(bytes.toString('utf8')).toBe(document)
    expect(parts.map(textOf)).toEqual(['<body>', `${block}<p>between</p>${outer}`, `${short}</body>`])
  })

  it('puts the text that comes before the document with its first own text', () => {
    const [a, b] = [kept('a'), kept('b')]
    expect(documentParts(`<html>${a}</html>`, [a], NONCE, '<!DOCTYPE html>').parts.map(textOf)).toEqual([
      '<!DOCTYPE html><html>',
      a,
      '</html>',
    ])
    const { parts, bytes } = documentParts(`${b}<p>end</p>`, [b], NONCE, '<!DOCTYPE html>')
    expect(parts.map(textOf)).toEqual(['<!DOCTYPE html>', b, '<p>end</p>'])
    expect(bytes.toString('utf8')).toBe(`<!DOCTYPE html>${b}<p>end</p>`)
  })

  it('gives the same run to the same texts with the same markup between, and another for other markup', () => {
    const [a, b] = [kept('a'), kept('b')]
    const first = documentParts(`${a}<hr>${b}<i>1</i>`, [a, b], NONCE).parts[0]
    const again = documentParts(`${a}<hr>${b}<i>2</i>`, [a, b], NONCE).parts[0]
    const other = documentParts(`${a}<br>${b}`, [a, b], NONCE).parts[0]
    expect(again).toBe(first)
    expect(other).not.toBe(first)
    expect(textOf(other!)).toBe(`${a}<br>${b}`)
  })

  it('reads a document written in pieces as the same document whole (decision 063)', () => {
    // Texts no other test uses: the runs are made here from the pieces, not found kept.
    const [header, hero, block] = [kept('pieces-header'), kept('pieces-hero'), kept('pieces-block')]
    // As React writes a page: markup in small pieces, each text set as HTML a piece of its own.
    const pieces = [
      '<!--$--><he',
      `ad><script nonce="${NONCE}">`,
      'x</script></head>',
      '<body>',
      header,
      '<main>',
      '',
      hero,
      '</main><p>“own” text – ',
      'ünïcødé</p>',
      `<script nonce="${NONCE}">y</script>`,
      block,
      '</body>',
    ]
    const inPieces = documentParts(pieces, [block, header, hero], NONCE, '<!DOCTYPE html>')
    expect(inPieces.bytes).toEqual(Buffer.from(`<!DOCTYPE html>${pieces.join('')}`))
    expect(inPieces.parts.map(textOf)).toEqual([
      `<!DOCTYPE html><!--$--><head><script nonce="${NONCE}">x</script></head><body>`,
      `${header}<main>${hero}`,
      `</main><p>“own” text – ünïcødé</p><script nonce="${NONCE}">y</script>`,
      block,
      '</body>',
    ])
    expect(inPieces.parts.map((part) => (isShared(part) ? 'run' : 'own'))).toEqual(['own', 'run', 'own', 'run', 'own'])
    // The document whole gives the same parts, and the same runs: kept once for both.
    const whole = documentParts(pieces.join(''), [block, header, hero], NONCE, '<!DOCTYPE html>')
    expect(whole.bytes).toEqual(inPieces.bytes)
    expect(whole.parts.map(textOf)).toEqual(inPieces.parts.map(textOf))
    inPieces.parts.filter(isShared).forEach((run, index) => expect(whole.parts.filter(isShared)[index]).toBe(run))
  })

  it('writes the bytes of text in pieces as of the text whole, a character split between two pieces too', () => {
    const pieces = ['<p>', 'It’s “quoted” – ', 'ünïcødé', '', '</p>', '😀', kept('a')]
    expect(bytesOfPieces(pieces)).toEqual(Buffer.from(pieces.join('')))
    expect(bytesOfPieces([])).toEqual(Buffer.alloc(0))
    // The two halves of 😀 (a surrogate pair) in two pieces, with an empty one between.
    const split = ['<p>a\uD83D', '', '\uDE00b</p>', '\uD83D']
    expect(bytesOfPieces(split)).toEqual(Buffer.from(split.join('')))
    expect(bytesOfPieces(split).toString('utf8')).toBe('<p>a😀b</p>\uFFFD')
  })

  it('notes the texts of one render only', () => {
    noteSharedText('outside any render')
    const { result, texts } = notingSharedTexts(() => {
      noteSharedText('first')
      noteSharedText('second')
      return 'markup'
    })
    expect(result).toBe('markup')
    expect(texts).toEqual(['first', 'second'])
  })
})

describe('stitchedGzip', () => {
  const header = kept('header', 4_000)
  const footer = kept('footer', 3_000)
  const document = (nonce: string) =>
    `<!DOCTYPE html><html><head><meta property="csp-nonce" content="${nonce}"></head><body>${header}<main>own text of the page</main>${footer}<script nonce="${nonce}">self.state={}</script></body></html>`

  it('inflates to the exact document, in one gzip member with its checksum and length', () => {
    const { parts, bytes } = documentParts(document(NONCE), [header, footer], NONCE)
    const answer = stitchedGzip(parts, 4)
    expect(gunzipSync(answer)).toEqual(bytes)
    expect([...answer.subarray(0, 4)]).toEqual([0x1f, 0x8b, 8, 0])
    expect(answer.readUInt32LE(answer.byteLength - 4)).toBe(bytes.byteLength)
  })

  it('deflates a run once, for every answer that carries it', () => {
    const one = documentParts(document('b25l'), [header, footer], 'b25l')
    const two = documentParts(document('dHdv'), [header, footer], 'dHdv')
    const first = stitchedGzip(one.parts, 4)
    const run = one.parts.find(isShared)!
    const made = run.deflated
    expect(made).toBeDefined()
    expect(two.parts.find(isShared)).toBe(run)
    const second = stitchedGzip(two.parts, 4)
    expect(run.deflated).toBe(made)
    expect(gunzipSync(second)).toEqual(two.bytes)
    // Both answers carry the run's blocks as they were made.
    expect(first.includes(run.deflated!)).toBe(true)
    expect(second.includes(run.deflated!)).toBe(true)
  })

  it('ends a document whose last part is a run, and one that has no run', () => {
    const last = documentParts(`<p>own</p>${footer}`, [footer], NONCE)
    expect(isShared(last.parts.at(-2)!)).toBe(true)
    expect(gunzipSync(stitchedGzip(last.parts, 4))).toEqual(last.bytes)
    // Text with some repetition, as markup has: zlib's levels give different streams for it.
    const plain = Buffer.from(
      Array.from({ length: 3_000 }, (_, index) => `<li class="n-${(index * 7_919) % 997}">“${index % 13}”</li>`).join(''),
    )
    // The request's own text is deflated at the level asked for: alone, it is exactly zlib's gzip at that level.
    expect(stitchedGzip([plain], 4)).toEqual(gzipSync(plain, { level: 4 }))
    expect(stitchedGzip([plain], 4)).not.toEqual(gzipSync(plain, { level: 6 }))
  })
})
