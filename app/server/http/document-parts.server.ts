/**
 * A page's document as the parts it is made of (docs/decisions/052-gzip-from-shared-parts.md):
 * the text its own render wrote, and runs of text it shares with other renders, a kept part's
 * markup (decisions 037, 042, 043) and the page's data block (050), with the page's markup
 * between them. A run is encoded to UTF-8 once, and deflated once for every gzip answer that
 * carries it: an answer compressed for its one request deflates only its own text
 * (compression.server.ts `stitchedGzip`).
 */

/**
 * A shared text shorter than this goes with the text around it: a part of its own ends the
 * deflate stream before it and starts another after it, which costs more than it saves.
 */
const MIN_SHARED_CHARS = 1024

/** Shared texts by their id (a run's key names its texts by id): as many as the kept parts (island-markup.server.ts) and a few data blocks. */
const MAX_SHARED_TEXTS = 2048

/**
 * Runs kept: one or a few per page answered lately (its data block, frame and sections). A run
 * holds its bytes and their deflate blocks, about 66 KB for home: at most about 8 MB.
 */
const MAX_RUNS = 128

/** A run of shared text: its UTF-8 bytes, and its deflate blocks once a gzip answer carried it. */
export interface SharedPart {
  readonly bytes: Buffer
  deflated?: Buffer
}

/** The document in order: its own bytes, and runs of shared text between them. */
export type DocumentPart = Buffer | SharedPart

export interface DocumentParts {
  readonly parts: readonly DocumentPart[]
  /** The whole document. */
  readonly bytes: Buffer<ArrayBuffer>
}

export const bytesOf = (part: DocumentPart): Buffer => (Buffer.isBuffer(part) ? part : part.bytes)

/** Least recently used goes first in both: a Map keeps insertion order. */
const textIds = new Map<string, number>()
const runs = new Map<string, SharedPart>()
let nextTextId = 0

function touched<K, V>(map: Map<K, V>, key: K, most: number, make: () => V): V {
  const found = map.get(key)
  if (found !== undefined) {
    map.delete(key)
    map.set(key, found)
    return found
  }
  const value = make()
  if (map.size >= most) map.delete(map.keys().next().value!)
  map.set(key, value)
  return value
}

/** A kept part is the same string object from render to render, so its hash is computed once. */
const textId = (text: string) => touched(textIds, text, MAX_SHARED_TEXTS, () => nextTextId++)

/** The texts noted during the synchronous render in progress; null outside one. */
let noted: string[] | null = null

/** During a render: this text is in the document, and other renders write the same. */
export function noteSharedText(text: string): void {
  noted?.push(text)
}

/**
 * Runs a synchronous render (React's string renderer), and gives the shared texts noted while
 * it ran. One render runs at a time on the event loop, so the list is the render's own; a
 * part rendered for the first time inside it (a nested render) notes into the same list.
 */
export function notingSharedTexts<T>(render: () => T): { result: T; texts: string[] } {
  const outer = noted
  const texts: string[] = []
  noted = texts
  try {
    return { result: render(), texts }
  } finally {
    noted = outer
  }
}

/**
 * The document cut into its own text and runs of shared text. Each shared text is found
 * where it is, in whatever order it was noted; one inside another taken already (a part kept
 * within another, on the other's first render) stays inside it. Shared texts with only the
 * page's markup between them (a section's wrapper) make one run, so that one section's
 * deflate blocks can refer to the one before; text that carries the request's nonce ends a
 * run. A run is known by its texts and the markup between them: the same run is the same
 * bytes, whichever render wrote it. `before` is text that comes before `document` (its doctype).
 *
 * `document` is one string or the pieces the renderer wrote it in (docs/decisions/063): a
 * shared text is found within a piece, as React writes markup set as HTML in one piece.
 */
