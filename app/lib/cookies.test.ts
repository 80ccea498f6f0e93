import { describe, expect, it } from 'vitest'
import { siteConfig } from '../config/site'
import { cookieDomainsFor, deleteCookieEverywhereStrings, readCookie, serializeCookie } from './cookies'

describe('cookies (requirements §9)', () => {
  it('writes the lang cookie for 7 days at path /', () => {
    const { name, maxAgeSeconds, path } = siteConfig.i18n.langCookie
    expect(serializeCookie(name, 'de', { maxAgeSeconds, path })).toBe('lang=de; Path=/; Max-Age=604800; SameSite=Lax')
  })

  it('reads a cookie among others and survives junk', () => {
    expect(readCookie('a=1; lang=de; dev_mode=1', 'lang')).toBe('de')
    expect(readCookie('a=1', 'lang')).toBeNull()
    expect(readCookie('lang=%E0%A4%A', 'lang')).toBeNull()
    expect(readCookie('xlang=en; lang=de', 'lang')).toBe('de')
  })
})

describe('cookieDomainsFor', () => {
  it('lists no Domain, the host and every parent domain, so a cookie set on any of them can be deleted', () => {
    expect(cookieDomainsFor('www.example.co.uk')).toEqual(['', 'www.example.co.uk', '.www.example.co.uk', '.example.co.uk', '.co.uk'])
    expect(cookieDomainsFor('example.com')).toEqual(['', 'example.com', '.example.com'])
    expect(cookieDomainsFor('a.b.example.com.')).toEqual(['', 'a.b.example.com', '.a.b.example.com', '.b.example.com', '.example.com'])
    expect(cookieDomainsFor('localhost')).toEqual(['', 'localhost', '.localhost'])
  })

  it('gives an IP address no parent domains', () => {
    expect(cookieDomainsFor('127.0.0.1')).toEqual(['', '127.0.0.1'])
    expect(cookieDomainsFor('::1')).toEqual(['', '::1'])
  })
})

describe('deleteCookieEverywhereStrings', () => {
  it('deletes _ga on the registrable domain of a host under a two-label public suffix', () => {
    const strings = deleteCookieEverywhereStrings('_ga', 'www.example.co.uk')
    expect(strings).toContain('_ga=; Path=/; Max-Age=0; Domain=.example.co.uk')
    expect(strings).toContain('_ga=; Path=/; Max-Age=0; Domain=www.example.co.uk')
    expect(strings).toContain('_ga=; Path=/; Max-Age=0')
  })
})
