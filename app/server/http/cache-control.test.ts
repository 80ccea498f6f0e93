/**
 * How long a shared cache may keep an answer (cache-control.server.ts): the policies by
 * response type, cut to what is left of a cached copy's freshness, so a CDN never keeps a
 * copy longer than the server that gave it would (docs/decisions/034-platform-cdn-lifetimes.md).
 */
import { describe, expect, it } from 'vitest'
import { cacheControlFor, cachePolicy, withSharedLifetime } from './cache-control.server'

describe('withSharedLifetime', () => {
  const page = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400'

  it('cuts s-maxage to the seconds left and lets no shared cache serve it stale beyond them', () => {
    expect(withSharedLifetime(page, 10)).toBe('public, max-age=0, s-maxage=10')
    expect(withSharedLifetime(page, 10.9)).toBe('public, max-age=0, s-maxage=10')
    expect(withSharedLifetime(cachePolicy.notFound, 12)).toBe('public, max-age=0, s-maxage=12')
  })

  it('keeps what fits: the whole s-maxage, and only as much stale-while-revalidate as is left', () => {
    expect(withSharedLifetime(page, 400)).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=100')
    expect(withSharedLifetime(page, 100_000)).toBe(page)
  })

  it('gives a copy with nothing left no shared lifetime at all: the browser asks again, a CDN keeps nothing', () => {
    expect(withSharedLifetime(page, 0)).toBe('public, max-age=0, must-revalidate')
    expect(withSharedLifetime(page, 0.5)).toBe('public, max-age=0, must-revalidate')
    expect(withSharedLifetime(page, -3)).toBe('public, max-age=0, must-revalidate')
    expect(withSharedLifetime(cachePolicy.notFound, 0)).toBe('public, max-age=0, must-revalidate')
  })

  it('leaves policies no shared cache keeps as they are', () => {
    expect(withSharedLifetime(cachePolicy.private, 10)).toBe('private, no-store')
    expect(withSharedLifetime(cachePolicy.none, 0)).toBe('no-store')
  })
})

describe('cacheControlFor', () => {
  it('gives a 304 the policy of the page it confirms (its headers update the stored copy), not no-store', () => {
    expect(cacheControlFor(new URL('https://x.test/about'), 304)).toBe(cachePolicy.page)
    expect(cacheControlFor(new URL('https://x.test/login'), 304)).toBe(cachePolicy.private)
  })
})
