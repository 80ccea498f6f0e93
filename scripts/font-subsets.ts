/**
 * Inter as the site serves it (docs/decisions/055-fonts-in-two-parts.md): each weight in two
 * files cut from @fontsource/inter's Latin file. The first holds the characters of English
 * and German text and is preloaded on every page; the second holds the rest of that file and
 * is fetched only by a page that shows one of those other characters (its `unicode-range`).
 * Together they draw exactly the characters the Latin file drew, so no text changes its font.
 *
 * Written into app/fonts/ (not in git) with the stylesheet that declares them, before Vite
 * resolves the CSS (scripts/vite-font-subsets-plugin.ts), and again only when an input or
 * this cut changes.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

export const FONT_DIR = 'app/fonts'
export const WEIGHTS = [400, 700, 900] as const

/** Code points as ranges, inclusive; what `unicode-range` lists. */
type Range = readonly [number, number]

/**
 * What English and German pages draw, of what the Latin file has: printable ASCII, the German
 * letters, é, the pound, euro, section, copyright, trademark and degree signs, the
 * multiplication and minus signs, and the punctuation both languages set (dashes, both
 * styles of quotes, guillemets, ellipsis, bullet, middle dot, the non-breaking and thin
 * spaces). tests/unit/font-subsets.test.ts checks that the demo content and both catalogues
 * use nothing else that Inter draws.
 */
export const CORE_CHARACTERS: readonly Range[] = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xa3, 0xa3],
  [0xa7, 0xa7],
  [0xa9, 0xa9],
  [0xab, 0xab],
  [0xae, 0xae],
  [0xb0, 0xb0],
  [0xb7, 0xb7],
  [0xbb, 0xbb],
  [0xc4, 0xc4],
  [0xc9, 0xc9],
  [0xd6, 0xd7],
  [0xdc, 0xdc],
  [0xdf, 0xdf],
  [0xe4, 0xe4],
  [0xe9, 0xe9],
  [0xf6, 0xf6],
  [0xfc, 0xfc],
  [0x2009, 0x2009],
  [0x2013, 0x2014],
  [0x2018, 0x201a],
  [0x201c, 0x201e],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
]

const require = createRequire(import.meta.url)
const fontsourceDir = () => join(require.resolve('@fontsource/inter/package.json'), '..')
export const latinFile = (weight: number) => join(fontsourceDir(), 'files', `inter-latin-${weight}-normal.woff2`)

export function formatUnicodeRange(ranges: readonly Range[]): string {
  const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, '0')
  return ranges.map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)).join(',')
}

const textOf = (ranges: readonly Range[]) =>
  ranges.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i))).join('')

/** A sorted list of code points as ranges. */
function rangesOf(points: readonly number[]): Range[] {
  const out: [number, number][] = []
  for (const point of points) {
    const last = out.at(-1)
    if (last && last[1] === point - 1) last[1] = point
    else out.push([point, point])
  }
  return out
}

/**
 * Each file's characters, which are also its `unicode-range`: a page fetches the second file
 * only for a character it draws. A character Inter does not have at all (an arrow, Cyrillic)
 * falls back to the next font without fetching either, as it did beside the one file.
 */
export function partsOf(latinCharacters: readonly number[]): { core: Range[]; rest: Range[] } {
  const inCore = (point: number) => CORE_CHARACTERS.some(([first, last]) => point >= first && point <= last)
  const sorted = latinCharacters.toSorted((a, b) => a - b)
  return { core: rangesOf(sorted.filter(inCore)), rest: rangesOf(sorted.filter((point) => !inCore(point))) }
}

/** The characters @fontsource/inter's Latin file of this weight draws (its cmap). */
export async function latinCharacters(weight: number): Promise<number[]> {
  const { create } = await import('fontkit')
  const font = create(readFileSync(latinFile(weight)))
  if (!('characterSet' in font)) throw new Error(`font subsets: ${latinFile(weight)} is a collection, not one font`)
  return font.characterSet
}

export const coreFile = (weight: number) => `inter-${weight}-core.woff2`
export const restFile = (weight: number) => `inter-${weight}-latin-rest.woff2`

function stylesheet(faces: { file: string; weight: number; ranges: readonly Range[] }[]): string {
  return [
    '/* Written by scripts/font-subsets.ts (docs/decisions/055-fonts-in-two-parts.md); not in git. */',
    ...faces.map(({ file, weight, ranges }) =>
      [
        '@font-face {',
        "  font-family: 'Inter';",
        '  font-style: normal;',
        `  font-weight: ${weight};`,
        // app/styles.css says why `optional`.
        '  font-display: optional;',
        `  src: url('./${file}') format('woff2');`,
        `  unicode-range: ${formatUnicodeRange(ranges)};`,
        '}',
      ].join('\n'),
    ),
    '',
  ].join('\n')
}

/** What the files are made from: the source files, this file (the cut) and the subsetter's version. */
function inputsHash(): string {
  const hash = createHash('sha256')
  hash.update(readFileSync(require.resolve('subset-font/package.json')))
  hash.update(readFileSync(new URL(import.meta.url)))
  for (const weight of WEIGHTS) hash.update(readFileSync(latinFile(weight)))
  return hash.digest('hex')
}

/** Writes app/fonts/ when it is missing or made from other inputs; answers whether it wrote. */
export async function writeFontSubsets(root: string): Promise<boolean> {
  const dir = join(root, FONT_DIR)
  const stamp = join(dir, '.inputs')
  const wanted = inputsHash()
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return false
  const { default: subsetFont } = await import('subset-font')
  mkdirSync(dir, { recursive: true })
  // The licence's description and address travel with each file, as the copyright does (SIL OFL 1.1, condition 2).
  const options = { targetFormat: 'woff2' as const, preserveNameIds: [13, 14] }
  const faces = []
  for (const weight of WEIGHTS) {
    const source = readFileSync(latinFile(weight))
    const { core, rest } = partsOf(await latinCharacters(weight))
    writeFileSync(join(dir, coreFile(weight)), await subsetFont(source, textOf(core), options))
    writeFileSync(join(dir, restFile(weight)), await subsetFont(source, textOf(rest), options))
    faces.push({ file: coreFile(weight), weight, ranges: core }, { file: restFile(weight), weight, ranges: rest })
  }
  writeFileSync(join(dir, 'inter.css'), stylesheet(faces))
  // Last: an interrupted run leaves no stamp, so the next one writes everything again.
  writeFileSync(stamp, wanted)
  return true
}
