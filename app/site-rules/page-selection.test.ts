import { describe, expect, it } from 'vitest'
import { pageNameOf, pageQueryFor, pathnameOf, selectedTag, selectPage, validateSiteSearch } from './page-selection'
import { isManagedItSupportPath, localizePath, pageNameForPath, popupIdFromHref, stripLocale, toAppHref } from '../lib/url'

describe('page selection (requirements §2)', () => {
  it('maps the empty path to the home slug', () => {
    expect(pageNameOf(undefined)).toBe('home')
    expect(pageNameOf('')).toBe('home')
    expect(pageNameOf('/')).toBe('home')
    expect(pageNameForPath('/')).toBe('home')
  })

  it('strips a leading locale segment before the lookup', () => {
    expect(selectPage('/de/about', {})).toMatchObject({ locale: 'de', path: '/about' })
    expect(selectPage('/de', {})).toMatchObject({ locale: 'de', path: '/' })
    expect(selectPage('/about', {})).toMatchObject({ locale: 'en', path: '/about' })
    expect(selectPage('/en/about', {})).toMatchObject({ locale: 'en', path: '/about' })
  })

  it('keeps nested paths and decodes segments', () => {
    expect(pageNameOf('landing/managed-it-support/')).toBe('landing/managed-it-support')
    expect(pageNameForPath('/caf%C3%A9')).toBe('café')
    expect(pageNameForPath('/%E0%A4%A')).toBe('%E0%A4%A')
  })

  it('passes s, preview id and dev to the backend query', () => {
    const selection = selectPage('/about', validateSiteSearch({ s: '  backup ', preview: true, p: 12, dev: 'true' }))
    expect(selection).toMatchObject({ search: 'backup', previewId: '12', dev: true })
  })

  it('ignores a preview id without preview=true, and a non-numeric one', () => {
    expect(selectPage('/', validateSiteSearch({ p: '12' })).previewId).toBeUndefined()
    expect(selectPage('/', validateSiteSearch({ preview: 'true', p: '1;drop' })).previewId).toBeUndefined()
  })

  it('bounds the search string and tolerates junk search params', () => {
    const parsed = validateSiteSearch({ s: 'x'.repeat(10_000), dev: { nested: true }, utm_source: 'mail' })
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
    expect(selectPage(pathnameOf('/de/blog?s=x'), {}).locale).toBe('de')
    expect(selectPage(pathnameOf('/blog'), {}).locale).toBe('en')
    expect(selectPage(pathnameOf('/deutsch'), {}).locale).toBe('en')
  })

  it('asks the backend only for page names that are slug paths of bounded length', () => {
    const selection = selectPage('/de', {})
    expect(pageQueryFor(selection, { pageName: 'services/cyber-security' })).toMatchObject({
      locale: 'de',
      pageName: 'services/cyber-security',
    })
    expect(pageQueryFor(selection, { pageName: 'café' })?.pageName).toBe('café')
    for (const hostile of ['..', 'a/../v1/posts', 'a/./b', '../../wp/v2/users', 'a//b', 'a?b', 'a#b', 'x'.repeat(501), 'a%2Fb', ' a']) {
      expect(pageQueryFor(selection, { pageName: hostile }), hostile).toBeNull()
    }
    expect(pageQueryFor(selection, { pageName: 'blog', category: '../tags' })).toBeNull()
  })

  it('passes search, preview and dev on in the query, and the results page only with a search', () => {
    const query = pageQueryFor(selectPage('/', validateSiteSearch({ s: 'backup', page: '3', preview: 'true', p: '7', dev: 'true' })), {
      pageName: 'home',
    })
    expect(query).toMatchObject({ search: 'backup', searchPage: 3, previewId: '7', dev: true })
    expect(pageQueryFor(selectPage('/', validateSiteSearch({ page: '3' })), { pageName: 'blog' })?.searchPage).toBeUndefined()
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