export function documentParts(written: string | readonly string[], texts: readonly string[], nonce: string, before = ''): DocumentParts {
  const document = new PiecedText(typeof written === 'string' ? [written] : written)
  const found: Array<{ at: number; text: string }> = []
  // Texts are noted in the order the renderer writes them, mostly: each is looked for after
  // the one before, which reads only the markup between them, and from the start if not there.
  let from = 0
  for (const text of texts) {
    if (text.length < MIN_SHARED_CHARS) continue
    let at = document.indexOf(text, from)
    if (at < 0) at = document.indexOf(text)
    if (at < 0) continue
    found.push({ at, text })
    from = at + text.length
  }
  found.sort((a, b) => a.at - b.at)
  const parts: DocumentPart[] = []
  // `before` goes with the document's first text of its own.
  const own = (first: number, last: number) =>
    bytesOfPieces(first === 0 ? [before, ...document.pieces(0, last)] : document.pieces(first, last))
  let cursor = 0
  for (let index = 0; index < found.length;) {
    const start = found[index]!.at
    if (start < cursor) {
      index++
      continue
    }
    let end = start + found[index]!.text.length
    let key = String(textId(found[index]!.text))
    for (index++; index < found.length; index++) {
      const next = found[index]!
      if (next.at < end) continue
      const between = document.slice(end, next.at)
      if (between.includes(nonce)) break
      // Lengths keep the key unambiguous whatever the markup holds.
      key += `|${between.length}:${between}|${textId(next.text)}`
      end = next.at + next.text.length
    }
    if (start > cursor || (cursor === 0 && before)) parts.push(own(cursor, start))
    const runEnd = end
    parts.push(touched(runs, key, MAX_RUNS, () => ({ bytes: bytesOfPieces(document.pieces(start, runEnd)) })))
    cursor = end
  }
  // The last part is the document's own, empty or not: a gzip stream ends with it.
  parts.push(own(cursor, document.length))
  return { parts, bytes: Buffer.concat(parts.map(bytesOf)) }
}

/**
 * A text as pieces, read without ever joining them whole: a page's markup joined is a two-byte
 * string of over 128 KB (any typographic quote makes it two-byte), which V8 puts in a
 * large-object page of fresh memory each time (docs/decisions/063-page-markup-in-pieces.md).
 */
class PiecedText {
  readonly length: number
  private readonly starts: number[] = []

  constructor(private readonly written: readonly string[]) {
    let length = 0
    for (const piece of written) {
      this.starts.push(length)
      length += piece.length
    }
    this.length = length
  }

  /** As String's indexOf, for a text that lies within one piece. */
  indexOf(text: string, from = 0): number {
    for (let index = this.pieceAt(from); index < this.written.length; index++) {
      const piece = this.written[index]!
      if (piece.length < text.length) continue
      const start = this.starts[index]!
      const at = piece.indexOf(text, Math.max(0, from - start))
      if (at >= 0) return start + at
    }
    return -1
  }

  /** As String's slice, for 0 ≤ from ≤ to ≤ length. */
  slice(from: number, to: number): string {
    return this.pieces(from, to).join('')
  }

  /** The text from `from` to `to`, in the pieces it lies in. */
  pieces(from: number, to: number): string[] {
    const pieces: string[] = []
    for (let index = this.pieceAt(from); index < this.written.length && this.starts[index]! < to; index++) {
      const start = this.starts[index]!
      pieces.push(this.written[index]!.slice(Math.max(0, from - start), to - start))
    }
    return pieces
  }

  /** The last piece that starts at or before `offset`. */
  private pieceAt(offset: number): number {
    let low = 0
    let high = this.written.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (this.starts[middle]! <= offset) low = middle
      else high = middle - 1
    }
    return low
  }
}

/** The UTF-8 bytes of a text written in pieces, without joining the pieces into one string (PiecedText says why). */
export function bytesOfPieces(pieces: readonly string[]): Buffer<ArrayBuffer> {
  const whole = withPairsWhole(pieces)
  let length = 0
  for (const piece of whole) length += Buffer.byteLength(piece)
  const bytes = Buffer.allocUnsafeSlow(length)
  let at = 0
  for (const piece of whole) at += bytes.write(piece, at)
  return bytes
}

const endsInHalfAPair = (text: string) => {
  const last = text.charCodeAt(text.length - 1)
  return last >= 0xd800 && last <= 0xdbff
}

/**
 * The pieces, with a character that two of them split (the halves of a surrogate pair) joined
 * again: encoded apart, each half would be U+FFFD. React writes each text in one piece, so
 * this is for any other writer.
 */
function withPairsWhole(pieces: readonly string[]): readonly string[] {
  let whole: string[] | null = null
  for (let index = 0; index < pieces.length; index++) {
    const piece = pieces[index]!
    if (index + 1 === pieces.length || !endsInHalfAPair(piece)) {
      whole?.push(piece)
      continue
    }
    whole ??= pieces.slice(0, index)
    let joined = piece
    while (index + 1 < pieces.length && endsInHalfAPair(joined)) joined += pieces[++index]!
    whole.push(joined)
  }
  return whole ?? pieces
}

/** The parts of a document answered for one request, by its response (set by the renderer, read by `compressed`). */
const partsOfResponse = new WeakMap<Response, DocumentParts>()

export function withDocumentParts(response: Response, parts: DocumentParts): Response {
  partsOfResponse.set(response, parts)
  return response
}

export function documentPartsOf(response: Response): DocumentParts | undefined {
  return partsOfResponse.get(response)
}
