/**
 * Dark-theme values for a palette without them (decision 028): every value has 4.5:1 where
 * it is used, and a colour that already has it is kept.
 */
import { describe, expect, it } from 'vitest'
import { contrast, darkFallback, parseColor } from './palette-contrast'

const surface = parseColor('#0f172a')!
const ink = parseColor('#f1f5f9')!

describe('darkFallback', () => {
  // twentytwentyfive's palette, and a few editors' picks.
  const colours = [
    '#FFFFFF',
    '#111111',
    '#FFEE58',
    '#F6CFF4',
    '#503AA8',
    '#686868',
    '#FBFAF3',
    '#1645de',
    'rgb(0, 0, 0)',
    'hsl(210, 40%, 96%)',
  ]

  it('gives text 4.5:1 on the dark surface, and backgrounds 4.5:1 under the dark ink', () => {
    for (const colour of colours) {
      const fallback = darkFallback(colour)!
      expect(contrast(parseColor(fallback.text)!, surface), `${colour} as text`).toBeGreaterThanOrEqual(4.5)
      expect(contrast(ink, parseColor(fallback.background)!), `${colour} as background`).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('keeps a colour that already reads', () => {
    expect(darkFallback('#8ec2ff')!.text).toBe('#8ec2ff')
    expect(darkFallback('#1e293b')!.background).toBe('#1e293b')
  })

  it('reads hex (3, 4, 6, 8 digits), rgb() and hsl(), and nothing else', () => {
    expect(parseColor('#abc')).toEqual([0xaa, 0xbb, 0xcc])
    expect(parseColor('#abcd')).toEqual([0xaa, 0xbb, 0xcc])
    expect(parseColor('#1645de80')).toEqual([0x16, 0x45, 0xde])
    expect(parseColor('rgb(10 20 30 / 50%)')).toEqual([10, 20, 30])
    expect(parseColor('hsl(0, 100%, 50%)')).toEqual([255, 0, 0])
    expect(parseColor('var(--x)')).toBeNull()
    expect(darkFallback('currentColor')).toBeNull()
  })
})
