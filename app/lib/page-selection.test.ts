import { describe, expect, it } from 'vitest'
import { localeOfHref, selectedTag, selectPage, siteSearchSchema } from './page-selection'
import { isManagedItSupportPath, localizePath, pageNameForPath, popupIdFromHref, stripLocale, toAppHref } from './url'

describe('page selection (SPEC §2)', () => {
  it('maps the empty path to the home slug', () => {
    expect(selectPage('/', {}).pageName).toBe('home')
    expect(selectPage('/de', {}).pageName).toBe('home')
    expect(selectPage('/de/', {}).pageName).toBe('home')
  })

  it('strips a leading locale segment before the lookup', () => {
    expect(selectPage('/de/about', {})).toMatchObject({ locale: 'de', path: '/about', pageName: 'about' })
    expect(selectPage('/about', {})).toMatchObject({ locale: 'en', path: '/about', pageName: 'about' })
    expect(selectPage('/en/about', {})).toMatchObject({ locale: 'en', pageName: 'about' })
  })

  it('keeps nested paths and decodes segments', () => {
    expect(selectPage('/landing/managed-it-support', {}).pageName).toBe('landing/managed-it-support')
    expect(pageNameForPath('/caf%C3%A9')).toBe('café')
    expect(pageNameForPath('/%E0%A4%A')).toBe('%E0%A4%A')
  })

  it('passes s, preview id and dev to the backend query', () => {
    const selection = selectPage('/about', siteSearchSchema.parse({ s: '  backup ', preview: true, p: 12, dev: 'true' }))
    expect(selection).toMatchObject({ search: 'backup', previewId: '12', dev: true })
  })

  it('ignores a preview id without preview=true, and a non-numeric one', () => {
    expect(selectPage('/', siteSearchSchema.parse({ p: '12' })).previewId).toBeUndefined()
    expect(selectPage('/', siteSearchSchema.parse({ preview: 'true', p: '1;drop' })).previewId).toBeUndefined()
  })

  it('bounds the search string and tolerates junk search params', () => {
    const parsed = siteSearchSchema.parse({ s: 'x'.repeat(10_000), dev: { nested: true }, utm_source: 'mail' })
    expect(String(parsed.s)).toHaveLength(10_000)
    expect(selectPage('/', parsed).search).toHaveLength(200)
    expect(parsed.dev).toBeUndefined()
    expect(parsed.utm_source).toBe('mail')
    expect(selectPage('/', parsed).dev).toBe(false)
  })

  it('sets the selected tag only on the tag route with a slug', () => {
    expect(selectedTag('security')).toBe('security')
    expect(selectedTag(undefined)).toBe('all')
    expect(selectedTag('  ')).toBe('all')
  })

  it('reads the locale from a public href', () => {
    expect(localeOfHref('/de/blog?s=x')).toBe('de')
    expect(localeOfHref('/blog')).toBe('en')
    expect(localeOfHref('/deutsch')).toBe('en')
  })
})

describe('url helpers', () => {
  it('strips and adds locale prefixes', () => {
    expect(stripLocale('/de')).toEqual({ locale: 'de', path: '/' })
    expect(localizePath('/about', 'de')).toBe('/de/about')
    expect(localizePath('/', 'de')).toBe('/de')
    expect(localizePath('/de/about', 'en')).toBe('/about')
  })

  it('recognizes the managed IT support landing path', () => {
    expect(isManagedItSupportPath('/landing/managed-it-support')).toBe(true)
    expect(isManagedItSupportPath('/managed-it-support-leeds')).toBe(true)
    expect(isManagedItSupportPath('/about')).toBe(false)
  })

  it('rewrites own URLs into app routes and keeps external ones', () => {
    const own = ['https://www.kestrel-it.example']
    expect(toAppHref('https://www.kestrel-it.example/de/about/?x=1#top', own)).toEqual({ href: '/about?x=1#top', internal: true })
    expect(toAppHref('/de/blog/', own)).toEqual({ href: '/blog', internal: true })
    expect(toAppHref('https://example.org/a', own)).toEqual({ href: 'https://example.org/a', internal: false })
    expect(toAppHref('mailto:hello@example.org', own)?.internal).toBe(false)
  })

  it('drops unsafe URLs', () => {
    for (const bad of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,<script>', '//evil.example/x', '', 'http://']) {
      expect(toAppHref(bad, [])).toBeNull()
    }
  })

  it('finds popup ids in #popup- hashes only', () => {
    expect(popupIdFromHref('#popup-newsletter')).toBe('newsletter')
    expect(popupIdFromHref('/about#popup-42')).toBe('42')
    expect(popupIdFromHref('#popups')).toBeNull()
    expect(popupIdFromHref('#popup-<script>')).toBeNull()
  })
})
