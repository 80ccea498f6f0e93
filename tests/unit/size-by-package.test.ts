/**
 * `npm run size`'s first load by package (scripts/size-by-package.ts): a chunk's bytes given
 * to the sources its source map names, the sources to their npm packages, a chunk without a map
 * counted as the bundler's glue, and no split at all for a build without maps.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { codeByPackage, decodeMappings, loadByPackage, packageOf, SITE_CODE, UNMAPPED } from '../../scripts/size-by-package'

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
/** Source Map v3's Base64 VLQ, written out here so the decoder is checked against the format, not against itself. */
function vlq(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1
  let out = ''
  do {
    let digit = rest & 31
    rest >>>= 5
    if (rest > 0) digit |= 32
    out += BASE64[digit]
  } while (rest > 0)
  return out
}
/** Mappings from absolute [column, source] segments per line (source -1: a segment with no source). */
function mappingsOf(lines: Array<Array<[number, number]>>): string {
  let source = 0
  return lines
    .map((segments) => {
      let column = 0
      return segments
        .map(([at, from]) => {
          const text = vlq(at - column) + (from < 0 ? '' : vlq(from - source) + vlq(0) + vlq(0))
          column = at
          if (from >= 0) source = from
          return text
        })
        .join(',')
    })
    .join(';')
}

describe('the first load by package', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('decodes each line’s segments, the source index carried across lines and a column past 15', () => {
    const lines: Array<Array<[number, number]>> = [
      [
        [0, 0],
        [2, 0],
        [40, 2],
      ],
      [
        [0, 1],
        [1, -1],
        [700, 0],
      ],
      [],
    ]
    expect(decodeMappings(mappingsOf(lines))).toEqual(lines)
    expect(decodeMappings('AAAA,EAAA;ACAA,C')).toEqual([
      [
        [0, 0],
        [2, 0],
      ],
      [
        [0, 1],
        [1, -1],
      ],
    ])
  })

  it('names a source’s package, a scoped one, a nested one, Vite’s helper and the site’s code', () => {
    expect(packageOf('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom')
    expect(packageOf('../../node_modules/@tanstack/router-core/dist/esm/router.js')).toBe('@tanstack/router-core')
    expect(packageOf('../../node_modules/a/node_modules/use-sync-external-store/shim.js')).toBe('use-sync-external-store')
    expect(packageOf('\0vite/preload-helper.js')).toBe('vite (its own modules)')
    expect(packageOf('../../app/ui/island.tsx')).toBe(SITE_CODE)
  })

  it('gives each byte of a chunk to its segment’s package, what comes before a line’s first segment to the glue, and adds no byte', () => {
    const map = {
      sources: ['../../node_modules/react/index.js', '../../app/ui/a.tsx'],
      mappings: mappingsOf([
        [
          [0, 0],
          [3, 1],
          [6, -1],
          [7, 0],
        ],
        [[1, 0]],
      ]),
    }
    expect(Object.fromEntries(codeByPackage('abcdefgh\nxy', map))).toEqual({
      react: 'abch\ny',
      [SITE_CODE]: 'def',
      [UNMAPPED]: 'g\nx',
    })
  })

  it('adds a load’s chunks up by package, largest first; a chunk without a map is glue, a load without any is not split', () => {
    const dir = mkdtempSync(join(tmpdir(), 'size-by-package-'))
    dirs.push(dir)
    const sources = ['../../node_modules/react-dom/x.js', '../../app/a.ts']
    const big = 'function reactDomPart(){return 1};'.repeat(40) + 'site()'
    writeFileSync(join(dir, 'a.js'), big)
    writeFileSync(
      join(dir, 'a.js.map'),
      JSON.stringify({
        version: 3,
        sources,
        mappings: mappingsOf([
          [
            [0, 0],
            [big.length - 6, 1],
          ],
        ]),
      }),
    )
    writeFileSync(join(dir, 'b.js'), 'more()')
    writeFileSync(join(dir, 'b.js.map'), JSON.stringify({ version: 3, sources, mappings: mappingsOf([[[0, 1]]]) }))

    const shares = loadByPackage([join(dir, 'a.js'), join(dir, 'b.js')])
    expect(shares?.map((share) => [share.name, share.minified])).toEqual([
      ['react-dom', big.length - 6],
      [SITE_CODE, 'site()\nmore()'.length],
    ])
    expect(shares?.every((share) => share.brotli > 0 && share.brotli < share.minified + 10)).toBe(true)

    // A chunk with no map (the bundler's runtime) is its glue; a load with no map at all is not split.
    writeFileSync(join(dir, 'runtime.js'), 'var r=1')
    expect(
      loadByPackage([join(dir, 'b.js'), join(dir, 'runtime.js')])
        ?.map((share) => share.name)
        .sort(),
    ).toEqual([SITE_CODE, UNMAPPED].sort())
    expect(loadByPackage([join(dir, 'runtime.js')])).toBeNull()
  })
})
