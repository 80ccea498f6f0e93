/**
 * Inter's two files per weight (scripts/font-subsets.ts, docs/decisions/055-fonts-in-two-parts.md).
 * The browser side (which files a page fetches, that the parts draw what the whole did) is
 * tests/e2e/fonts.spec.ts.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatUnicodeRange, latinCharacters, partsOf, WEIGHTS } from '../../scripts/font-subsets'

const inRanges = (ranges: readonly (readonly [number, number])[], point: number) =>
  ranges.some(([first, last]) => point >= first && point <= last)

function textUnder(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => (entry.isDirectory() ? textUnder(join(dir, entry.name)) : readFileSync(join(dir, entry.name), 'utf8')))
    .join('\n')
}

describe('Inter in two parts', () => {
  it('splits the Latin file into two parts that hold each of its characters once', async () => {
    for (const weight of WEIGHTS) {
      const characters = await latinCharacters(weight)
      const { core, rest } = partsOf(characters)
      for (const point of characters) expect(inRanges(core, point) !== inRanges(rest, point), `U+${point.toString(16)}`).toBe(true)
      const count = (ranges: typeof core) => ranges.reduce((sum, [first, last]) => sum + last - first + 1, 0)
      expect(count(core) + count(rest)).toBe(characters.length)
      expect(core.length, 'English and German letters').toBeGreaterThan(0)
    }
  })

  it('writes ranges as CSS does', () => {
    expect(
      formatUnicodeRange([
        [0x20, 0x7e],
        [0xe4, 0xe4],
        [0x2013, 0x2014],
      ]),
    ).toBe('U+0020-007E,U+00E4,U+2013-2014')
  })

  // Every page would otherwise fetch a second file for one character.
  it('keeps every character of the English and German catalogues and the demo content that Inter draws in the first part', async () => {
    const text = ['messages/en.json', 'messages/de.json'].map((file) => readFileSync(file, 'utf8')).join('\n') + textUnder('content')
    // By code point, as a font's character map counts them.
    const used = new Set<number>()
    for (const character of text) used.add(character.codePointAt(0)!)
    for (const weight of WEIGHTS) {
      const { rest } = partsOf(await latinCharacters(weight))
      const inRest = [...used].filter((point) => inRanges(rest, point)).map((point) => String.fromCodePoint(point))
      expect(inRest, `weight ${weight}`).toEqual([])
    }
  })
})
