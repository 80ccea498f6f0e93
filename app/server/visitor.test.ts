import { describe, expect, it } from 'vitest'
import { hiddenFieldString, visitorContext, visitorCountry, visitorIp } from './visitor.server'

describe('the hidden-field string', () => {
  const headers = (map: Record<string, string>) => (name: string) => map[name]

  it('has referrer (or No Referrer), IP, country code, platform and user agent', () => {
    const agent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0'
    const visitor = visitorContext(
      headers({ 'x-forwarded-for': '203.0.113.9, 10.0.0.1', 'cf-ipcountry': 'gb', 'user-agent': agent }),
      '127.0.0.1',
      '',
    )
    expect(hiddenFieldString(visitor)).toBe(
      `Referrer: No Referrer | IP: 203.0.113.9 | Country: GB | Platform: Windows | User agent: ${agent}`,
    )
    const withReferrer = visitorContext(headers({ 'sec-ch-ua-platform': '"macOS"' }), '::ffff:198.51.100.4', 'https://www.google.com/')
    expect(hiddenFieldString(withReferrer)).toBe(
      'Referrer: https://www.google.com/ | IP: 198.51.100.4 | Country: Unknown | Platform: macOS | User agent: Unknown',
    )
  })

  it('prefers the CDN headers and ignores junk', () => {
    expect(visitorIp(headers({ 'x-nf-client-connection-ip': '192.0.2.1', 'x-forwarded-for': '203.0.113.9' }), null)).toBe('192.0.2.1')
    expect(visitorIp(headers({ 'x-forwarded-for': '<script>' }), null)).toBe('')
    expect(visitorCountry(headers({ 'x-nf-geo': btoa(JSON.stringify({ country: { code: 'DE' } })) }))).toBe('DE')
    expect(visitorCountry(headers({ 'cf-ipcountry': 'XX', 'x-nf-geo': 'not base64!' }))).toBe('')
    const hostile = hiddenFieldString({ referrer: 'a|b\nc', ip: '', country: '', platform: '', userAgent: 'x'.repeat(5000) })
    expect(hostile).toMatch(/^Referrer: a b c \| IP: Unknown/)
    expect(hostile.length).toBeLessThan(700)
  })
})
