/**
 * What a first load's JavaScript is made of, by package, for `npm run size`: each byte of a
 * minified chunk is given to the source its source map names, the source to its npm package
 * (or to the site's own code), and each package's bytes from every chunk of the load are
 * compressed together, alone, at the build's brotli quality. That is how decision 054
 * measured React's share. Parts compressed alone add up to more than the load: brotli finds
 * less to repeat in a part than in the whole.
 *
 * The production build writes no source maps; `BUILD_SOURCEMAP=1 npm run build` writes them
 * beside the chunks without referencing them (vite.config.ts), and the chunks' bytes are the
 * same, so the sizes `npm run size` judges do not change.
 */
import { existsSync, readFileSync } from 'node:fs'
import { brotliCompressSync, constants } from 'node:zlib'

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const BASE64_VALUE = new Map(BASE64.split('').map((char, index) => [char, index]))

/** Code the source map gives no source for: the bundler's own glue between modules. */
export const UNMAPPED = '(no source: the bundler’s glue)'
/** Every module of the repository's own folders. */
export const SITE_CODE = 'the site’s own code'

/**
 * Each generated line's segments as [generated column, source index]: a segment with no
 * source (one field) is -1. The fields are Base64 VLQ, each relative to the previous one
 * (the generated column restarts on every line), per the Source Map v3 format.
 */
export function decodeMappings(mappings: string): Array<Array<[column: number, source: number]>> {
  const lines: Array<Array<[number, number]>> = []
  let source = 0
  for (const line of mappings.split(';')) {
    const segments: Array<[number, number]> = []
    let column = 0
    for (const segment of line.split(',')) {
      if (segment === '') continue
      const fields = decodeVlq(segment)
      column += fields[0] ?? 0
      if (fields.length > 1) {
        source += fields[1] ?? 0
        segments.push([column, source])
      } else segments.push([column, -1])
    }
    lines.push(segments)
  }
  return lines
}

function decodeVlq(segment: string): number[] {
  const values: number[] = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = BASE64_VALUE.get(char)
    if (digit === undefined) throw new Error(`not a Base64 VLQ digit: ${char}`)
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return values
}

/**
 * The npm package a source path is in (its last `node_modules/`, so a package nested in
 * another's is named itself), Vite for one of its virtual modules, else the site's own code.
 */
export function packageOf(source: string): string {
  const inModules = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)
  if (inModules?.[1]) return inModules[1]
  // Vite's virtual modules, should a map name one (this build's maps name none: its helpers count as glue).
  if (source.startsWith('\0') || /^(?:\.\.\/)*vite\//.test(source)) return 'vite (its own modules)'
  return SITE_CODE
}

/**
 * A chunk's code split by package, from its source map: each package's pieces in order, a
 * line break between two pieces from different lines, nothing between two from one line (so
 * the parts add up to the chunk).
 */
export function codeByPackage(code: string, map: { sources: string[]; mappings: string }): Map<string, string> {
  const parts = new Map<string, { text: string; line: number }>()
  const add = (name: string, text: string, line: number) => {
    if (text === '') return
    const part = parts.get(name)
    if (!part) parts.set(name, { text, line })
    else {
      part.text += (part.line === line ? '' : '\n') + text
      part.line = line
    }
  }
  const mapped = decodeMappings(map.mappings)
  code.split('\n').forEach((text, line) => {
    const segments = mapped[line] ?? []
    add(UNMAPPED, text.slice(0, segments[0]?.[0] ?? text.length), line)
    segments.forEach(([column, source], position) => {
      const name = source < 0 ? UNMAPPED : packageOf(map.sources[source] ?? '')
      add(name, text.slice(column, segments[position + 1]?.[0] ?? text.length), line)
    })
  })
  return new Map([...parts].map(([name, part]) => [name, part.text]))
}

/** Brotli at quality 11, as the build compresses its files. */
export function brotliBytes(bytes: Buffer): number {
  return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength
}

export interface PackageShare {
  name: string
  /** Minified bytes from every chunk of the load. */
  minified: number
  /** Those bytes compressed together, alone. */
  brotli: number
}

/**
 * A first load's JavaScript (its chunks' files) by package, largest first; null when no chunk
 * has a source map beside it (a build without BUILD_SOURCEMAP=1). A chunk the bundler wrote
 * by itself (Rolldown's runtime) has none, and counts as its glue.
 */
export function loadByPackage(files: string[]): PackageShare[] | null {
  if (!files.some((file) => existsSync(`${file}.map`))) return null
  const code = new Map<string, string[]>()
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    const parts = existsSync(`${file}.map`)
      ? codeByPackage(text, JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string })
      : new Map([[UNMAPPED, text]])
    for (const [name, part] of parts) code.set(name, [...(code.get(name) ?? []), part])
  }
  return [...code]
    .map(([name, texts]) => {
      const bytes = Buffer.from(texts.join('\n'))
      return { name, minified: bytes.byteLength, brotli: brotliBytes(bytes) }
    })
    .sort((a, b) => b.brotli - a.brotli)
}
