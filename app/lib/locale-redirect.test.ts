import { describe, expect, it } from 'vitest'
import { cookieLocaleRedirect } from './locale-redirect'

describe('remembered language (decision 004)', () => {
  const base = { pathname: '/', search: '', cookieHeader: 'lang=de', isDocument: true }

  it('sends a document request without prefix to the cookie locale', () => {
    expect(cookieLocaleRedirect(base)).toBe('/de')
    expect(cookieLocaleRedirect({ ...base, pathname: '/about', search: '?x=1' })).toBe('/de/about?x=1')
  })

  it('leaves alone: non-documents, no cookie (crawlers), the default locale, prefixed paths, junk', () => {
    expect(cookieLocaleRedirect({ ...base, isDocument: false })).toBeNull()
    expect(cookieLocaleRedirect({ ...base, cookieHeader: '' })).toBeNull()
    expect(cookieLocaleRedirect({ ...base, cookieHeader: 'lang=en' })).toBeNull()
    expect(cookieLocaleRedirect({ ...base, pathname: '/de/about' })).toBeNull()
    expect(cookieLocaleRedirect({ ...base, cookieHeader: 'lang=xx' })).toBeNull()
    expect(cookieLocaleRedirect({ ...base, cookieHeader: 'lang=fr' })).toBeNull()
  })
})
