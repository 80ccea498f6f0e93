import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { safeLocation, withSingleSlashes } from './safe-location'

const origin = 'https://www.kestrel.example'

describe('safeLocation (redirects stay on this origin)', () => {
  it('keeps an ordinary path, its query and fragment', () => {
    expect(safeLocation('/about?x=1#top', origin)).toBe('/about?x=1#top')
    expect(safeLocation('/', origin)).toBe('/')
    expect(safeLocation('/de/über', origin)).toBe('/de/%C3%BCber')
  })

  it('turns every way of naming a host into a path', () => {
    expect(safeLocation('//evil.example', origin)).toBe('/evil.example')
    expect(safeLocation('/\\evil.example', origin)).toBe('/evil.example')
    expect(safeLocation('\\\\evil.example/x', origin)).toBe('/evil.example/x')
    expect(safeLocation('/\t/evil.example', origin)).toBe('/evil.example')
    expect(safeLocation('/\r\n/evil.example', origin)).toBe('/evil.example')
    expect(safeLocation('evil.example', origin)).toBe('/evil.example')
    expect(safeLocation('/%2F%2Fevil.example', origin)).toBe('/%2F%2Fevil.example')
  })

  it('sends an absolute URL elsewhere, or a script, home', () => {
    expect(safeLocation('https://evil.example/x', origin)).toBe('/')
    expect(safeLocation('https:evil.example', origin)).toBe('/')
    expect(safeLocation('javascript:alert(1)', origin)).toBe('/')
    expect(safeLocation(`${origin}/about?x=1`, origin)).toBe('/about?x=1')
  })

  it('never leaves the origin and never holds a character a header may not (property)', () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      '\\',
      '.',
      '..',
      '%2f',
      '%5c',
      '\t',
      '\n',
      '\r',
      '?',
      '#',
      '@',
      ':',
      'evil.example',
      'é',
      '\u0000',
      ' ',
    )
    const target = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
    )
    fc.assert(
      fc.property(target, (raw) => {
        const location = safeLocation(raw, origin)
        expect(new URL(location, origin).origin).toBe(origin)
        expect(location).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('withSingleSlashes', () => {
  it('names the path with single slashes, or null when it is one', () => {
    expect(withSingleSlashes('//a///b\\c')).toBe('/a/b/c')
    expect(withSingleSlashes('/a/b')).toBeNull()
  })
})
