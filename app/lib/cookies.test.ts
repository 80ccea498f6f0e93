import { describe, expect, it } from 'vitest'
import { siteConfig } from '../../app.config'
import { readCookie, serializeCookie } from './cookies'

describe('cookies (SPEC §9)', () => {
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
