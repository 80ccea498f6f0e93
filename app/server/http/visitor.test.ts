import { describe, expect, it } from 'vitest'
import { countryDatabaseFile, openCountryDatabase } from './geo-country.server'
import { clientFrom, hiddenFieldString, visitorContext, withCountry, type TrustProxy } from './visitor.server'

const headers = (map: Record<string, string>) => (name: string) => map[name]

/** Every header a visitor could send to pose as someone else. */
const spoofed = {
  'x-forwarded-for': '203.0.113.66, 198.51.100.77',
  'x-forwarded-proto': 'https',
  'x-real-ip': '203.0.113.67',
  'cf-connecting-ip': '203.0.113.68',
  'cf-ipcountry': 'FR',
  'x-nf-client-connection-ip': '203.0.113.69',
  'x-country': 'IT',
  'x-vercel-forwarded-for': '203.0.113.70',
  'x-vercel-ip-country': 'ES',
  'x-nf-geo': btoa(JSON.stringify({ country: { code: 'PT' } })),
}

describe('the client by TRUST_PROXY', () => {
  it('none (the default): the socket alone; no proxy header is believed', () => {
    expect(clientFrom('none', headers(spoofed), '::ffff:192.0.2.10', 'http:')).toEqual({ ip: '192.0.2.10', country: '', protocol: 'http' })
    expect(clientFrom('none', headers({}), '192.0.2.10', 'https:').protocol).toBe('https')
  })

  it('each CDN: its own headers only', () => {
    const cases: Array<[TrustProxy, string, string]> = [
      ['netlify', '203.0.113.69', 'IT'],
      ['vercel', '203.0.113.67', 'ES'],
      ['cloudflare', '203.0.113.68', 'FR'],
    ]
    for (const [trust, ip, country] of cases) {
      expect(clientFrom(trust, headers(spoofed), '10.0.0.1', 'http:'), String(trust)).toEqual({ ip, country, protocol: 'https' })
    }
    expect(clientFrom('netlify', headers({ 'x-nf-geo': spoofed['x-nf-geo'] }), '10.0.0.1', 'http:').country).toBe('PT')
    expect(clientFrom('vercel', headers({ 'x-vercel-forwarded-for': '203.0.113.70' }), '10.0.0.1', 'http:').ip).toBe('203.0.113.70')
    // The CDN's header missing: the socket, never another vendor's header.
    expect(clientFrom('cloudflare', headers({ 'x-forwarded-for': '203.0.113.66' }), '10.0.0.1', 'http:').ip).toBe('10.0.0.1')
  })

  it('a hop count N: the Nth X-Forwarded-For entry from the right, so a prepended fake is ignored', () => {
    const chain = headers({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.0.0.2', 'x-forwarded-proto': 'https' })
    expect(clientFrom(1, chain, '10.0.0.3', 'http:').ip).toBe('10.0.0.2')
    expect(clientFrom(2, chain, '10.0.0.3', 'http:')).toEqual({ ip: '203.0.113.9', country: '', protocol: 'https' })
    expect(clientFrom(5, chain, '10.0.0.3', 'http:').ip).toBe('6.6.6.6')
    expect(clientFrom(1, headers({}), '10.0.0.3', 'http:').ip).toBe('10.0.0.3')
  })

  it('ignores junk in any header', () => {
    expect(clientFrom('cloudflare', headers({ 'cf-connecting-ip': '<script>', 'cf-ipcountry': 'XX' }), null, 'http:')).toEqual({
      ip: '',
      country: '',
      protocol: 'http',
    })
    expect(clientFrom(1, headers({ 'x-forwarded-for': 'not an ip', 'x-forwarded-proto': 'gopher' }), null, 'http:')).toEqual({
      ip: '',
      country: '',
      protocol: 'http',
    })
  })
})

describe('the hidden-field string', () => {
  it('has referrer (or No Referrer), IP, country code, platform and user agent', () => {
    const agent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0'
    const client = clientFrom('cloudflare', headers({ 'cf-connecting-ip': '203.0.113.9', 'cf-ipcountry': 'gb' }), '127.0.0.1', 'http:')
    const visitor = visitorContext(headers({ 'user-agent': agent }), client, '')
    expect(hiddenFieldString(visitor)).toBe(
      `Referrer: No Referrer | IP: 203.0.113.9 | Country: GB | Platform: Windows | User agent: ${agent}`,
    )
    const withReferrer = visitorContext(
      headers({ 'sec-ch-ua-platform': '"macOS"' }),
      clientFrom('none', headers({}), '::ffff:198.51.100.4', 'http:'),
      'https://www.google.com/',
    )
    expect(hiddenFieldString(withReferrer)).toBe(
      'Referrer: https://www.google.com/ | IP: 198.51.100.4 | Country: Unknown | Platform: macOS | User agent: Unknown',
    )
  })

  it('keeps each part bounded and free of separators', () => {
    const hostile = hiddenFieldString({ referrer: 'a|b\nc', ip: '', country: '', platform: '', userAgent: 'x'.repeat(5000) })
    expect(hostile).toMatch(/^Referrer: a b c \| IP: Unknown/)
    expect(hostile.length).toBeLessThan(700)
  })
})

describe('the country (requirements §10.4)', () => {
  const database = openCountryDatabase(countryDatabaseFile(undefined))
  const lookup = async (ip: string) => (await database)(ip)
  const agent = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' }

  it('comes from the database for the address TRUST_PROXY believes, on a plain server', async () => {
    const client = clientFrom(
      1,
      headers({ ...agent, 'x-forwarded-for': '203.0.113.66, 193.0.6.139', 'cf-ipcountry': 'FR' }),
      '127.0.0.1',
      'http:',
    )
    const visitor = await withCountry(visitorContext(headers(agent), client, ''), lookup)
    expect(visitor).toMatchObject({ ip: '193.0.6.139', country: 'NL' })
    expect(hiddenFieldString(visitor)).toContain('| IP: 193.0.6.139 | Country: NL |')
  })

  it("is the platform's header when TRUST_PROXY names the platform that sent it", async () => {
    const client = clientFrom('cloudflare', headers({ 'cf-connecting-ip': '193.0.6.139', 'cf-ipcountry': 'DE' }), '127.0.0.1', 'https:')
    const asked: string[] = []
    const visitor = await withCountry(visitorContext(headers({}), client, ''), async (ip) => {
      asked.push(ip)
      return lookup(ip)
    })
    expect(visitor.country).toBe('DE')
    expect(asked).toEqual([])
  })

  it('falls back to the database when the trusted platform sent no country, and stays Unknown without one', async () => {
    const client = clientFrom('cloudflare', headers({ 'cf-connecting-ip': '202.12.29.205' }), '127.0.0.1', 'https:')
    expect((await withCountry(visitorContext(headers({}), client, ''), lookup)).country).toBe('AU')
    const documentation = clientFrom('none', headers({}), '203.0.113.9', 'http:')
    const unknown = await withCountry(visitorContext(headers({}), documentation, ''), lookup)
    expect(hiddenFieldString(unknown)).toContain('| Country: Unknown |')
  })
})
